import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, CircularProgress, Tab, Tabs } from '@mui/material';
import { useCallback } from 'react';
import { useCanAccess, useDataProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { IntegratedOrderFilter } from '../../../domain/integratedOrders';
import type { Order, OrderFilter } from '../../../domain/orders';
import { orderFields } from '../../../domain/schemas/order';
import { integratedOrderFields } from '../../../domain/schemas/integratedOrders';
import { datedFileName, useCsvDownload, type CsvFormat } from '../../components/csvDownload';
import { useFormatNumber } from '../../i18n/formatMoney';
import { PageHeading } from '../../components/PageHeading';
import { SchemaList } from '../../components/schema';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { OrderActivationField, OrderStateBadge, ShippingTypeText, orderCards } from '../orders/OrderFields';
import { PLACED } from '../orders/orderViews';
import { useOrderExport } from '../orders/useOrderExport';

const INTEGRATED_ORDERS = 'privative-orders/integrated-orders';
const TABS = ['bulk', 'integrated'] as const;
type HistoryTab = (typeof TABS)[number];

/** The CSV button of a tab, for who may export its resource; it sends the filters in force. */
function DownloadButton<F>({ resource, download, busy }: { resource: string; download: (filter: F) => Promise<void>; busy: boolean }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'export' });
  const { filterValues } = useListContext();
  if (!canAccess) return null;
  return (
    <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} disabled={busy} onClick={() => void download(filterValues as F)}>
      {translate('orderHistory.download')}
    </Button>
  );
}

function BulkDownload() {
  const { download, busy } = useOrderExport(PLACED);
  return <DownloadButton<OrderFilter> resource={PLACED.resource} download={download} busy={busy} />;
}

function IntegratedDownload() {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const fetchCsv = useCallback((filter: IntegratedOrderFilter, format: CsvFormat) => dataProvider.exportIntegratedOrders(filter, format), [dataProvider]);
  const { download, busy } = useCsvDownload(fetchCsv, () => datedFileName('integrated-orders'), 'orderHistory.downloadError');
  return <DownloadButton<IntegratedOrderFilter> resource={INTEGRATED_ORDERS} download={download} busy={busy} />;
}

/**
 * The bulk tab: the B2B orders (`privative-orders/orders`, the existing list API and export), the
 * order list's columns and filters; a row opens the B2B order's page. Its filters are kept under a
 * key of its own, apart from the orders list's and the integrated tab's.
 */
function BulkOrders() {
  const formatNumber = useFormatNumber();
  return (
    <SchemaList
      fields={orderFields}
      storeKey="orderHistory.bulk"
      actions={<BulkDownload />}
      count
      countMore
      render={{
        shippingType: () => <ShippingTypeText />,
        state: () => <OrderStateBadge />,
        activated: () => <OrderActivationField />,
        cards: (record: RaRecord) => formatNumber(orderCards(record as Order)),
      }}
    />
  );
}

/** The integrated tab: orders posted by web shops (`privative-orders/integrated-orders`); a row opens the integrated order's page. */
function IntegratedOrders() {
  return <SchemaList fields={integratedOrderFields} storeKey="orderHistory.integrated" actions={<IntegratedDownload />} count countMore />;
}

/**
 * /privative-orders/history: the order history of SPEC §2, bulk and integrated, one tab each with
 * its filters (days, state, product, number), count, load more and CSV. The tab lives in the URL
 * (`?tab=integrated`), so a reload, a link or a language change keeps it.
 */
export default function OrderHistory() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: HistoryTab = params.get('tab') === 'integrated' ? 'integrated' : 'bulk';
  const setTab = (value: HistoryTab) => setParams(value === 'bulk' ? {} : { tab: value }, { replace: true });
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeading title={translate('screens.orderHistory')} />
      <Tabs value={tab} onChange={(_event, value: HistoryTab) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((key) => (
          <Tab key={key} value={key} label={translate(`orderHistory.tabs.${key}`)} id={`order-history-tab-${key}`} aria-controls={`order-history-panel-${key}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`order-history-panel-${tab}`} aria-labelledby={`order-history-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 'bulk' ? <BulkOrders /> : <IntegratedOrders />}
      </Box>
    </Box>
  );
}
