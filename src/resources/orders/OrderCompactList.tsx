import { Box, List, ListItem, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import type { Order } from '../../../domain/orders';
import { useFormatNumber } from '../../components/formatMoney';
import { useFormatCents } from '../../components/MoneyField';
import { formatDate } from '../../i18n/dates';
import { OrderActivationField, OrderNumberLink, OrderStateBadge, orderCards } from './OrderFields';
import type { OrderViewConfig } from './orderViews';

/**
 * The order list on a phone (react-admin's SimpleList pattern): number (the link), state and
 * total on the first line; date, company, activation and cards on the second. No table, so
 * nothing widens the page.
 */
export function OrderCompactList({ config }: { config: OrderViewConfig }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const formatNumber = useFormatNumber();
  const { data } = useListContext<Order>();
  if (!data?.length) return null;
  return (
    <List disablePadding aria-label={translate('orderScreens.list.rows')}>
      {data.map((order) => (
        <RecordContextProvider key={order.id} value={order}>
          <ListItem divider sx={{ display: 'block', py: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <OrderNumberLink resource={config.resource} />
              <OrderStateBadge />
              <Typography component="span" sx={{ ml: 'auto', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatCents(order.totalCents)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {formatDate(order.createdAt)} · {order[config.company]} · <OrderActivationField /> · {translate('orderScreens.fields.cards')}: {formatNumber(orderCards(order))}
            </Typography>
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
}
