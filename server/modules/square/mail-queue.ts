import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue';

/**
 * The job that drains the square communications queue (communications.sender.ts registers it):
 * it claims due rows of `square_communications` and sends them. Anyone who makes rows due (the
 * activation job, a resend) enqueues one run of it after writing them.
 */
export const SQUARE_MAIL_JOB = 'square.mail';

/**
 * Queues one e-mail per code of the order that has none yet (QUEUED), in the caller's
 * transaction, and the sender's job run: a restarted activation queues nothing twice (one
 * communication per code, by the unique index on code_id).
 */
export async function queueOrderMails(db: Db, orderId: string, codeIds?: readonly string[]): Promise<void> {
  const only = codeIds ? sql`AND c.id IN (${sql.join(codeIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  await db.execute(sql`
    INSERT INTO square_communications (order_id, code_id, company_id, recipient)
    SELECT c.order_id, c.id, c.company_id, c.email FROM square_codes c
    WHERE c.order_id = ${orderId} ${only}
    ON CONFLICT (code_id) DO NOTHING`);
  await queueSenderRun(db);
}

/** One run of the sender, now or at `runAt`, with the caller's executor (it commits with the rows it is for). */
export function queueSenderRun(db: Db, runAt?: Date): Promise<string> {
  return enqueue(db, SQUARE_MAIL_JOB, {}, { maxAttempts: 20, charge: 'mail', ...(runAt ? { runAt } : {}) });
}
