import { Alert, Box, CircularProgress, Grid, Link as MuiLink, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { ShowBase, useCanAccess, useCreatePath, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { INTEGRATED_ORDER_STATE_TONES, type IntegratedOrderDetail, type IntegratedOrderItem, type IntegratedOrderState, type PinStatus } from '../../../domain/integratedOrders';
import { useFormatCents } from '../../components/MoneyField';
import { PageHeading } from '../../components/PageHeading';
import { BackLink, RecordLoadError } from '../../components/schema';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../i18n/dates';
import { ScrollRegion } from '../../components/ScrollRegion';

const INTEGRATED_ORDERS = 'privative-orders/integrated-orders';
const CARDS = 'privative/giftcards';
/** SPEC §3's item fields, in its order. */
const ITEM_COLUMNS = ['productName', 'externalItemId', 'denominationCents', 'serialNumber', 'priceCents', 'pinStatus', 'activationEmail'] as const;
const isMoney = (key: string) => key.endsWith('Cents');
/** amounts, serial numbers and chips stay on one line; names, ids and e-mails wrap where they must */
const UNBROKEN: readonly string[] = ['denominationCents', 'priceCents', 'serialNumber', 'pinStatus'];
const f = (key: string) => `orderHistory.fields.${key}`;
/** SPEC §3 "PIN status": sent is done, failed needs someone, pending is on its way. */
const PIN_TONES = { pending: 'yellow', sent: 'green', failed: 'red' } as const satisfies Record<PinStatus, string>;

export function IntegratedStateBadge({ state }: { state: IntegratedOrderState }) {
  const translate = useTranslate();
  return <StatusBadge tone={INTEGRATED_ORDER_STATE_TONES[state]} status={state} label={translate(`integratedOrders.states.${state}`)} />;
}

function PinStatusBadge({ status }: { status: PinStatus }) {
  const translate = useTranslate();
  return <StatusBadge tone={PIN_TONES[status]} status={status} label={translate(`integratedOrders.pinStatus.${status}`)} />;
}

function Detail({ label, value, testId, size = { xs: 12, sm: 6, md: 4 } }: { label: string; value: ReactNode; testId?: string; size?: Record<string, number> }) {
  const translate = useTranslate();
  return (
    <Grid size={size}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(f(label))}
      </Typography>
      <Typography component="div" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Typography>
    </Grid>
  );
}

/** The serial number: the card's page when the item has a card and the user may open cards. */
function SerialNumber({ item, canOpenCards }: { item: IntegratedOrderItem; canOpenCards: boolean }) {
  const createPath = useCreatePath();
  if (!item.serialNumber) return <>—</>;
  if (!item.giftCardId || !canOpenCards) return <Box component="span" sx={{ fontFamily: 'monospace' }}>{item.serialNumber}</Box>;
  return (
    <MuiLink component={Link} to={createPath({ resource: CARDS, type: 'edit', id: item.giftCardId })} underline="hover" sx={{ fontFamily: 'monospace' }}>
      {item.serialNumber}
    </MuiLink>
  );
}

/** SPEC §3's item fields: a table from tablets up, one block per item on phones (nothing wider than the screen). */
function Items({ order }: { order: IntegratedOrderDetail }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  // the items wait for the answer, so a serial number does not turn into a link under the user's eyes
  const { canAccess: canOpenCards = false, isPending: checking } = useCanAccess({ resource: CARDS, action: 'show' });
  const cell = (item: IntegratedOrderItem, key: (typeof ITEM_COLUMNS)[number]): ReactNode => {
    if (key === 'serialNumber') return <SerialNumber item={item} canOpenCards={canOpenCards} />;
    if (key === 'pinStatus') return <PinStatusBadge status={item.pinStatus} />;
    if (key === 'denominationCents' || key === 'priceCents') return formatCents(item[key]);
    return item[key];
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="integrated-order-items-title" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2" id="integrated-order-items-title" sx={{ mb: 2 }}>
        {translate('orderHistory.detail.items', { smart_count: order.items.length })}
      </Typography>
      {checking ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : phone ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }} aria-labelledby="integrated-order-items-title">
          {order.items.map((item) => (
            <Box component="li" key={item.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
              <Grid container spacing={1}>
                {ITEM_COLUMNS.map((key) => (
                  // two per line: a phone shows an item in a few lines, e-mails and products across
                  <Detail key={key} label={key} value={cell(item, key)} size={{ xs: key === 'activationEmail' || key === 'productName' ? 12 : 6 }} />
                ))}
              </Grid>
            </Box>
          ))}
        </Box>
      ) : (
        <ScrollRegion labelledBy="integrated-order-items-title">
          <Table size="small" aria-labelledby="integrated-order-items-title">
            <TableHead>
              <TableRow>
                {ITEM_COLUMNS.map((key) => (
                  <TableCell key={key} align={isMoney(key) ? 'right' : 'left'}>
                    {translate(f(key))}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {order.items.map((item) => (
                <TableRow key={item.id}>
                  {ITEM_COLUMNS.map((key) => (
                    <TableCell key={key} align={isMoney(key) ? 'right' : 'left'} sx={UNBROKEN.includes(key) ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
                      {cell(item, key)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}

function IntegratedOrderContent() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const { isPending, error, refetch } = useShowContext<IntegratedOrderDetail>();
  const order = useRecordContext<IntegratedOrderDetail>();
  if (error && !order) return <RecordLoadError error={error} refetch={refetch} title="orderHistory.detail.notFoundTitle" message="orderHistory.detail.notFound" heading={false} />;
  // a row of the history may stand in for the record until it arrives (react-admin seeds the page from lists): wait for the items
  if (isPending || !order || !Array.isArray(order.items)) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  const reason = order.errorCode ? translate(`errors.codes.${order.errorCode}`, { _: translate('errors.generic') }) : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Paper variant="outlined" component="section" aria-labelledby="integrated-order-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2" id="integrated-order-title" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {order.orderNumber}
          </Typography>
          <span data-testid="integrated-order-state">
            <IntegratedStateBadge state={order.state} />
          </span>
        </Box>
        {reason && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {reason}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Detail label="orderNumber" value={order.orderNumber} />
          {/* SPEC §3's date and hour: the shop's instant in the user's zone */}
          <Detail label="date" value={formatDate(order.orderedAt)} testId="integrated-order-date" />
          <Detail label="hour" value={dayjs(order.orderedAt).format('HH:mm')} testId="integrated-order-hour" />
          <Detail label="buyerEmail" value={order.buyerEmail} />
          <Detail label="totalCents" value={formatCents(order.totalCents)} testId="integrated-order-total" />
          <Detail label="apiKeyName" value={order.apiKeyName} />
          <Detail label="companyName" value={order.companyName} />
        </Grid>
      </Paper>
      <Items order={order} />
    </Box>
  );
}

/** /privative-orders/integrated-orders/{id}: an order a web shop posted, its details and items (SPEC §3). */
export default function IntegratedOrderShow() {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 1280, minWidth: 0 }}>
      <BackLink to="/privative-orders/history?tab=integrated" label="orderHistory.detail.back" />
      <PageHeading title={translate('screens.integratedOrderDetail')} />
      <ShowBase<IntegratedOrderDetail> resource={INTEGRATED_ORDERS} queryOptions={{ onError: () => undefined }}>
        <IntegratedOrderContent />
      </ShowBase>
    </Box>
  );
}
