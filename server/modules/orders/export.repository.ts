import { sql, type SQL } from 'drizzle-orm';
import type { OrderFilter } from '../../../domain/orders';
import { queryRows, type Db } from '../../db/client';
import type { SortKey } from '../../lib/keyset';
import { ORDER_LIST_FROM, orderKey, orderListConditions, type OrderView } from './repository';

/**
 * What the order downloads read (export.ts says how they are shown): the rows of the list and of
 * an order's codes with their values, and the card fronts of an order's PDF, a batch at a time.
 */

/** An order's cards (gift_cards as `g`): its company's cards carrying its number. */
const ofOrder = (order: { companyId: string; number: string }): SQL => sql`g.company_id = ${order.companyId} AND g.order_reference = ${order.number}`;

/** The orders the view lets the subtree see that match the filter, newest first: the list's CSV rows. */
export function orderListExportRows(view: OrderView, companyIds: readonly string[], filter: OrderFilter) {
  return {
    from: (condition: SQL) => sql`FROM ${ORDER_LIST_FROM} WHERE ${orderListConditions(view, companyIds, filter)} AND ${condition}`,
    key: orderKey({ field: 'createdAt', order: 'DESC' }),
    values: {
      number: sql`o.number`,
      createdAt: sql`o.created_at`,
      companyName: sql`c.name`,
      placedByName: sql`p.name`,
      shippingType: sql`o.shipping_type`,
      state: sql`o.state`,
      activated: sql`o.activated`,
      companyOrderNumber: sql`o.company_order_number`,
      cards: sql`o.physical_cards + o.digital_cards`,
      totalCents: sql`o.total_cents`,
    },
  };
}

/**
 * An order's cards in progressive order on the order-reference index, with their first
 * recipient: one line per card even if a card were ever tied to two recipients (card_id is
 * indexed, not unique).
 */
export function orderCodeExportRows(order: { companyId: string; number: string }) {
  const key: SortKey = { column: sql`g.progressive`, type: 'bigint', id: sql`g.id`, order: 'ASC' };
  return {
    from: (condition: SQL) => sql`FROM gift_cards g JOIN card_typologies ty ON ty.id = g.typology_id LEFT JOIN LATERAL (SELECT email, first_name, last_name FROM order_recipients WHERE card_id = g.id ORDER BY position LIMIT 1) r ON true
        WHERE ${ofOrder(order)} AND ${condition}`,
    key,
    values: {
      code: sql`g.code`,
      progressive: sql`g.progressive`,
      typologyName: sql`ty.name`,
      valueCents: sql`COALESCE(g.value_cents, ty.value_cents)`,
      status: sql`g.status`,
      recipientEmail: sql`r.email`,
      recipientFirstName: sql`r.first_name`,
      recipientLastName: sql`r.last_name`,
      expireDate: sql`g.expire_date`,
    },
  };
}

/** A card front of an order's PDF: what the sheet prints of it. */
export interface OrderCardFront {
  id: string;
  code: string;
  progressive: string | number;
  typology: string;
  value: string | number | null;
  lot_number: string | null;
  expire_date: Date | string | null;
}

/** Up to `limit` of an order's cards in progressive order, after the `after` one (a batch of the PDF's keyset walk). */
export function orderCardFronts(db: Db, order: { companyId: string; number: string }, after: { progressive: number; id: string } | null, limit: number): Promise<OrderCardFront[]> {
  return queryRows<OrderCardFront>(
    db,
    sql`SELECT g.id, g.code, g.progressive, ty.name AS typology, COALESCE(g.value_cents, ty.value_cents) AS value, g.lot_number, g.expire_date
        FROM gift_cards g JOIN card_typologies ty ON ty.id = g.typology_id
        WHERE ${ofOrder(order)}
          ${after ? sql`AND (g.progressive, g.id) > (${after.progressive}, ${after.id})` : sql``}
        ORDER BY g.progressive, g.id LIMIT ${limit}`,
  );
}
