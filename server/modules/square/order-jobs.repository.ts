import { sql, type SQL } from 'drizzle-orm';
import type { SquareOrderState } from '../../../domain/square';
import { queryRows, type Db } from '../../db/client';

/**
 * The SQL of the order's jobs (orders.jobs.ts runs them chunk by chunk under the order's row lock):
 * each chunk writes what is left to do and counts the order's progress from the rows themselves,
 * so a run killed at any point and run again does nothing twice.
 */

const setProgress = (tx: Db, orderId: string, done: SQL) => tx.execute(sql`UPDATE square_orders SET progress_done = (${done}), updated_at = now() WHERE id = ${orderId}`);

/** The move done: the order in `to`, no progress shown (`extra`: more columns the move sets). */
export async function finishMove(tx: Db, orderId: string, to: SquareOrderState, extra: SQL = sql``): Promise<void> {
  await tx.execute(sql`UPDATE square_orders SET status = ${to}, progress_done = NULL, progress_total = NULL, updated_at = now() ${extra} WHERE id = ${orderId}`);
}

/** square.create: recipients of the file, one row per line (a line already read is skipped). */
export async function insertRecipients(
  tx: Db,
  orderId: string,
  part: ReadonlyArray<{ line: number; email: string; firstName: string; lastName: string; amountCents: number }>,
): Promise<void> {
  const rows = JSON.stringify(part.map((r) => ({ line: r.line, email: r.email, first_name: r.firstName, last_name: r.lastName, amount_cents: r.amountCents })));
  await tx.execute(sql`
    INSERT INTO square_order_recipients (order_id, line, email, first_name, last_name, amount_cents)
    SELECT ${orderId}, x.line, x.email, x.first_name, x.last_name, x.amount_cents
    FROM jsonb_to_recordset(${rows}::jsonb) AS x(line int, email text, first_name text, last_name text, amount_cents bigint)
    ON CONFLICT (order_id, line) DO NOTHING`);
  await setProgress(tx, orderId, sql`SELECT count(*)::int FROM square_order_recipients WHERE order_id = ${orderId}`);
}

/** square.create done: the order's totals are its recipients' own (the same the upload counted). */
export function finishCreate(tx: Db, orderId: string, to: SquareOrderState): Promise<void> {
  return finishMove(
    tx,
    orderId,
    to,
    sql`, total_quantity = (SELECT count(*)::int FROM square_order_recipients WHERE order_id = ${orderId}),
          total_amount_cents = (SELECT COALESCE(sum(amount_cents), 0) FROM square_order_recipients WHERE order_id = ${orderId})`,
  );
}

/** square.mint: up to `limit` recipients that have no code yet, by line. */
export function recipientsWithoutCode(tx: Db, orderId: string, limit: number): Promise<Array<{ id: string }>> {
  return queryRows<{ id: string }>(
    tx,
    sql`SELECT r.id FROM square_order_recipients r WHERE r.order_id = ${orderId}
        AND NOT EXISTS (SELECT 1 FROM square_codes k WHERE k.recipient_id = r.id) ORDER BY r.line LIMIT ${limit}`,
  );
}

/** square.mint: a code per recipient given, NOT_ACTIVE, each MINTED (+amount); a code that collides is skipped (its recipient is taken again). */
export async function mintCodes(
  tx: Db,
  order: { id: string; company_id: string; host: string; typology: string },
  codes: ReadonlyArray<{ recipientId: string; code: string }>,
  userId: string | null,
): Promise<void> {
  const rows = JSON.stringify(codes.map((c) => ({ recipient_id: c.recipientId, code: c.code })));
  await tx.execute(sql`
    WITH made AS (
      INSERT INTO square_codes (code, order_id, recipient_id, company_id, host, email, first_name, last_name, typology, amount_cents, value_cents, status)
      SELECT x.code, ${order.id}, r.id, ${order.company_id}, ${order.host}, r.email, r.first_name, r.last_name, ${order.typology}, r.amount_cents, r.amount_cents, 'NOT_ACTIVE'
      FROM jsonb_to_recordset(${rows}::jsonb) AS x(recipient_id uuid, code text) JOIN square_order_recipients r ON r.id = x.recipient_id
      ON CONFLICT DO NOTHING
      RETURNING id, amount_cents)
    INSERT INTO square_code_activities (code_id, activity, from_status, to_status, amount_cents, user_id)
    SELECT id, 'MINTED', NULL, 'NOT_ACTIVE', amount_cents, ${userId} FROM made`);
  await setProgress(tx, order.id, sql`SELECT count(*)::int FROM square_codes WHERE order_id = ${order.id}`);
}

/** square.activate: up to `limit` NOT_ACTIVE codes SOLD at `at` with their expiry (ACTIVATED); answers them. */
export async function activateCodes(tx: Db, orderId: string, at: Date, expiry: Date, limit: number, userId: string | null): Promise<Array<{ id: string }>> {
  const changed = await queryRows<{ id: string }>(
    tx,
    sql`WITH picked AS (
          SELECT id FROM square_codes WHERE order_id = ${orderId} AND status = 'NOT_ACTIVE' ORDER BY id LIMIT ${limit} FOR UPDATE),
        sold AS (
          UPDATE square_codes k SET status = 'SOLD', sell_date = ${at.toISOString()}::timestamptz, activation_date = ${at.toISOString()}::timestamptz,
            expire_date = ${expiry.toISOString()}::timestamptz
          FROM picked WHERE k.id = picked.id RETURNING k.id),
        logged AS (
          INSERT INTO square_code_activities (code_id, activity, from_status, to_status, amount_cents, user_id)
          SELECT id, 'ACTIVATED', 'NOT_ACTIVE', 'SOLD', 0, ${userId} FROM sold)
        SELECT id FROM sold`,
  );
  return changed;
}

export async function countActivated(tx: Db, orderId: string): Promise<void> {
  await setProgress(tx, orderId, sql`SELECT count(*)::int FROM square_codes WHERE order_id = ${orderId} AND status <> 'NOT_ACTIVE'`);
}

/** square.cancel refused (a code was spent): back to the state it came from, with the failure. */
export async function refuseCancel(tx: Db, orderId: string): Promise<void> {
  await tx.execute(sql`UPDATE square_orders SET status = COALESCE(cancelled_from, 'ACTIVE'), cancelled_from = NULL, failure = 'SQUARE_CODES_SPENT',
      progress_done = NULL, progress_total = NULL, updated_at = now() WHERE id = ${orderId}`);
}

/** square.cancel: up to `limit` codes DELETED with their value to 0 (DELETED, −value), the order's unsent e-mails stopped; answers how many. */
export async function deleteCodes(tx: Db, orderId: string, limit: number, userId: string | null): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`WITH picked AS (
          SELECT id, status, value_cents FROM square_codes WHERE order_id = ${orderId} AND status <> 'DELETED' ORDER BY id LIMIT ${limit} FOR UPDATE),
        gone AS (
          UPDATE square_codes k SET status = 'DELETED', value_cents = 0 FROM picked WHERE k.id = picked.id RETURNING k.id),
        logged AS (
          INSERT INTO square_code_activities (code_id, activity, from_status, to_status, amount_cents, user_id)
          SELECT picked.id, 'DELETED', picked.status, 'DELETED', -picked.value_cents, ${userId} FROM picked)
        SELECT count(*)::int AS n FROM gone`,
  );
  await tx.execute(sql`UPDATE square_communications SET status = 'FAILED', next_attempt_at = NULL, lease_until = NULL, last_smtp_answer = 'order cancelled'
      WHERE order_id = ${orderId} AND status IN ('QUEUED', 'RETRY_WAITING')`);
  await setProgress(tx, orderId, sql`SELECT count(*)::int FROM square_codes WHERE order_id = ${orderId} AND status = 'DELETED'`);
  return row.n;
}

/** square.cancel done. */
export function finishCancel(tx: Db, orderId: string, to: SquareOrderState): Promise<void> {
  return finishMove(tx, orderId, to, sql`, cancelled_at = now(), cancelled_from = NULL`);
}

/** A job's last attempt failed: the order says so (its state stays: a retry by staff restarts it). */
export async function markJobFailure(db: Db, orderId: string): Promise<void> {
  await db.execute(sql`UPDATE square_orders SET failure = 'square.failure.job', updated_at = now() WHERE id = ${orderId}`);
}
