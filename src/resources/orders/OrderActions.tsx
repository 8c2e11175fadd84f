import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useCreatePath, useDataProvider, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { orderConfirmRefusal, type OrderCodeFormat, type OrderDetail, type OrderRecordAction } from '../../../domain/orders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { newIdempotencyKey } from '../../components/idempotencyKey';
import { saveBlob } from '../../components/saveBlob';
import { useBusyRun } from '../../components/useBusyRun';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { OrderExpiryDialog } from './OrderExpiryDialog';
import { OrderTrackingDialog } from './OrderTrackingDialog';
import { browserTimeZone, exportLanguageOf } from '../../components/csvDownload';
import type { OrderViewConfig } from './orderViews';
import { resumePath } from './wizard/paths';
import { forgetDraft } from './wizard/wizardRun';

const spinner = (on: boolean) => (on ? <CircularProgress size={16} color="inherit" /> : undefined);

type Confirmed = 'confirm' | 'activate' | 'cancel' | 'delete' | 'delivered' | 'retry';
const CONFIRMED: readonly OrderRecordAction[] = ['confirm', 'activate', 'cancel', 'delete', 'delivered', 'retry'];

/**
 * The order's actions (SPEC §2): exactly the record's `actions`, which the server computes for its
 * caller (domain `orderRecordActions`: the transition table for this state and caller, the confirm
 * refusal, the view and the access table); the page decides none of them itself. `continue` takes
 * a draft into the wizard. Cancel, activate and confirm carry an Idempotency-Key (one per opened
 * dialog, so a retry after a lost answer does not act twice). Each answers with SPEC §8's success
 * text or the error catalogue's text for the refusal's code.
 */
export function OrderActions({ order, config }: { order: OrderDetail; config: OrderViewConfig }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { actions } = order;
  const [open, setOpen] = useState<{ action: OrderRecordAction; key: string } | null>(null);
  const { busy, run: runBusy } = useBusyRun<OrderRecordAction>();
  const [format, setFormat] = useState<OrderCodeFormat>('csv');
  const run = (action: OrderRecordAction, work: () => Promise<unknown>, done?: string) => runBusy(work, { key: action, done, failure: 'messages.unableToPerformAction' });

  const confirmed = async (action: Confirmed, key: string) => {
    const id = order.id;
    const calls: Record<Confirmed, [() => Promise<unknown>, string]> = {
      confirm: [() => dataProvider.confirmOrder(id, key), 'success.orderConfirmed'],
      activate: [() => dataProvider.activateOrder(id, key), 'success.orderActivated'],
      cancel: [() => dataProvider.cancelOrder(id, key), 'orderScreens.success.cancelRequested'],
      delete: [() => dataProvider.delete(config.resource, { id, previousData: order }), 'success.orderDeleted'],
      delivered: [() => dataProvider.markOrderDelivered(config.view, id), config.view === 'placed' ? 'orderScreens.success.delivered' : 'orderScreens.success.received'],
      retry: [() => dataProvider.retryOrder(id), 'orderScreens.success.retried'],
    };
    const [work, success] = calls[action];
    // the dialog stays open on failure: Retry reuses its Idempotency-Key
    if (!(await run(action, work, success))) return;
    setOpen(null);
    if (action === 'delete') {
      forgetDraft(id);
      navigate(`${createPath({ resource: config.resource, type: 'list' })}/list`);
    } else refresh();
  };

  /** The codes as a CSV in the user's language, or as the PDF of print-ready card fronts. */
  const download = (codes: OrderCodeFormat) => {
    setFormat(codes);
    void run('downloadCodes', async () => saveBlob(await dataProvider.orderCodes(config.view, order.id, { format: codes, language: exportLanguageOf(locale), timeZone: browserTimeZone() }), `${order.number}-codes.${codes}`));
  };

  const direct = (action: OrderRecordAction) => {
    if (action === 'downloadCodes') download('csv');
    else if (action === 'resendConfirmation') {
      void run(action, async () => {
        const { emails } = await dataProvider.resendOrderConfirmation(order.id);
        notify('orderScreens.success.confirmationResent', { type: 'success', messageArgs: { smart_count: emails } });
      });
    } else setOpen({ action, key: newIdempotencyKey() });
  };

  if (actions.length === 0) return null;
  // a draft that cannot be confirmed yet says what it lacks (the code's own text) and continues in the wizard
  const missing = actions.includes('continue') ? orderConfirmRefusal(order, order.items.length) : null;
  const label = (action: OrderRecordAction) => translate(`orderScreens.actions.${action === 'downloadCodes' ? 'downloadCsv' : action === 'delivered' && config.view === 'acquired' ? 'received' : action}`);
  const primary: readonly OrderRecordAction[] = ['confirm', 'activate'];
  const dialogAction = open && CONFIRMED.includes(open.action) ? (open.action as Confirmed) : null;
  const confirmTitle = dialogAction === 'delivered' && config.view === 'acquired' ? 'receivedTitle' : `${dialogAction}Title`;
  const confirmText = dialogAction === 'delivered' ? 'deliveredText' : `${dialogAction}Text`;
  return (
    <Box component="section" aria-label={translate('orderScreens.detail.actions')}>
      {missing && (
        <Alert severity="info" role="status" sx={{ mb: 2 }} data-testid="draft-missing">
          {translate(`errors.codes.${missing}`)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {actions.flatMap((action) => [
          action === 'continue' ? (
            <Button key={action} component={Link} to={resumePath(order)} variant={missing ? 'contained' : 'outlined'}>
              {label(action)}
            </Button>
          ) : (
            <Button
              key={action}
              variant={primary.includes(action) ? 'contained' : 'outlined'}
              color={action === 'cancel' || action === 'delete' ? 'error' : 'primary'}
              disabled={busy !== null}
              startIcon={spinner(busy === action && !open && (action !== 'downloadCodes' || format === 'csv'))}
              onClick={() => direct(action)}
            >
              {label(action)}
            </Button>
          ),
          // the codes come as a CSV or as the PDF of print-ready card fronts
          action === 'downloadCodes' && (
            <Button key="downloadCodesPdf" variant="outlined" disabled={busy !== null} startIcon={spinner(busy === 'downloadCodes' && format === 'pdf')} onClick={() => download('pdf')}>
              {translate('orderScreens.actions.downloadPdf')}
            </Button>
          ),
        ])}
      </Box>
      {dialogAction && open && (
        <ConfirmDialog
          open
          title={translate(`orderScreens.confirm.${confirmTitle}`, { number: order.number })}
          confirmLabel={label(dialogAction)}
          dismissLabelKey={dialogAction === 'cancel' ? 'orderScreens.actions.keep' : 'ra.action.cancel'}
          busy={busy === dialogAction}
          onConfirm={() => void confirmed(dialogAction, open.key)}
          onClose={() => setOpen(null)}
        >
          <Typography>{translate(`orderScreens.confirm.${confirmText}`, { number: order.number, smart_count: order.physicalCards + order.digitalCards })}</Typography>
        </ConfirmDialog>
      )}
      {open?.action === 'editExpiry' && <OrderExpiryDialog order={order} onClose={() => setOpen(null)} onDone={refresh} />}
      {open?.action === 'tracking' && <OrderTrackingDialog order={order} onClose={() => setOpen(null)} onDone={refresh} />}
    </Box>
  );
}
