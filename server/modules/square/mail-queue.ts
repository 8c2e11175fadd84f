import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import { insertOrderCommunications } from './communications-queue.repository';

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
  await insertOrderCommunications(db, orderId, codeIds);
  await queueSenderRun(db);
}

/** One run of the sender, now or at `runAt`, with the caller's executor (it commits with the rows it is for). */
export function queueSenderRun(db: Db, runAt?: Date): Promise<string> {
  return enqueue(db, SQUARE_MAIL_JOB, {}, { maxAttempts: 20, charge: 'mail', ...(runAt ? { runAt } : {}) });
}
