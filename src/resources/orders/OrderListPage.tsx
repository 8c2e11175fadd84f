import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { orderActivation, type Order, type OrderFilter } from '../../../domain/orders';
import { useFormatNumber } from '../../i18n/formatMoney';
import { CompactRows, SchemaList } from '../../components/schema';
import { PageHeading } from '../../components/PageHeading';
import { formatDate } from '../../i18n/dates';
import { OrderActivationField, OrderNumberLink, OrderStateBadge, ShippingTypeText, orderCards } from './OrderFields';
import { OrderTypeDialog } from './OrderTypeDialog';
import { ORDERS, type OrderViewConfig } from './orderViews';
import { useOrderExport } from './useOrderExport';

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
  const render = useColumnRender();
  return (
    <>
      <PageHeading title={translate(config.listTitle)} />
      <SchemaList
        fields={config.fields}
        resource={config.resource}
        actions={<ListActions config={config} />}
        count
        countMore
        render={render}
        compact={
          // a phone row: number (the link), state and total; then the day, company, activation and cards
          <CompactRows<Order>
            fields={config.fields}
            label="orderScreens.list.rows"
            line={() => (
              <>
                <OrderNumberLink resource={config.resource} />
                <OrderStateBadge />
              </>
            )}
            end={(_order, text) => text('totalCents')}
            secondary={(order, text) => (
              <>
                {formatDate(order.createdAt)} · {order[config.company]} · {translate(`orderScreens.activation.${orderActivation(order)}`)} · {translate('orderScreens.fields.cards')}: {text('cards', orderCards(order))}
              </>
            )}
          />
        }
        disableSyncWithLocation={false}
      />
    </>
  );
}
