import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../db/company-scope';

/**
 * The SQL of the communications queue (`square_communications` is its own queue): an order's
 * e-mails queued (mail-queue.ts), and the sender's claim, lease renewal, settling of a try and
 * next due time (communications.sender.ts decides what each try's outcome makes of the row).
 */

/** A claimed communication, with what its e-mail needs. */
export interface ClaimedCommunication {
  id: string;
  recipient: string;
  retry_number: number;
  tries: number;
  code: string;
  first_name: string;
  amount_cents: string | number;
  expire_date: Date | string | null;
  host: string;
  order_number: string;
  language: string;
}

/**
 * One communication (QUEUED) per code of the order that has none yet (`codeIds`: of these codes
 * only), in the caller's transaction: one per code by the unique index on code_id.
 */
export async function insertOrderCommunications(db: Db, orderId: string, codeIds?: readonly string[]): Promise<void> {
  const only = codeIds ? sql`AND ${inIds(sql`c.id`, codeIds)}` : sql``;
  await db.execute(sql`
    INSERT INTO square_communications (order_id, code_id, company_id, recipient)
    SELECT c.order_id, c.id, c.company_id, c.email FROM square_codes c
    WHERE c.order_id = ${orderId} ${only}
    ON CONFLICT (code_id) DO NOTHING`);
}

/**
 * Takes up to `limit` due rows (QUEUED, a retry come due, a SENDING row whose lease ran out) for
 * this runner until `leaseUntil`, oldest first, in one statement: FOR UPDATE SKIP LOCKED, so two
 * runners never take one row.
 */
export async function claimDueCommunications(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedCommunication[]> {
  const at = now.toISOString();
  return queryRows<ClaimedCommunication>(
    db,
    sql`WITH claimed AS (
          UPDATE square_communications SET status = 'SENDING', lease_until = ${leaseUntil.toISOString()}::timestamptz
          WHERE id IN (
            SELECT id FROM square_communications
            WHERE status = 'QUEUED'
               OR (status = 'RETRY_WAITING' AND next_attempt_at <= ${at}::timestamptz)
               OR (status = 'SENDING' AND lease_until < ${at}::timestamptz)
            ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id, recipient, retry_number, tries, code_id, order_id)
        SELECT m.id, m.recipient, m.retry_number, m.tries, c.code, c.first_name, c.amount_cents, c.expire_date, o.host, o.order_number, o.language
        FROM claimed m JOIN square_codes c ON c.id = m.code_id JOIN square_orders o ON o.id = m.order_id`,
  );
}

/** A try's outcome as the row keeps it. */
export interface SettledTry {
  status: 'SENT' | 'FAILED' | 'RETRY_WAITING';
  tryNumber: number;
  outcome: 'sent' | 'temporary' | 'permanent';
  answer: string | null;
  /** ISO instants */
  nextAttemptAt: string | null;
  sentAt: string | null;
  at: string;
}

/**
 * Moves the row on and records the try (square_communication_sends), in one statement; only while
 * the runner still holds it (SENDING with the lease `leaseUntil`), so a runner that lost it writes nothing.
 */
export async function settleCommunication(db: Db, id: string, leaseUntil: Date, t: SettledTry): Promise<void> {
  await db.execute(sql`
    WITH settled AS (
      UPDATE square_communications SET status = ${t.status}, tries = ${t.tryNumber}, lease_until = NULL, last_smtp_answer = ${t.answer},
        next_attempt_at = ${t.nextAttemptAt}::timestamptz, sent_at = ${t.sentAt}::timestamptz
      WHERE id = ${id} AND status = 'SENDING' AND lease_until = ${leaseUntil.toISOString()}::timestamptz
      RETURNING id, retry_number, tries)
    INSERT INTO square_communication_sends (communication_id, retry_number, try_number, outcome, smtp_answer, at)
    SELECT id, retry_number, tries, ${t.outcome}, ${t.answer}, ${t.at}::timestamptz FROM settled`);
}

/** Moves the lease of the rows `ids` from `heldUntil` to `leaseUntil`; answers the ids still held (the others are another run's now). */
export async function renewCommunicationLeases(db: Db, ids: readonly string[], heldUntil: Date, leaseUntil: Date): Promise<string[]> {
  const renewed = await queryRows<{ id: string }>(
    db,
    sql`UPDATE square_communications SET lease_until = ${leaseUntil.toISOString()}::timestamptz
        WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
          AND status = 'SENDING' AND lease_until = ${heldUntil.toISOString()}::timestamptz
        RETURNING id`,
  );
  return renewed.map((r) => r.id);
}

/** When the queue next needs a run: a retry coming due, or a lease running out (a runner that died). */
export async function nextCommunicationDue(db: Db): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`SELECT least(
          (SELECT min(next_attempt_at) FROM square_communications WHERE status = 'RETRY_WAITING'),
          (SELECT min(lease_until) FROM square_communications WHERE status = 'SENDING')) AS at`,
  );
  return row?.at ? new Date(row.at) : null;
}
