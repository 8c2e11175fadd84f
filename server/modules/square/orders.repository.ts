import { sql, type SQL } from 'drizzle-orm';
import { filterTextSchema, declaredFilter } from '../../../domain/fields';
import { squareOrderFields, type SquareOrder } from '../../../domain/schemas/square';
import {
  SQUARE_COMMUNICATION_STATES,
  SQUARE_LIVE_CODE_STATES,
  SQUARE_ORDER_BUSY_STATES,
  squareApprovalRequired,
  squareOrderActionsFor,
  type SquareCommunicationState,
  type SquareOrderAction,
  type SquareOrderState,
  type SquareTypology,
  type SquareViewer,
} from '../../../domain/square';
import { queryRows, type Db } from '../../db/client';
import { nextPrintedNumber } from '../../db/numbering';
import { inIds } from '../../db/company-scope';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type KeyPosition, type KeyType, type SortKey } from '../../lib/keyset';
import { escapeLike } from '../../lib/like';

/** The orders list's filter: the declared filters (status, typology) and `q` (order number or referent e-mail). */
export const squareOrderFilterSchema = declaredFilter(squareOrderFields, { q: filterTextSchema.optional() });
export interface SquareOrderFilter {
  status?: SquareOrderState;
  typology?: SquareTypology;
  q?: string;
}

interface OrderRaw {
  id: string;
  order_number: string;
  company_id: string;
  company_name: string;
  host: string;
  referent_email: string;
  typology: SquareTypology;
  valid_months: number;
  total_amount_cents: string | number;
  total_quantity: number;
  status: SquareOrderState;
  file_key: string | null;
  created_at: Date | string;
  created_by: string | null;
  confirmed_at: Date | string | null;
  approved_at: Date | string | null;
  activated_at: Date | string | null;
  cancelled_at: Date | string | null;
  cancelled_from: SquareOrderState | null;
  progress_done: number | null;
  progress_total: number | null;
  failure: string | null;
}
/** An order row as services and jobs read it. */
export type SquareOrderRow = OrderRaw;

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const ORDER_COLUMNS = sql`o.id, o.order_number, o.company_id, c.name AS company_name, o.host, o.referent_email, o.typology, o.valid_months,
  o.total_amount_cents, o.total_quantity, o.status, o.file_key, o.created_at, o.created_by, o.confirmed_at, o.approved_at, o.activated_at,
  o.cancelled_at, o.cancelled_from, o.progress_done, o.progress_total, o.failure`;
const ORDER_FROM = sql`square_orders o JOIN companies c ON c.id = o.company_id`;

/** The order if the subtree sees it (locked FOR UPDATE OF o when `lock`). */
export async function findSquareOrder(db: Db, companyIds: readonly string[], id: string, lock = false): Promise<SquareOrderRow | null> {
  const [row] = await queryRows<OrderRaw>(db, sql`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.id = ${id} AND ${inIds(sql`o.company_id`, companyIds)} ${lock ? sql`FOR UPDATE OF o` : sql``}`);
  return row ?? null;
}

/** The order by id alone (jobs), locked when `lock`. */
export async function squareOrderById(db: Db, id: string, lock = false): Promise<SquareOrderRow | null> {
  const [row] = await queryRows<OrderRaw>(db, sql`SELECT ${ORDER_COLUMNS} FROM ${ORDER_FROM} WHERE o.id = ${id} ${lock ? sql`FOR UPDATE OF o` : sql``}`);
  return row ?? null;
}

/** Whose orders show deliveries: the ones whose codes were (being) activated. */
const DELIVERING: readonly SquareOrderState[] = ['ACTIVATING', 'ACTIVE', 'CANCELLING', 'CANCELLED'];
type Deliveries = Record<SquareCommunicationState, number>;

/** The orders' communications counted by state (one grouped read for a page). */
async function deliveriesOf(db: Db, rows: readonly OrderRaw[]): Promise<Map<string, Deliveries>> {
  const ids = rows.filter((row) => DELIVERING.includes(row.status)).map((row) => row.id);
  const counts = new Map<string, Deliveries>(ids.map((id) => [id, Object.fromEntries(SQUARE_COMMUNICATION_STATES.map((state) => [state, 0])) as Deliveries]));
  if (ids.length === 0) return counts;
  const found = await queryRows<{ order_id: string; status: SquareCommunicationState; n: number }>(
    db,
    sql`SELECT order_id, status, count(*)::int AS n FROM square_communications WHERE ${inIds(sql`order_id`, ids)} GROUP BY order_id, status`,
  );
  for (const row of found) counts.get(row.order_id)![row.status] = row.n;
  return counts;
}

export interface OrderView {
  viewer: SquareViewer;
  thresholdCents: number;
}

function toOrder(row: OrderRaw, view: OrderView, deliveries: Deliveries | undefined): SquareOrder {
  const facts = { state: row.status, totalAmountCents: Number(row.total_amount_cents) };
  const busy = SQUARE_ORDER_BUSY_STATES.includes(row.status) && row.progress_total !== null;
  return {
    id: row.id,
    orderNumber: row.order_number,
    companyId: row.company_id,
    companyName: row.company_name,
    host: row.host,
    referentEmail: row.referent_email,
    typology: row.typology,
    validMonths: row.valid_months,
    totalAmountCents: facts.totalAmountCents,
    totalQuantity: row.total_quantity,
    status: row.status,
    approvalRequired: squareApprovalRequired(facts.totalAmountCents, view.thresholdCents),
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by,
    confirmedAt: iso(row.confirmed_at),
    approvedAt: iso(row.approved_at),
    activatedAt: iso(row.activated_at),
    cancelledAt: iso(row.cancelled_at),
    progress: busy ? { done: row.progress_done ?? 0, total: row.progress_total! } : null,
    failure: row.failure,
    deliveries: deliveries ?? null,
    actions: squareOrderActionsFor(facts, view.viewer),
  };
}

/** Rows as API records (their deliveries read in one query). */
export async function toSquareOrders(db: Db, rows: readonly SquareOrderRow[], view: OrderView): Promise<SquareOrder[]> {
  const deliveries = await deliveriesOf(db, rows);
  return rows.map((row) => toOrder(row, view, deliveries.get(row.id)));
}

/** What the orders list can be ordered by (squareOrderFields declares which of these it offers). */
export const SQUARE_ORDER_SORT_COLUMNS = {
  createdAt: sql`o.created_at`,
  orderNumber: sql`o.order_number`,
  totalQuantity: sql`o.total_quantity`,
  totalAmountCents: sql`o.total_amount_cents`,
  id: sql`o.id`,
};
const SORT_TYPES: Record<keyof typeof SQUARE_ORDER_SORT_COLUMNS, KeyType> = { createdAt: 'timestamptz', orderNumber: 'text', totalQuantity: 'integer', totalAmountCents: 'bigint', id: 'uuid' };
export type SquareOrderSort = { field: keyof typeof SQUARE_ORDER_SORT_COLUMNS; order: 'ASC' | 'DESC' };
const orderKey = (sort: SquareOrderSort): SortKey => ({ column: SQUARE_ORDER_SORT_COLUMNS[sort.field], type: SORT_TYPES[sort.field], id: sql`o.id`, order: sort.order });

function conditions(companyIds: readonly string[], filter: SquareOrderFilter): SQL {
  const parts = [inIds(sql`o.company_id`, companyIds)];
  if (filter.status) parts.push(sql`o.status = ${filter.status}`);
  if (filter.typology) parts.push(sql`o.typology = ${filter.typology}`);
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    parts.push(sql`(o.order_number ILIKE ${like} OR o.referent_email ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

export interface SquareOrderPage {
  filter: SquareOrderFilter;
  sort: SquareOrderSort;
  offset: number;
  limit: number;
  after?: KeyPosition | null;
}

/** A page of the subtree's orders (a company has tens or hundreds: sorted directly on its index), with its rows' keys. */
export async function listSquareOrders(db: Db, companyIds: readonly string[], page: SquareOrderPage, view: OrderView): Promise<KeyedRows<SquareOrder>> {
  const key = orderKey(page.sort);
  const rows = await queryRows<OrderRaw & { sort_key: string | null }>(
    db,
    sql`SELECT ${ORDER_COLUMNS}, ${key.column}::text AS sort_key FROM ${ORDER_FROM}
        WHERE ${conditions(companyIds, page.filter)} AND ${afterCondition(key, page.after)}
        ORDER BY ${keyOrder(key)} LIMIT ${page.limit} OFFSET ${page.after ? 0 : page.offset}`,
  );
  const records = await toSquareOrders(db, rows, view);
  return keyedRows(
    rows.map((row, i) => ({ ...row, record: records[i] })),
    (row) => row.record,
  );
}

/**
 * The recipients (by e-mail) who already hold a live code (SOLD or ASSOCIATED) of this typology
 * from an order of the subtree: e-mail → that order's number (the upload's warning).
 */
export async function liveCodeHolders(db: Db, companyIds: readonly string[], typology: SquareTypology, emails: readonly string[]): Promise<Map<string, string>> {
  const holders = new Map<string, string>();
  const unique = [...new Set(emails)];
  // a few thousand e-mails per statement keeps far below the protocol's parameter limit
  for (let at = 0; at < unique.length; at += 5000) {
    const part = unique.slice(at, at + 5000);
    const rows = await queryRows<{ email: string; order_number: string }>(
      db,
      sql`SELECT DISTINCT ON (k.email) k.email, o.order_number FROM square_codes k JOIN square_orders o ON o.id = k.order_id
          WHERE ${inIds(sql`k.email`, part)} AND k.typology = ${typology} AND ${inIds(sql`k.status`, SQUARE_LIVE_CODE_STATES)}
            AND ${inIds(sql`k.company_id`, companyIds)}
          ORDER BY k.email, o.created_at DESC`,
    );
    for (const row of rows) holders.set(row.email, row.order_number);
  }
  return holders;
}

// ---------------------------------------------------------------- writes (orders.service.ts checks the move on the locked order first)

/** A new order, PENDING, numbered from square_order_number_seq; its creation job counts `quantity` codes. */
export async function insertSquareOrder(
  tx: Db,
  o: { id: string; companyId: string; host: string; referentEmail: string; typology: string; validMonths: number; totalAmountCents: number; quantity: number; fileKey: string; userId: string },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO square_orders (id, order_number, company_id, host, referent_email, typology, valid_months, total_amount_cents, total_quantity, status, file_key, created_by, progress_done, progress_total)
    VALUES (${o.id}, ${nextPrintedNumber('SQ-', 'square_order_number_seq')}, ${o.companyId}, ${o.host}, ${o.referentEmail}, ${o.typology},
      ${o.validMonths}, ${o.totalAmountCents}, ${o.quantity}, 'PENDING', ${o.fileKey}, ${o.userId}, 0, ${o.quantity})`);
}

export async function deleteSquareOrder(tx: Db, id: string): Promise<void> {
  await tx.execute(sql`DELETE FROM square_orders WHERE id = ${id}`);
}

/** Whether one of the order's codes was spent (under the order's lock: a cancel is refused). */
export async function hasSpentCode(db: Db, orderId: string): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM square_codes WHERE order_id = ${orderId} AND status = 'SPENT' LIMIT 1`);
  return rows.length > 0;
}

/**
 * An action's move to `to`: the action's own time stamp, the state a cancel left from, and the
 * progress of the job it starts (`progressTotal`, null when it starts none).
 */
export async function moveSquareOrder(
  tx: Db,
  m: { id: string; action: SquareOrderAction; to: string; from: string; userId: string; now: Date; progressTotal: number | string | null },
): Promise<void> {
  const { action, to } = m;
  const job = m.progressTotal !== null;
  await tx.execute(sql`UPDATE square_orders SET status = ${to}, updated_at = now(), failure = NULL,
      confirmed_at = ${action === 'confirm' ? sql`now()` : sql`confirmed_at`},
      approved_at = ${action === 'approve' ? sql`now()` : sql`approved_at`},
      approved_by = ${action === 'approve' ? m.userId : sql`approved_by`},
      activated_at = ${action === 'activate' ? sql`${m.now.toISOString()}::timestamptz` : sql`activated_at`},
      cancelled_at = ${to === 'CANCELLED' ? sql`now()` : sql`cancelled_at`},
      cancelled_from = ${to === 'CANCELLING' ? m.from : sql`NULL`},
      progress_done = ${job ? 0 : null}, progress_total = ${job ? m.progressTotal : null}
    WHERE id = ${m.id}`);
}
