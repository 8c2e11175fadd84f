import { eq, sql, type SQL } from 'drizzle-orm';
import { rangeEndExclusive, rangeStart } from '../../../domain/giftcards';
import type { Order, OrderFilter, OrderItem, OrderState, OrderStockRun, OrderTracking, OrderView, ProgressiveRange, ShippingType } from '../../../domain/orders';
import { queryRows, type Db } from '../../db/client';
import { orders } from '../../db/schema';
import { companySubtree, inIds } from '../../db/company-scope';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type KeyPosition, type KeyType, type SortKey } from '../../lib/keyset';
import { nextPrintedNumber } from '../../db/numbering';
import { escapeLike } from '../../lib/like';

/** Which orders a company subtree sees: the ones it placed, or the ones others placed for it (acquired). */
export type { OrderView };

export function viewCondition(view: OrderView, companyIds: readonly string[]): SQL {
  return view === 'placed'
    ? inIds(sql`o.placed_by_company_id`, companyIds)
    : sql`${inIds(sql`o.company_id`, companyIds)} AND NOT ${inIds(sql`o.placed_by_company_id`, companyIds)}`;
}

interface OrderRaw {
  id: string;
  number: string;
  company_id: string;
  company_name: string;
  placed_by_company_id: string;
  placed_by_company_name: string;
  shipping_type: ShippingType;
  state: OrderState;
  activated: boolean;
  activated_at: Date | string | null;
  referent_name: string | null;
  referent_email: string | null;
  valid_months: number;
  company_order_number: string | null;
  send_email_to_company_contact: boolean;
  auto_activate: boolean;
  shipping_address: string | null;
  expire_date: string | Date | null;
  tracking_carrier: string | null;
  tracking_number: string | null;
  tracking_link: string | null;
  shipped_at: Date | string | null;
  delivered_at: Date | string | null;
  error_code: string | null;
  total_cents: string | number;
  physical_cards: number;
  digital_cards: number;
  confirmed_at: Date | string | null;
  cancelled_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const day = (v: string | Date | null) => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

export const ORDER_COLUMNS = sql`o.id, o.number, o.company_id, c.name AS company_name, o.placed_by_company_id, p.name AS placed_by_company_name,
  o.shipping_type, o.state, o.activated, o.activated_at, o.referent_name, o.referent_email, o.valid_months, o.company_order_number,
  o.send_email_to_company_contact, o.auto_activate, o.shipping_address, o.expire_date, o.tracking_carrier, o.tracking_number,
  o.tracking_link, o.shipped_at, o.delivered_at, o.error_code, o.total_cents, o.physical_cards, o.digital_cards, o.confirmed_at,
  o.cancelled_at, o.created_at, o.updated_at`;
const ORDER_JOINS = sql`JOIN companies c ON c.id = o.company_id JOIN companies p ON p.id = o.placed_by_company_id`;

export function toOrder(r: OrderRaw): Order {
  return {
    id: r.id,
    number: r.number,
    companyId: r.company_id,
    companyName: r.company_name,
    placedByCompanyId: r.placed_by_company_id,
    placedByCompanyName: r.placed_by_company_name,
    shippingType: r.shipping_type,
    state: r.state,
    activated: r.activated,
    activatedAt: iso(r.activated_at),
    referentName: r.referent_name,
    referentEmail: r.referent_email,
    validMonths: r.valid_months,
    companyOrderNumber: r.company_order_number,
    sendEmailToCompanyContact: r.send_email_to_company_contact,
    autoActivate: r.auto_activate,
    shippingAddress: r.shipping_address,
    expireDate: day(r.expire_date),
    trackingCarrier: r.tracking_carrier,
    trackingNumber: r.tracking_number,
    trackingLink: r.tracking_link,
    shippedAt: iso(r.shipped_at),
    deliveredAt: iso(r.delivered_at),
    errorCode: r.error_code,
    totalCents: Number(r.total_cents),
    physicalCards: r.physical_cards,
    digitalCards: r.digital_cards,
    confirmedAt: iso(r.confirmed_at),
    cancelledAt: iso(r.cancelled_at),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

/** One order the view lets the subtree see (undefined: unknown or out of scope, answered alike). */
export async function findOrder(db: Db, view: OrderView, companyIds: readonly string[], id: string, lock = false): Promise<Order | undefined> {
  const [row] = await queryRows<OrderRaw>(
    db,
    sql`SELECT ${ORDER_COLUMNS} FROM orders o ${ORDER_JOINS} WHERE o.id = ${id} AND ${viewCondition(view, companyIds)} ${lock ? sql`FOR UPDATE OF o` : sql``}`,
  );
  return row ? toOrder(row) : undefined;
}

/** The order by id with no scope (jobs, after the route checked it), optionally locked. */
export async function orderById(db: Db, id: string, lock = false): Promise<Order | undefined> {
  const [row] = await queryRows<OrderRaw>(db, sql`SELECT ${ORDER_COLUMNS} FROM orders o ${ORDER_JOINS} WHERE o.id = ${id} ${lock ? sql`FOR UPDATE OF o` : sql``}`);
  return row ? toOrder(row) : undefined;
}

function filterConditions(filter: OrderFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (filter.number) parts.push(sql`o.number LIKE ${escapeLike(filter.number.toUpperCase()) + '%'}`);
  if (filter.dateFrom) parts.push(sql`o.created_at >= ${rangeStart(filter.dateFrom).toISOString()}`);
  if (filter.dateTo) parts.push(sql`o.created_at < ${rangeEndExclusive(filter.dateTo).toISOString()}`);
  if (filter.state) parts.push(sql`o.state = ${filter.state}`);
  if (filter.shippingType) parts.push(sql`o.shipping_type = ${filter.shippingType}`);
  if (filter.companyId) parts.push(sql`o.company_id = ${filter.companyId}`);
  if (filter.typologyId) parts.push(sql`EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.typology_id = ${filter.typologyId})`);
  return sql.join(parts, sql` AND `);
}

/** What an order list can be ordered by; the declarations (orderFields, acquiredOrderFields) say which of these the API offers. */
export const ORDER_SORT_COLUMNS = { createdAt: sql`o.created_at`, number: sql`o.number`, id: sql`o.id` };
const ORDER_SORT_TYPES: Record<keyof typeof ORDER_SORT_COLUMNS, KeyType> = { createdAt: 'timestamptz', number: 'text', id: 'uuid' };

export interface OrderPage {
  filter: OrderFilter;
  sort: { field: keyof typeof ORDER_SORT_COLUMNS; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  /** the previous page's last row: the page starts after it (offset unused) */
  after?: KeyPosition | null;
}

/** The order a list walks: the sort column, ties broken by the order's id (the number is unique anyway). */
export const orderKey = (sort: OrderPage['sort']): SortKey => ({ column: ORDER_SORT_COLUMNS[sort.field], type: ORDER_SORT_TYPES[sort.field], id: sql`o.id`, order: sort.order });

/** The orders the view lets the subtree see that match the filter (`o` with its company joins in scope). */
export const orderListConditions = (view: OrderView, companyIds: readonly string[], filter: OrderFilter): SQL => sql`${viewCondition(view, companyIds)} AND ${filterConditions(filter)}`;
export const ORDER_LIST_FROM = sql`orders o ${ORDER_JOINS}`;

/**
 * A page of orders, newest first by default, after `offset` rows or after a cursor's row, with the
 * keys of its rows. Orders are few per company (a company places tens or hundreds, not millions),
 * so the subtree's matching rows are sorted directly on the (company, created_at) indexes, and a
 * cursor's one or two conditions are simply ORed.
 */
export async function listOrders(db: Db, view: OrderView, companyIds: readonly string[], page: OrderPage): Promise<KeyedRows<Order>> {
  const key = orderKey(page.sort);
  const rows = await queryRows<OrderRaw & { sort_key: string | null }>(
    db,
    sql`SELECT ${ORDER_COLUMNS}, ${key.column}::text AS sort_key FROM ${ORDER_LIST_FROM}
        WHERE ${orderListConditions(view, companyIds, page.filter)} AND ${afterCondition(key, page.after)}
        ORDER BY ${keyOrder(key)} LIMIT ${page.limit} OFFSET ${page.after ? 0 : page.offset}`,
  );
  return keyedRows(rows, toOrder);
}

interface ItemRaw {
  id: string;
  order_id: string;
  typology_id: string;
  typology_name: string;
  quantity: number;
  value_cents: string | number;
  ranges: ProgressiveRange[] | null;
  template_name: string | null;
  names_list_name: string | null;
  recipients: number;
  created_at: Date | string;
}

const toItem = (r: ItemRaw): OrderItem => ({
  id: r.id,
  orderId: r.order_id,
  typologyId: r.typology_id,
  typologyName: r.typology_name,
  quantity: r.quantity,
  valueCents: Number(r.value_cents),
  priceCents: Number(r.value_cents) * r.quantity,
  ranges: r.ranges,
  templateName: r.template_name,
  namesListName: r.names_list_name,
  recipients: Number(r.recipients),
  createdAt: iso(r.created_at)!,
});

export async function listItems(db: Db, orderId: string, itemId?: string): Promise<OrderItem[]> {
  const rows = await queryRows<ItemRaw>(
    db,
    sql`SELECT i.id, i.order_id, i.typology_id, t.name AS typology_name, i.quantity, i.value_cents, i.ranges, i.template_name, i.names_list_name,
          (SELECT count(*)::int FROM order_recipients r WHERE r.item_id = i.id) AS recipients, i.created_at
        FROM order_items i JOIN card_typologies t ON t.id = i.typology_id
        WHERE i.order_id = ${orderId} ${itemId ? sql`AND i.id = ${itemId}` : sql``}
        ORDER BY i.created_at, i.id`,
  );
  return rows.map(toItem);
}

/** Totals kept on the order row (lists show them without reading items). */
export async function refreshTotals(db: Db, orderId: string): Promise<void> {
  await db.execute(sql`UPDATE orders o SET
      total_cents = COALESCE((SELECT sum(i.quantity * i.value_cents) FROM order_items i WHERE i.order_id = o.id), 0),
      physical_cards = CASE WHEN o.shipping_type = 'DIGITAL' THEN 0 ELSE COALESCE((SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id), 0) END,
      digital_cards = CASE WHEN o.shipping_type = 'DIGITAL' THEN COALESCE((SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id), 0) ELSE 0 END,
      updated_at = now()
    WHERE o.id = ${orderId}`);
}

/** Ids of the order's cards (its company's cards carrying its number), in progressive order. */
export async function orderCardIds(db: Db, order: Pick<Order, 'companyId' | 'number'>): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM gift_cards WHERE company_id = ${order.companyId} AND order_reference = ${order.number} ORDER BY progressive, id`,
  );
  return rows.map((r) => r.id);
}

/**
 * A card (gift_cards as `g`) in the stock an order placed by `placedBy` may draw on: unsold (not
 * active, no order) and the provider's or the placing company's own subtree's, never another
 * customer's. Written once: an item's check, the stock runs and issuing a range all ask it.
 */
export function cardInStock(placedBy: string): SQL {
  return sql`(g.status = 'NOT_ACTIVE' AND g.order_reference IS NULL
    AND (g.company_id IN (SELECT id FROM companies WHERE is_provider) OR g.company_id IN (${companySubtree(placedBy)})))`;
}

/**
 * Unsold stock of a typology an order placed by `placedBy` may draw on (the provider's, or the
 * placing company's subtree): runs of consecutive progressives per lot, largest first (domain
 * `byStockRunSize`), so a big run is never hidden behind single cards.
 */
export async function stockRuns(db: Db, placedBy: string, typologyId: string, limit: number): Promise<OrderStockRun[]> {
  const rows = await queryRows<{ from: string | number; to: string | number; count: number; lot_number: string | null }>(
    db,
    sql`SELECT min(s.progressive) AS from, max(s.progressive) AS to, count(*)::int AS count, s.lot_number
        FROM (SELECT g.progressive, g.lot_number, g.progressive - row_number() OVER (PARTITION BY g.lot_number ORDER BY g.progressive) AS grp
              FROM gift_cards g
              WHERE g.typology_id = ${typologyId} AND ${cardInStock(placedBy)}) s
        GROUP BY s.lot_number, s.grp ORDER BY count(*) DESC, 1 LIMIT ${limit}`,
  );
  return rows.map((r) => ({ from: Number(r.from), to: Number(r.to), count: r.count, lotNumber: r.lot_number }));
}

// ---------------------------------------------------------------- writes of the order row (the service checks the transition first)

/** A new draft (NEW) with the next order number; answers its id. */
export async function insertDraft(db: Db, values: { companyId: string; placedByCompanyId: string; createdByUserId: string; shippingType: ShippingType }): Promise<string> {
  const [row] = await db
    .insert(orders)
    .values({ number: nextPrintedNumber('ORD-', 'order_number_seq'), ...values })
    .returning({ id: orders.id });
  return row.id;
}

/** Fields of a draft or of an order before activation (configuration, expiry). */
export async function updateOrder(tx: Db, id: string, values: Partial<typeof orders.$inferInsert>): Promise<void> {
  await tx
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/** A draft, with its items and recipients (cascade). */
export async function deleteOrderRow(tx: Db, id: string): Promise<void> {
  await tx.delete(orders).where(eq(orders.id, id));
}

/** Activated at `now` (the cards' activation, cards.ts, in the same transaction). */
export async function markOrderActivated(tx: Db, id: string, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE orders SET activated = true, activated_at = ${now.toISOString()}, updated_at = now() WHERE id = ${id}`);
}

/** NEW → PENDING: confirmed now, any earlier error cleared. */
export async function markConfirmed(tx: Db, id: string, to: OrderState): Promise<void> {
  await tx.execute(sql`UPDATE orders SET state = ${to}, confirmed_at = now(), error_code = NULL, error_detail = NULL, updated_at = now() WHERE id = ${id}`);
}

/** → `to`, any earlier error cleared: ERROR → PENDING for the issue job's next run, or the issue job's end (jobs.ts). */
export async function markRetried(tx: Db, id: string, to: OrderState): Promise<void> {
  await tx.execute(sql`UPDATE orders SET state = ${to}, error_code = NULL, error_detail = NULL, updated_at = now() WHERE id = ${id}`);
}

/** The jobs' moves (jobs.ts): a step of its own, nothing else changed. */
export async function setOrderState(tx: Db, id: string, to: OrderState): Promise<void> {
  await tx.execute(sql`UPDATE orders SET state = ${to}, updated_at = now() WHERE id = ${id}`);
}

/** An issue job refused or failed for good: ERROR ("verification") with its code, unless the order has moved on. */
export async function markIssueError(db: Db, id: string, code: string, detail: string): Promise<void> {
  await db.execute(sql`UPDATE orders SET state = 'ERROR', error_code = ${code}, error_detail = ${detail.slice(0, 2000)}, updated_at = now()
    WHERE id = ${id} AND state IN ('PENDING', 'IN_PROGRESS')`);
}

/** A cancel refused by a used card: back to the state it came from, with the refusal. */
export async function markCancelRefused(tx: Db, id: string, code: string, detail: string): Promise<void> {
  await tx.execute(sql`UPDATE orders SET state = COALESCE(cancel_from_state, 'COMPLETED'), cancel_from_state = NULL, error_code = ${code},
      error_detail = ${detail}, updated_at = now() WHERE id = ${id}`);
}

export async function markCancelled(tx: Db, id: string): Promise<void> {
  await tx.execute(sql`UPDATE orders SET state = 'CANCELLED', cancelled_at = now(), cancel_from_state = NULL, updated_at = now() WHERE id = ${id}`);
}

/** → PENDING_CANCEL, remembering the state a refused cancel returns to. */
export async function markCancelRequested(tx: Db, id: string, to: OrderState, from: OrderState): Promise<void> {
  await tx.execute(sql`UPDATE orders SET state = ${to}, cancel_from_state = ${from}, error_code = NULL, error_detail = NULL, updated_at = now() WHERE id = ${id}`);
}

/** The tracking of a third-party shipment; the first one dates the shipment. */
export async function markTracked(tx: Db, id: string, to: OrderState, body: OrderTracking): Promise<void> {
  await tx.execute(sql`UPDATE orders SET state = ${to}, tracking_carrier = ${body.carrier}, tracking_number = ${body.number}, tracking_link = ${body.link},
      shipped_at = COALESCE(shipped_at, now()), updated_at = now() WHERE id = ${id}`);
}

export async function markShipmentDelivered(tx: Db, id: string, to: OrderState): Promise<void> {
  await tx.execute(sql`UPDATE orders SET state = ${to}, delivered_at = now(), updated_at = now() WHERE id = ${id}`);
}
