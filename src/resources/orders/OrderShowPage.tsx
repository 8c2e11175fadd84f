import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { ShowBase, useCreatePath, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { ORDER_BUSY_STATES, type OrderDetail } from '../../../domain/orders';
import { BackLink, RecordLoadError } from '../../components/schema';
import { PageHeading } from '../../components/PageHeading';
import { OrderActions } from './OrderActions';
import { OrderCards } from './OrderCards';
import { OrderStateBadge } from './OrderFields';
import { OrderConfigurationSection, OrderDetailsSection, OrderProductsSection, OrderTrackingSection } from './OrderSections';
import type { OrderViewConfig } from './orderViews';

/** While a job works on the order (issue, cancel), the page asks again every 2 s. */
export const ORDER_POLL_MS = 2000;
const isBusy = (order: OrderDetail | undefined) => Boolean(order && ORDER_BUSY_STATES.includes(order.state));

function OrderContent({ config }: { config: OrderViewConfig }) {
  const translate = useTranslate();
  const { isPending, error, refetch } = useShowContext<OrderDetail>();
  const order = useRecordContext<OrderDetail>();
  if (error && !order) return <RecordLoadError error={error} refetch={refetch} title="orderScreens.detail.notFoundTitle" message="orderScreens.detail.notFound" heading={false} />;
  // a record taken from the list (react-admin seeds the page's query with it) has no items yet
  if (isPending || !order?.items) return <CircularProgress />;
  const reason = order.errorCode ? translate(`errors.codes.${order.errorCode}`, { _: translate('errors.generic') }) : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace' }}>
            {order.number}
          </Typography>
          <span data-testid="order-state">
            <OrderStateBadge state={order.state} />
          </span>
        </Box>
        {isBusy(order) && (
          <Alert severity="info" role="status" icon={<CircularProgress size={18} />} sx={{ mb: 2 }}>
            {translate('orderScreens.detail.busy')}
          </Alert>
        )}
        {reason && !isBusy(order) && (
          <Alert severity={order.state === 'ERROR' ? 'error' : 'warning'} sx={{ mb: 2 }}>
            {translate('orderScreens.detail.failed', { reason })}
          </Alert>
        )}
        <OrderActions order={order} config={config} />
      </Paper>
      <OrderDetailsSection order={order} />
      <OrderConfigurationSection order={order} />
      <OrderProductsSection order={order} />
      <OrderTrackingSection order={order} />
      <OrderCards order={order} config={config} />
    </Box>
  );
}

/**
 * An order's page (SPEC §2 `/privative-orders/orders/{id}`, `…/acquired-orders/{id}`): details,
 * configuration, products, tracking, the order's gift cards and the actions the transition table
 * allows. While the order is being processed (ORDER_BUSY_STATES) the page polls, so a confirmed
 * order visibly becomes "issued". An id that names no visible order says so.
 */
export function OrderShowPage({ config }: { config: OrderViewConfig }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <BackLink to={`${createPath({ resource: config.resource, type: 'list' })}/list`} label={config.back} />
      <PageHeading title={translate(config.detailTitle)} />
      <ShowBase<OrderDetail>
        resource={config.resource}
        queryOptions={{
          onError: () => undefined,
          refetchInterval: (query) => (isBusy(query.state.data as OrderDetail | undefined) ? ORDER_POLL_MS : false),
        }}
      >
        <OrderContent config={config} />
      </ShowBase>
    </Box>
  );
}
