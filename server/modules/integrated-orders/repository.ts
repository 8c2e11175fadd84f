import { sql, type SQL } from 'drizzle-orm';
import { rangeEndExclusive, rangeStart } from '../../../domain/giftcards';
import type { IntegratedOrder, IntegratedOrderDetail, IntegratedOrderFilter, IntegratedOrderItem, IntegratedOrderState, PinStatus } from '../../../domain/integratedOrders';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../db/company-scope';
import type { CsvRows } from '../../lib/csv-export';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type KeyPosition, type KeyType, type SortKey } from '../../lib/keyset';
import { escapeLike } from '../../lib/like';
import { epochMillis } from '../../lib/row-stream';

/**
 * The SQL of integrated orders. PIN status and the order's state are read, not kept: an item's code
 * e-mail is an outbox row (`details.outboxId`), and what the outbox did with it is the PIN status
 * (queued → pending, sent or logged → sent, failed → failed); an order still `processing` reads as
 * `complete`, `delivery_partial` or `delivery_error` once no e-mail is pending. So the outbox's own
 * delivery (server/mail/mailer.ts) needs no hook, and both always agree.
 */

/** An item's PIN status (`i` an integrated_order_items row). */
const PIN_STATUS_SQL = sql`(CASE WHEN i.pin_status <> 'pending' THEN i.pin_status
  ELSE COALESCE((SELECT CASE e.status WHEN 'sent' THEN 'sent' WHEN 'logged' THEN 'sent' WHEN 'failed' THEN 'failed' ELSE 'pending' END
                 FROM email_outbox e WHERE e.id = (i.details->>'outboxId')::uuid), 'pending') END)`;

/** The order's state (`o` an integrated_orders row): a stored state other than `processing` stands. */
const STATE_SQL = sql`(CASE WHEN o.state <> 'processing' THEN o.state
  ELSE (SELECT CASE WHEN count(*) FILTER (WHERE x.pin = 'pending') > 0 THEN 'processing'
                    WHEN count(*) FILTER (WHERE x.pin = 'failed') = 0 THEN 'complete'
                    WHEN count(*) FILTER (WHERE x.pin = 'sent') = 0 THEN 'delivery_error'
                    ELSE 'delivery_partial' END
        FROM (SELECT ${PIN_STATUS_SQL} AS pin FROM integrated_order_items i WHERE i.order_id = o.id) x) END)`;

interface OrderRaw {
  id: string;
  company_id: string;
  company_name: string;
  order_number: string;
  ordered_at: Date | string;
  state: IntegratedOrderState;
  buyer_email: string | null;
  total_cents: string | number;
  item_count: number;
  product_names: string[] | null;
  api_key_name: string | null;
  error_code: string | null;
  created_at: Date | string;
  request_hash: string;
}

const iso = (v: Date | string) => new Date(v).toISOString();

const ORDER_COLUMNS = sql`o.id, o.company_id, c.name AS company_name, o.order_number, o.ordered_at, ${STATE_SQL} AS state, o.buyer_email, o.total_cents,
  (SELECT count(*)::int FROM integrated_order_items i WHERE i.order_id = o.id) AS item_count,
  (SELECT array_agg(DISTINCT i.product_name ORDER BY i.product_name) FROM integrated_order_items i WHERE i.order_id = o.id) AS product_names,
  k.name AS api_key_name, o.error_code, o.created_at, o.request_hash`;
const ORDER_FROM = sql`integrated_orders o JOIN companies c ON c.id = o.company_id LEFT JOIN api_keys k ON k.id = o.api_key_id`;

const toOrder = (r: OrderRaw): IntegratedOrder => ({
  id: r.id,
  companyId: r.company_id,
  companyName: r.company_name,
  orderNumber: r.order_number,
  orderedAt: iso(r.ordered_at),
  state: r.state,
  buyerEmail: r.buyer_email,
  totalCents: Number(r.total_cents),
  itemCount: r.item_count,
  productNames: r.product_names ?? [],
  apiKeyName: r.api_key_name,
  errorCode: r.error_code,
  createdAt: iso(r.created_at),
});

interface ItemRaw {
  id: string;
  position: number;
  typology_id: string;
  product_name: string;
  external_item_id: string;
  denomination_cents: string | number;
  price_cents: string | number;
  gift_card_id: string | null;
  serial_number: string | null;
  pin_status: PinStatus;
  activation_email: string;
}

const toItem = (r: ItemRaw): IntegratedOrderItem => ({
  id: r.id,
  position: r.position,
  typologyId: r.typology_id,
  productName: r.product_name,
  externalItemId: r.external_item_id,
  denominationCents: Number(r.denomination_cents),
  priceCents: Number(r.price_cents),
  giftCardId: r.gift_card_id,
  serialNumber: r.serial_number,
  pinStatus: r.pin_status,
  activationEmail: r.activation_email,
});

async function itemsOf(db: Db, orderId: string): Promise<IntegratedOrderItem[]> {
  const rows = await queryRows<ItemRaw>(
    db,
    sql`SELECT i.id, i.position, i.typology_id, i.product_name, i.external_item_id, i.denomination_cents, i.price_cents, i.gift_card_id,
          i.serial_number, ${PIN_STATUS_SQL} AS pin_status, i.activation_email
        FROM integrated_order_items i WHERE i.order_id = ${orderId} ORDER BY i.position`,
  );
  return rows.map(toItem);
}

/** An order with its items and the hash of the body that made it (what a second post is compared with). */
export type StoredOrder = IntegratedOrderDetail & { requestHash: string };

async function findOne(db: Db, where: SQL): Promise<StoredOrder | undefined> {
  const [row] = await queryRows<OrderRaw>(db, sql`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE ${where}`);
  return row ? { ...toOrder(row), items: await itemsOf(db, row.id), requestHash: row.request_hash } : undefined;
}

/** The company's order of that shop number (exactly the key's company: not its subtree, as the number is unique per company only). */
export const findByNumber = (db: Db, companyId: string, orderNumber: string) => findOne(db, sql`o.company_id = ${companyId} AND o.order_number = ${orderNumber}`);

/** One order in the subtree (undefined: unknown or out of scope, answered alike). */
export const findInScope = (db: Db, companyIds: readonly string[], id: string) => findOne(db, sql`o.id = ${id} AND ${inIds(sql`o.company_id`, companyIds)}`);

export interface NewOrder {
  companyId: string;
  apiKeyId: string | null;
  orderNumber: string;
  orderedAt: string;
  buyerEmail: string;
  buyerLanguage: string;
  totalCents: number;
  requestHash: string;
}

/** The order row, or null when the company already has that number (a concurrent post waits for the other's commit, then finds it). */
export async function insertOrder(tx: Db, order: NewOrder): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO integrated_orders (company_id, api_key_id, order_number, ordered_at, state, buyer_email, buyer_language, total_cents, request_hash)
        VALUES (${order.companyId}, ${order.apiKeyId}, ${order.orderNumber}, ${order.orderedAt}, 'processing', ${order.buyerEmail}, ${order.buyerLanguage},
                ${order.totalCents}, ${order.requestHash})
        ON CONFLICT (company_id, order_number) DO NOTHING RETURNING id`,
  );
  return row?.id ?? null;
}

export interface NewItem {
  position: number;
  typologyId: string;
  productName: string;
  externalItemId: string;
  denominationCents: number;
  priceCents: number;
  giftCardId: string;
  serialNumber: string;
  activationEmail: string;
  outboxId: string;
}

export async function insertItems(tx: Db, orderId: string, items: readonly NewItem[]): Promise<void> {
  const rows = items.map((i) => ({
    position: i.position,
    typology_id: i.typologyId,
    product_name: i.productName,
    external_item_id: i.externalItemId,
    denomination_cents: i.denominationCents,
    price_cents: i.priceCents,
    gift_card_id: i.giftCardId,
    serial_number: i.serialNumber,
    activation_email: i.activationEmail,
    details: { outboxId: i.outboxId },
  }));
  await tx.execute(sql`INSERT INTO integrated_order_items (order_id, position, typology_id, product_name, external_item_id, denomination_cents, price_cents,
        gift_card_id, serial_number, pin_status, activation_email, details)
      SELECT ${orderId}, r.position, r.typology_id, r.product_name, r.external_item_id, r.denomination_cents, r.price_cents, r.gift_card_id,
        r.serial_number, 'pending', r.activation_email, r.details
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(position int, typology_id uuid, product_name text, external_item_id text,
        denomination_cents bigint, price_cents bigint, gift_card_id uuid, serial_number text, activation_email text, details jsonb)`);
}

/** A typology's name (the item's product name, kept as it was when the order came). */
export async function typologyName(tx: Db, typologyId: string): Promise<string> {
  const [row] = await queryRows<{ name: string }>(tx, sql`SELECT name FROM card_typologies WHERE id = ${typologyId}`);
  return row.name;
}

/** The card minted for an item: its typology's progressive is unique (one counter per typology). */
export async function mintedCard(tx: Db, companyId: string, typologyId: string, progressive: number): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM gift_cards WHERE company_id = ${companyId} AND typology_id = ${typologyId} AND progressive = ${progressive}`);
  return row.id;
}

function filterConditions(filter: IntegratedOrderFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  // exact number or a prefix (numbers are the shop's own: kept as they came, case included)
  if (filter.number) parts.push(sql`o.order_number LIKE ${escapeLike(filter.number) + '%'}`);
  if (filter.dateFrom) parts.push(sql`o.ordered_at >= ${rangeStart(filter.dateFrom).toISOString()}`);
  if (filter.dateTo) parts.push(sql`o.ordered_at < ${rangeEndExclusive(filter.dateTo).toISOString()}`);
  if (filter.state) parts.push(sql`${STATE_SQL} = ${filter.state}`);
  if (filter.companyId) parts.push(sql`o.company_id = ${filter.companyId}`);
  if (filter.typologyId) parts.push(sql`EXISTS (SELECT 1 FROM integrated_order_items i WHERE i.order_id = o.id AND i.typology_id = ${filter.typologyId})`);
  return sql.join(parts, sql` AND `);
}

const listConditions = (companyIds: readonly string[], filter: IntegratedOrderFilter): SQL => sql`${inIds(sql`o.company_id`, companyIds)} AND ${filterConditions(filter)}`;

/** What the list can be ordered by: when the shop took the order (the default, newest first), or its number. */
export const SORT_COLUMNS = { orderedAt: sql`o.ordered_at`, orderNumber: sql`o.order_number`, id: sql`o.id` };
const SORT_TYPES: Record<keyof typeof SORT_COLUMNS, KeyType> = { orderedAt: 'timestamptz', orderNumber: 'text', id: 'uuid' };
export type SortField = keyof typeof SORT_COLUMNS;

export const orderKey = (sort: { field: SortField; order: 'ASC' | 'DESC' }): SortKey => ({ column: SORT_COLUMNS[sort.field], type: SORT_TYPES[sort.field], id: sql`o.id`, order: sort.order });

export interface Page {
  filter: IntegratedOrderFilter;
  sort: { field: SortField; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  after?: KeyPosition | null;
}

/** A page of the subtree's orders (few per company, like B2B orders: sorted directly on the company index). */
export async function listOrders(db: Db, companyIds: readonly string[], page: Page): Promise<KeyedRows<IntegratedOrder>> {
  const key = orderKey(page.sort);
  const rows = await queryRows<OrderRaw & { sort_key: string | null }>(
    db,
    sql`SELECT ${ORDER_COLUMNS}, ${key.column}::text AS sort_key FROM ${ORDER_FROM}
        WHERE ${listConditions(companyIds, page.filter)} AND ${afterCondition(key, page.after)}
        ORDER BY ${keyOrder(key)} LIMIT ${page.limit} OFFSET ${page.after ? 0 : page.offset}`,
  );
  return keyedRows(rows, toOrder);
}

/**
 * The filtered orders of `companyIds` as the CSV download reads them (export.ts): one row per item,
 * newest order first, an order's items in the shop's order.
 */
export function integratedOrderExportRows(companyIds: readonly string[], filter: IntegratedOrderFilter) {
  return {
    from: (condition: SQL) => sql`FROM ${ORDER_FROM} JOIN integrated_order_items i ON i.order_id = o.id WHERE ${listConditions(companyIds, filter)} AND ${condition}`,
    key: {
      column: sql`o.ordered_at`,
      type: 'timestamptz',
      // an order's lines together, in the shop's item order
      then: [
        { column: sql`o.id`, type: 'uuid', order: 'DESC' },
        { column: sql`i.position`, type: 'integer', order: 'ASC' },
      ],
      id: sql`i.id`,
      order: 'DESC',
    },
    values: {
      orderNumber: sql`o.order_number`,
      /** when the shop took the order, as epoch milliseconds (its day and hour in the user's zone) */
      orderedAtMillis: epochMillis(sql`o.ordered_at`),
      productName: sql`i.product_name`,
      externalItemId: sql`i.external_item_id`,
      denominationCents: sql`i.denomination_cents`,
      serialNumber: sql`i.serial_number`,
      priceCents: sql`i.price_cents`,
      pinStatus: PIN_STATUS_SQL,
      activationEmail: sql`i.activation_email`,
      state: STATE_SQL,
    },
  } satisfies CsvRows & { values: Record<string, SQL> };
}
