import { Box, Grid, Link as MuiLink, Paper, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { orderActivation, orderCardsExpiry, type OrderDetail } from '../../../domain/orders';
import { formatIdRange, useFormatNumber } from '../../i18n/formatMoney';
import { useFormatCents } from '../../components/MoneyField';
import { formatDate, formatDateTime } from '../../i18n/dates';
import { OrderStateBadge, orderCards } from './OrderFields';
import { ScrollRegion } from '../../components/ScrollRegion';

const f = (key: string) => `orderScreens.fields.${key}`;

function Detail({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography component="div" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
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

/** One label/value block: the label's key under `orderScreens.fields`, the value, its test id; a falsy row is left out. */
type Row = readonly [key: string, value: ReactNode, testId?: string] | false | '' | null | undefined;

function Details({ rows, sx }: { rows: Row[]; sx?: object }) {
  return (
    <Grid container spacing={2} sx={sx}>
      {rows.map((row) => row && <Detail key={row[0]} label={f(row[0])} testId={row[2]} value={row[1]} />)}
    </Grid>
  );
}

/**
 * SPEC §3: number, dates, state, activation state, shipped by, companies. When the order's cards
 * expire is said in words that fit its state: the date once it is known (an edited day, or
 * activated: `validMonths` after activation), before that how long they last.
 */
export function OrderDetailsSection({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const expiry = orderCardsExpiry(order);
  return (
    <Section id="details" title="orderScreens.detail.details">
      <Details
        rows={[
          ['number', order.number],
          ['state', <OrderStateBadge state={order.state} />],
          ['activation', `${translate(`orderScreens.activation.${orderActivation(order)}`)}${order.activatedAt ? ` · ${formatDateTime(order.activatedAt)}` : ''}`, 'order-activation'],
          ['createdAt', formatDateTime(order.createdAt)],
          ['confirmedAt', order.confirmedAt && formatDateTime(order.confirmedAt)],
          expiry ? ['expireDate', formatDate(order.expireDate ?? expiry), 'order-expiry'] : ['validity', translate('orderScreens.expiry.fromActivation', { smart_count: order.validMonths }), 'order-expiry'],
          ['shippingType', translate(`orders.shippingType.${order.shippingType}`)],
          ['company', order.companyName],
          ['placedBy', order.placedByCompanyName],
          order.cancelledAt && ['cancelledAt', formatDateTime(order.cancelledAt)],
        ]}
      />
    </Section>
  );
}

/** SPEC §3: referent, valid months, company order number, e-mail flag, auto-activate, address. */
export function OrderConfigurationSection({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const yesNo = (value: boolean) => translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  return (
    <Section id="configuration" title="orderScreens.detail.configuration">
      <Details
        rows={[
          ['referent', [order.referentName, order.referentEmail].filter(Boolean).join(' · ')],
          ['validMonths', order.validMonths],
          ['companyOrderNumber', order.companyOrderNumber],
          ['sendEmailToCompanyContact', yesNo(order.sendEmailToCompanyContact)],
          ['autoActivate', yesNo(order.autoActivate)],
          ['shippingAddress', order.shippingAddress],
        ]}
      />
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
        <ScrollRegion labelledBy="order-products-title">
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
        </ScrollRegion>
      )}
      <Details sx={{ mt: 1 }} rows={[['physicalCards', formatNumber(order.physicalCards)], ['digitalCards', formatNumber(order.digitalCards)]]} />
    </Section>
  );
}

/** Carrier, number and link of a third-party shipment, once set. */
export function OrderTrackingSection({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  if (!order.trackingCarrier && !order.trackingNumber) return null;
  return (
    <Section id="tracking" title="orderScreens.detail.tracking">
      <Details
        rows={[
          ['carrier', order.trackingCarrier],
          ['trackingNumber', order.trackingNumber],
          ['trackingLink', order.trackingLink && <MuiLink href={order.trackingLink} target="_blank" rel="noopener noreferrer">{translate('orderScreens.detail.openTracking')}</MuiLink>],
          order.shippedAt && ['shippedAt', formatDateTime(order.shippedAt)],
          order.deliveredAt && ['deliveredAt', formatDateTime(order.deliveredAt)],
        ]}
      />
    </Section>
  );
}
