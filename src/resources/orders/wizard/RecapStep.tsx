import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useCanAccess, useDataProvider, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isOrderConfigured, orderConfirmRefusal, type OrderDetail, type OrderItem } from '../../../../domain/orders';
import { ConfirmActionButton } from '../../../components/ConfirmActionButton';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { createIdempotencyKeys } from '../../../components/idempotencyKey';
import { useFormatCents } from '../../../components/MoneyField';
import { useBusyRun } from '../../../components/useBusyRun';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { DraftGate } from './DraftGate';
import { ItemRow } from './ItemRow';
import { ORDERS, wizardPaths } from './paths';
import { WizardPage } from './WizardPage';
import { forgetDraft } from './wizardRun';

function Section({ id, title, action, children }: { id: string; title: string; action: { to: string; label: string }; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id={`${id}-title`} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Button component={Link} to={action.to} variant="outlined" size="small">
          {translate(action.label)}
        </Button>
      </Box>
      {children}
    </Paper>
  );
}

function Totals({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const format = useFormatCents();
  const cards = order.physicalCards + order.digitalCards;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', pt: 2 }} data-testid="wizard-totals">
      <Typography>{translate('orderWizard.recap.cards', { smart_count: cards })}</Typography>
      <Typography sx={{ fontWeight: 700 }}>{translate('orderWizard.recap.total', { total: format(order.totalCents) })}</Typography>
    </Box>
  );
}

/** The configuration as saved, for the review. */
function ConfigurationSummary({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const f = (key: string) => translate(`orderScreens.fields.${key}`);
  const yes = (value: boolean) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  const rows: Array<[string, string]> = [
    [f('referent'), [order.referentName, order.referentEmail].filter(Boolean).join(' · ')],
    [f('companyOrderNumber'), order.companyOrderNumber ?? '—'],
    [f('validMonths'), translate('orderWizard.configuration.months', { smart_count: order.validMonths })],
    [f('sendEmailToCompanyContact'), yes(order.sendEmailToCompanyContact)],
    [f('autoActivate'), yes(order.autoActivate)],
    ...(order.shippingType !== 'DIGITAL' ? ([[f('shippingAddress'), order.shippingAddress ?? '—']] as Array<[string, string]>) : []),
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, auto) 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 1 }, alignItems: 'baseline', m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Recap({ order, review }: { order: OrderDetail; review: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const confirmKeys = useMemo(() => createIdempotencyKeys(), []);
  const [removing, setRemoving] = useState<OrderItem | null>(null);
  const { busy, run } = useBusyRun();
  const { canAccess: mayDelete } = useCanAccess({ resource: ORDERS, action: 'delete' });
  const { canAccess: mayConfirm } = useCanAccess({ resource: ORDERS, action: 'confirm' });
  const configured = isOrderConfigured(order);
  const confirmable = orderConfirmRefusal(order, order.items.length) === null;
  const empty = order.items.length === 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: [ORDERS] });
  const removeItem = async () => {
    if (!(await run(() => dataProvider.removeOrderItem(order.id, removing!.id), { done: 'orderWizard.messages.itemRemoved' }))) return;
    setRemoving(null);
    await refresh();
  };

  const links = {
    catalog: wizardPaths.addCatalog(order.id, order.shippingType),
    summary: wizardPaths.recap(order.id),
    configuration: wizardPaths.configuration(order.id),
  };
  return (
    <WizardPage
      title={translate(review ? 'screens.orderReview' : 'screens.orderRecap')}
      step={review ? 'review' : 'summary'}
      links={links}
      back={review ? { to: wizardPaths.configuration(order.id), label: 'orderWizard.backToConfiguration' } : { to: wizardPaths.list(), label: 'orderWizard.backToList' }}
      about={order}
    >
      <Section id="wizard-items" title={translate('orderWizard.recap.products')} action={{ to: links.catalog, label: 'orderWizard.recap.addProduct' }}>
        {empty ? (
          <Alert severity="info" role="status">
            {translate('orderWizard.recap.empty')}
          </Alert>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby="wizard-items-title">
            {order.items.map((item) => (
              <ItemRow key={item.id} item={item} onRemove={setRemoving} />
            ))}
          </Box>
        )}
        <Totals order={order} />
      </Section>

      {review && (
        <Section id="wizard-configuration" title={translate('orderWizard.steps.configuration')} action={{ to: links.configuration, label: 'orderWizard.review.editConfiguration' }}>
          {configured ? (
            <ConfigurationSummary order={order} />
          ) : (
            <Alert severity="warning" role="alert">
              {translate('orderWizard.review.notConfigured')}
            </Alert>
          )}
        </Section>
      )}

      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' }}>
        {mayDelete ? (
          <ConfirmActionButton
            label="orderWizard.recap.deleteDraft"
            title={translate('orderWizard.recap.deleteTitle')}
            dismissLabelKey="orderWizard.keepDraft"
            button={{ color: 'error' }}
            run={() => dataProvider.deleteOrderDraft(order.id)}
            done="success.orderDeleted"
            onDone={() => {
              forgetDraft(order.id);
              navigate(wizardPaths.list());
              void refresh();
            }}
          >
            {translate('orderWizard.recap.deleteText', { number: order.number })}
          </ConfirmActionButton>
        ) : (
          <span />
        )}
        {review ? (
          <ConfirmActionButton
            label="orderWizard.review.confirm"
            title={translate('orderWizard.review.confirmTitle')}
            button={{ variant: 'contained', size: 'large', disabled: !confirmable || busy !== null || !mayConfirm }}
            run={() => dataProvider.confirmOrder(order.id, confirmKeys({ confirm: order.id }))}
            done="success.orderConfirmed"
            onDone={() => {
              navigate(wizardPaths.detail(order.id));
              void refresh();
            }}
          >
            {translate('orderWizard.review.confirmText', { number: order.number, smart_count: order.physicalCards + order.digitalCards })}
          </ConfirmActionButton>
        ) : (
          <Button component={Link} to={links.configuration} variant="contained" size="large" disabled={empty}>
            {translate('orderWizard.recap.toConfiguration')}
          </Button>
        )}
      </Box>

      <ConfirmDialog
        open={removing !== null}
        title={translate('orderWizard.recap.removeTitle')}
        confirmLabel={translate('orderWizard.recap.remove')}
        busy={busy !== null}
        onConfirm={() => void removeItem()}
        onClose={() => setRemoving(null)}
      >
        {translate('orderWizard.recap.removeText', { name: removing?.typologyName ?? '' })}
      </ConfirmDialog>
    </WizardPage>
  );
}

/** `{id}/recap`: the summary of the draft's products and totals; with `?step=review`, the review with the configuration and the confirm. */
export default function RecapStep() {
  const { id } = useParams();
  const translate = useTranslate();
  const [search] = useSearchParams();
  const review = search.get('step') === 'review';
  return (
    <DraftGate id={id} fallbackTitle={translate(review ? 'screens.orderReview' : 'screens.orderRecap')}>
      {(order) => <Recap order={order} review={review} />}
    </DraftGate>
  );
}
