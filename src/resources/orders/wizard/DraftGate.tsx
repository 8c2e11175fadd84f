import { Alert, Button, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { OrderDetail } from '../../../../domain/orders';
import { BackLink, RecordLoadError } from '../../../components/schema';
import { PageHeading } from '../../../components/PageHeading';
import { ORDERS, wizardPaths } from './paths';

/** The draft of the URL's `{id}` (the wizard saves it at every step, so any tab resumes it). */
export function useDraft(id: string | undefined) {
  return useGetOne<OrderDetail>(ORDERS, { id: id ?? '' }, { enabled: Boolean(id) });
}

/**
 * Renders the step for the draft once it is loaded; an unknown id says so, a failed load offers a
 * retry, and an order no longer in draft (confirmed in another tab) links to its page.
 */
export function DraftGate({ id, fallbackTitle, children }: { id: string | undefined; fallbackTitle: string; children: (order: OrderDetail) => ReactNode }) {
  const translate = useTranslate();
  const { data: order, isPending, error, refetch } = useDraft(id);
  const page = (content: ReactNode) => (
    <>
      <BackLink to={wizardPaths.list()} label="orderWizard.backToList" />
      <PageHeading title={fallbackTitle} />
      {content}
    </>
  );
  if (error) return page(<RecordLoadError error={error} refetch={refetch} title="orderScreens.detail.notFoundTitle" message="orderScreens.detail.notFound" heading={false} />);
  if (isPending || !order) return page(<CircularProgress aria-label={translate('ra.page.loading')} />);
  if (order.state !== 'NEW') {
    return page(
      <Alert
        severity="info"
        role="status"
        action={
          <Button component={Link} to={wizardPaths.detail(order.id)} color="inherit" size="small">
            {translate('orderWizard.notDraft.open')}
          </Button>
        }
      >
        {translate('orderWizard.notDraft.message', { number: order.number })}
      </Alert>,
    );
  }
  return <>{children(order)}</>;
}
