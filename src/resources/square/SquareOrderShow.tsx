import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useRef } from 'react';
import { CanAccess, RecordContextProvider, ShowBase, useDataProvider, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { SQUARE_COMMUNICATION_STATES, SQUARE_ORDER_BUSY_STATES, SQUARE_ORDER_TONES, type SquareOrderAction, type SquareOrderState } from '../../../domain/square';
import { squareOrderCodeFields, squareOrderFields, type SquareOrder } from '../../../domain/schemas/square';
import { useCsvDownload } from '../../components/csvDownload';
import { FigureGrid } from '../../components/FigureGrid';
import { useFormat } from '../../i18n/formatMoney';
import { PageHeading } from '../../components/PageHeading';
import { ProgressBar } from '../../components/ProgressBar';
import { BackLink, RecordLoadError, SchemaList, SchemaShowFields } from '../../components/schema';
import { StatusBadge } from '../../components/StatusBadge';
import { useFocusAfterAction } from '../../components/useFocusAfterAction';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { SQUARE_ORDER_NEXT, SquareOrderActions } from './SquareOrderActions';
import { useSquareReason } from './squareTexts';

/**
 * While a job works on the order (reading the file, minting, activating, cancelling), or its
 * e-mails are still queued or being sent, the page asks again every 2 s. An e-mail waiting to be
 * retried (minutes to hours away) does not keep the page polling.
 */
export const SQUARE_ORDER_POLL_MS = 2000;
const isBusy = (order: SquareOrder | undefined) => Boolean(order && SQUARE_ORDER_BUSY_STATES.includes(order.status));
const isSending = (order: SquareOrder | undefined) => Boolean(order?.deliveries && (order.deliveries.QUEUED ?? 0) + (order.deliveries.SENDING ?? 0) > 0);
/** States in which the order has codes: their list and the reconciliation CSV mean something. */
const WITH_CODES: readonly SquareOrderState[] = ['NOT_ACTIVE', 'ACTIVATING', 'ACTIVE', 'CANCELLING', 'CANCELLED'];

function Reconciliation({ order }: { order: SquareOrder }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { download, busy } = useCsvDownload((_: null, format) => dataProvider.squareReconciliation(order.id, format), `${order.orderNumber}-reconciliation.csv`, 'messages.operationFailed');
  return (
    <CanAccess resource="square/orders" action="export">
      <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} disabled={busy} onClick={() => void download(null)}>
        {translate('square.detail.reconciliation')}
      </Button>
    </CanAccess>
  );
}

function OrderContent({ onActed }: { onActed: (action: SquareOrderAction) => void }) {
  const translate = useTranslate();
  const format = useFormat();
  const reason = useSquareReason();
  const { isPending, error, refetch } = useShowContext<SquareOrder>();
  const order = useRecordContext<SquareOrder>();
  if (error && !order) return <RecordLoadError error={error} refetch={refetch} title="square.detail.notFoundTitle" message="square.detail.notFound" heading={false} />;
  if (isPending || !order) return <CircularProgress />;
  const progress = order.progress;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace' }}>
            {order.orderNumber}
          </Typography>
          <span data-testid="square-order-status">
            <StatusBadge status={order.status} tone={SQUARE_ORDER_TONES[order.status]} label={translate(`square.orderStatus.${order.status}`)} />
          </span>
        </Box>
        {isBusy(order) && (
          <Alert severity="info" role="status" icon={<CircularProgress size={18} aria-hidden />} sx={{ mb: 2 }}>
            {translate('square.detail.busy')}
          </Alert>
        )}
        {progress && progress.total > 0 && (
          <ProgressBar
            testId="square-order-progress"
            label={translate('square.detail.progress')}
            percent={Math.min(100, (progress.done / progress.total) * 100)}
            count={translate('square.detail.progressCount', { done: format.number(progress.done), total: format.number(progress.total) })}
          />
        )}
        {order.failure && !isBusy(order) && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('square.detail.failed', { reason: reason({ code: order.failure }) })}
          </Alert>
        )}
        <SquareOrderActions order={order} onActed={onActed} />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <SchemaShowFields fields={squareOrderFields} record={order} />
      </Paper>
      {order.deliveries && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={translate('square.detail.deliveries')}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate('square.detail.deliveries')}
          </Typography>
          <FigureGrid figures={SQUARE_COMMUNICATION_STATES.map((state) => ({ label: translate(`square.communicationStatus.${state}`), value: format.number(order.deliveries?.[state] ?? 0) }))} />
        </Paper>
      )}
      {WITH_CODES.includes(order.status) && (
        <Box>
          <Reconciliation order={order} />
          <CanAccess resource="square/codes" action="list">
            {/* no record around the list's filters: they would read the order's own status and type as theirs */}
            <RecordContextProvider value={undefined}>
              {/* opened again when the order moves on (its codes minted, activated, deleted) */}
              <SchemaList key={order.status} fields={squareOrderCodeFields} resource="square/codes" within={{ orderId: order.id }} rowClick="edit" title="square.codes.ofOrder" empty="square.codes.orderEmpty" />
            </RecordContextProvider>
          </CanAccess>
        </Box>
      )}
    </Box>
  );
}

/**
 * An order's page (SPEC §2 `/square/orders/{orderId}`): its fields and state, the actions the
 * server lists for it, the job's progress while one runs (the page polls), the e-mails'
 * delivery counts once active, its codes and the reconciliation CSV.
 */
export default function SquareOrderShow() {
  const translate = useTranslate();
  // issue 43: after an action its button is gone; focus goes to the action that follows, else the heading
  const root = useRef<HTMLDivElement>(null);
  const { acted } = useFocusAfterAction<SquareOrderAction>(root, { controls: '[data-square-action]', prefer: (action, control) => SQUARE_ORDER_NEXT[action].includes(control.dataset.squareAction as SquareOrderAction), firstAsFallback: false, shown: true });
  return (
    <Box ref={root} sx={{ maxWidth: 1200, minWidth: 0 }}>
      <BackLink resource="square/orders" label="square.detail.back" />
      <PageHeading title={translate('screens.squareOrderDetail')} />
      <ShowBase<SquareOrder>
        resource="square/orders"
        queryOptions={{
          onError: () => undefined,
          refetchInterval: (query) => {
            const order = query.state.data as SquareOrder | undefined;
            return isBusy(order) || isSending(order) ? SQUARE_ORDER_POLL_MS : false;
          },
        }}
      >
        <OrderContent onActed={acted} />
      </ShowBase>
    </Box>
  );
}
