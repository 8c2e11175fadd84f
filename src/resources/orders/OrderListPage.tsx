import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CircularProgress, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { InfiniteListBase, useCanAccess, useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { Order, OrderFilter } from '../../../domain/orders';
import { ListLoadError } from '../../components/ListLoadError';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { useFormatNumber } from '../../components/formatMoney';
import { SchemaDataTable } from '../../components/schema';
import { useEditLink } from '../../components/schema/SchemaRecordLink';
import { PageHeading } from '../../components/PageHeading';
import { ResponsiveListFilters } from '../../components/ResponsiveListFilters';
import { OrderCompactList } from './OrderCompactList';
import { OrderActivationField, OrderStateBadge, ShippingTypeText, orderCards } from './OrderFields';
import { OrderFilterChips } from './OrderFilterChips';
import { OrderFilterForm } from './OrderFilterForm';
import { OrderTypeDialog } from './OrderTypeDialog';
import { ORDERS, type OrderViewConfig } from './orderViews';
import { useOrderExport } from './useOrderExport';

const PAGE_SIZE = 25;

function OrderCount() {
  const translate = useTranslate();
  const { total, data, hasNextPage, isPending, error } = useListContext<Order>();
  if (isPending || error || !data?.length) return null;
  const text = total != null && total >= 0 && !hasNextPage ? translate('orderScreens.list.count', { smart_count: total }) : translate('orderScreens.list.countMore', { smart_count: data.length });
  return (
    <Typography variant="body2" color="text.secondary" role="status">
      {text}
    </Typography>
  );
}

function ListActions({ config }: { config: OrderViewConfig }) {
  const translate = useTranslate();
  const { canAccess: canExport } = useCanAccess({ resource: config.resource, action: 'export' });
  const { canAccess: canCreate } = useCanAccess({ resource: ORDERS, action: 'create' });
  const { filterValues } = useListContext();
  const { download, busy } = useOrderExport(config);
  const [adding, setAdding] = useState(false);
  return (
    <Box sx={{ display: 'flex', gap: 1, ml: 'auto', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      {canExport && (
        <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} disabled={busy} onClick={() => void download(filterValues as OrderFilter)}>
          {translate('orderScreens.list.download')}
        </Button>
      )}
      {config.view === 'placed' && canCreate && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {translate('orderScreens.list.add')}
        </Button>
      )}
      {adding && <OrderTypeDialog onClose={() => setAdding(false)} />}
    </Box>
  );
}

function Rows({ config }: { config: OrderViewConfig }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const link = useEditLink(config.resource);
  const render = useColumnRender();
  const { error, data } = useListContext<Order>();
  if (error && !data?.length) return <ListLoadError />;
  const empty = (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate('orderScreens.list.empty')}
    </Typography>
  );
  if (phone) return <Card variant="outlined">{data?.length === 0 ? empty : <OrderCompactList config={config} />}</Card>;
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <SchemaDataTable fields={config.fields} link={link} empty={empty} render={render} />
    </Card>
  );
}

/** How the order columns show what the declaration alone cannot (the badge, a sum). */
function useColumnRender() {
  const formatNumber = useFormatNumber();
  return {
    shippingType: () => <ShippingTypeText />,
    state: () => <OrderStateBadge />,
    activated: () => <OrderActivationField />,
    cards: (record: RaRecord) => formatNumber(orderCards(record as Order)),
  };
}

/**
 * The gift-card order lists of SPEC §2 (`/privative-orders/orders/list`, `…/acquired-orders/list`):
 * filters, count, columns from `domain/schemas/order.ts` (the number links to the order), load
 * more, the CSV download and, for placed orders, "add order". Phones: compact rows and the
 * filters behind a button with the applied ones as chips.
 */
export function OrderListPage({ config }: { config: OrderViewConfig }) {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate(config.listTitle)} />
      <InfiniteListBase<Order> resource={config.resource} perPage={PAGE_SIZE} sort={{ field: 'createdAt', order: 'DESC' }} queryOptions={{ onError: () => undefined }}>
        <ResponsiveListFilters form={<OrderFilterForm />} chips={<OrderFilterChips />} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <OrderCount />
          <ListActions config={config} />
        </Box>
        <Rows config={config} />
        <LoadMoreButton label={translate('orderScreens.list.loadMore')} />
      </InfiniteListBase>
    </>
  );
}
