import { Link as MuiLink, Typography } from '@mui/material';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ORDER_STATE_TONES, orderActivation, orderStateKey, shippingTypeKey, type Order, type OrderState } from '../../../domain/orders';
import { StatusBadge } from '../../components/StatusBadge';

/** SPEC §4: the order's state by its display name, in its badge colour (domain/orders.ts). */
export function OrderStateBadge({ state }: { state?: OrderState }) {
  const translate = useTranslate();
  const order = useRecordContext<Order>();
  const value = state ?? order?.state;
  if (!value) return null;
  return <StatusBadge tone={ORDER_STATE_TONES[value]} status={value} label={translate(orderStateKey(value))} />;
}

/** SPEC §4: "activated", "to be activated" or (cancelled) "not activated", as words (not an icon a screen reader cannot name). */
export function OrderActivationField() {
  const translate = useTranslate();
  const order = useRecordContext<Order>();
  if (!order) return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {translate(`orderScreens.activation.${orderActivation(order)}`)}
    </Typography>
  );
}

export function ShippingTypeText() {
  const translate = useTranslate();
  const order = useRecordContext<Order>();
  return order ? <>{translate(shippingTypeKey(order.shippingType))}</> : null;
}

/** The order number: the link to the order's page (Tab + Enter; a row click goes there too). */
export function OrderNumberLink({ resource }: { resource: string }) {
  const createPath = useCreatePath();
  const order = useRecordContext<Order>();
  if (!order) return null;
  return (
    <MuiLink component={Link} to={createPath({ resource, type: 'edit', id: order.id })} onClick={(event) => event.stopPropagation()} underline="hover" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
      {order.number}
    </MuiLink>
  );
}

export const orderCards = (order: Pick<Order, 'physicalCards' | 'digitalCards'>) => order.physicalCards + order.digitalCards;
