import { Box, Grid, Link as MuiLink, Paper, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { orderActivation, orderCardsExpiry, type OrderDetail } from '../../../domain/orders';
import { formatIdRange, useFormatNumber } from '../../components/formatMoney';
import { useFormatCents } from '../../components/MoneyField';
import { formatDate, formatDateTime } from '../../i18n/dates';
import { OrderStateBadge, orderCards } from './OrderFields';

const f = (key: string) => `orderScreens.fields.${key}`;

export function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography component="div" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Typography>
    </Grid>
  );
}

/** A titled section of the order's page (its heading names the region for screen readers). */
export function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`order-${id}-title`} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" id={`order-${id}-title`} sx={{ flexGrow: 1 }}>
          {translate(title)}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

const yesNo = (translate: (key: string) => string, value: boolean) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false');

/**
 * When the order's cards expire, in words that fit its state: the date once it is known (an edited
 * day, or activated: `validMonths` after activation), before that how long they last.
 */
function OrderExpiryDetail({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const expiry = orderCardsExpiry(order);
  if (!expiry) {
    return (
      <Detail label={f('validity')} testId="order-expiry">
        {translate('orderScreens.expiry.fromActivation', { smart_count: order.validMonths })}
      </Detail>
    );
  }
  return (
    <Detail label={f('expireDate')} testId="order-expiry">
      {formatDate(order.expireDate ?? expiry)}
    </Detail>
  );
}

/** SPEC §3: number, dates, state, activation state, shipped by, companies. */
export function OrderDetailsSection({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  return (
    <Section id="details" title="orderScreens.detail.details">
      <Grid container spacing={2}>
        <Detail label={f('number')}>{order.number}</Detail>
        <Detail label={f('state')}>
          <OrderStateBadge state={order.state} />
        </Detail>
        <Detail label={f('activation')} testId="order-activation">
          {translate(`orderScreens.activation.${orderActivation(order)}`)}
          {order.activatedAt ? ` · ${formatDateTime(order.activatedAt)}` : ''}
        </Detail>
        <Detail label={f('createdAt')}>{formatDateTime(order.createdAt)}</Detail>
        <Detail label={f('confirmedAt')}>{order.confirmedAt && formatDateTime(order.confirmedAt)}</Detail>
        <OrderExpiryDetail order={order} />
        <Detail label={f('shippingType')}>{translate(`orders.shippingType.${order.shippingType}`)}</Detail>
        <Detail label={f('company')}>{order.companyName}</Detail>
        <Detail label={f('placedBy')}>{order.placedByCompanyName}</Detail>
        {order.cancelledAt && <Detail label={f('cancelledAt')}>{formatDateTime(order.cancelledAt)}</Detail>}
      </Grid>
    </Section>
  );
}

/** SPEC §3: referent, valid months, company order number, e-mail flag, auto-activate, address. */
export function OrderConfigurationSection({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const referent = [order.referentName, order.referentEmail].filter(Boolean).join(' · ');
  return (
    <Section id="configuration" title="orderScreens.detail.configuration">
      <Grid container spacing={2}>
        <Detail label={f('referent')}>{referent}</Detail>
        <Detail label={f('validMonths')}>{order.validMonths}</Detail>
        <Detail label={f('companyOrderNumber')}>{order.companyOrderNumber}</Detail>
        <Detail label={f('sendEmailToCompanyContact')}>{yesNo(translate, order.sendEmailToCompanyContact)}</Detail>
        <Detail label={f('autoActivate')}>{yesNo(translate, order.autoActivate)}</Detail>
        <Detail label={f('shippingAddress')}>{order.shippingAddress}</Detail>
      </Grid>
    </Section>
  );
}

/** SPEC §3: items (gift card, quantity, value, price), total, physical and digital cards. */
export function OrderProductsSection({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const formatNumber = useFormatNumber();
  const money = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Section id="products" title="orderScreens.detail.products">
      {order.items.length === 0 ? (
        <Typography color="text.secondary">{translate('orderScreens.detail.noItems')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <Table size="small" aria-labelledby="order-products-title">
            <TableHead>
              <TableRow>
                <TableCell>{translate(f('typology'))}</TableCell>
                <TableCell align="right">{translate(f('quantity'))}</TableCell>
                <TableCell align="right">{translate(f('value'))}</TableCell>
                <TableCell align="right">{translate(f('price'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>
                    {item.typologyName}
                    {(item.ranges?.length || item.namesListName) && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {item.ranges?.length ? `${translate(f('ranges'))}: ${item.ranges.map((r) => formatIdRange(r.from, r.to)).join(', ')}` : `${translate(f('recipients'))}: ${item.namesListName}`}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{formatNumber(item.quantity)}</TableCell>
                  <TableCell align="right" sx={money}>
                    {formatCents(item.valueCents)}
                  </TableCell>
                  <TableCell align="right" sx={money}>
                    {formatCents(item.priceCents)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter sx={{ '& td': { fontSize: '0.875rem', fontWeight: 600, color: 'text.primary' } }}>
              <TableRow>
                <TableCell>{translate(f('total'))}</TableCell>
                <TableCell align="right">
                  {formatNumber(orderCards(order))}
                </TableCell>
                <TableCell />
                <TableCell align="right" sx={money} data-testid="order-total">
                  {formatCents(order.totalCents)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </Box>
      )}
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Detail label={f('physicalCards')}>{formatNumber(order.physicalCards)}</Detail>
        <Detail label={f('digitalCards')}>{formatNumber(order.digitalCards)}</Detail>
      </Grid>
    </Section>
  );
}

/** Carrier, number and link of a third-party shipment, once set. */
export function OrderTrackingSection({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  if (!order.trackingCarrier && !order.trackingNumber) return null;
  return (
    <Section id="tracking" title="orderScreens.detail.tracking">
      <Grid container spacing={2}>
        <Detail label={f('carrier')}>{order.trackingCarrier}</Detail>
        <Detail label={f('trackingNumber')}>{order.trackingNumber}</Detail>
        <Detail label={f('trackingLink')}>
          {order.trackingLink && (
            <MuiLink href={order.trackingLink} target="_blank" rel="noopener noreferrer">
              {translate('orderScreens.detail.openTracking')}
            </MuiLink>
          )}
        </Detail>
        {order.shippedAt && <Detail label={f('shippedAt')}>{formatDateTime(order.shippedAt)}</Detail>}
        {order.deliveredAt && <Detail label={f('deliveredAt')}>{formatDateTime(order.deliveredAt)}</Detail>}
      </Grid>
    </Section>
  );
}
