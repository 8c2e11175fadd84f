import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { EMAIL_PENDING_SQL, EMAIL_PENDING_STATUSES } from '../db/schema/outbox';

/** The SQL of the e-mail outbox (mailer.ts decides: what to write, when to send, retry or give up). */

type OutboxRow = typeof emailOutbox.$inferSelect;

/** An outbox row (mailer.ts's writeOutboxRow, after enqueue has charged the request, is its one caller). */
export async function insertOutboxRow(db: Db, row: typeof emailOutbox.$inferInsert): Promise<void> {
  await db.insert(emailOutbox).values(row);
}

export async function findOutboxRow(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

/** A send's outcome, or the job that now carries the row. */
export async function setOutboxRow(db: Db, id: string, values: Partial<Pick<OutboxRow, 'status' | 'attempts' | 'sentAt' | 'lastError' | 'jobId'>>): Promise<void> {
  await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id));
}

/**
 * E-mails still to deliver, written before `writtenBefore`, that no queued or running `jobName` job
 * carries (the outbox sweep's orphans), the oldest first, at most 1000 a sweep.
 */
export function orphanedOutboxRows(db: Db, jobName: string, writtenBefore: Date): Promise<Array<{ id: string; created_at: Date | string }>> {
  return queryRows<{ id: string; created_at: Date | string }>(
    db,
    sql`SELECT o.id, o.created_at FROM email_outbox o
        WHERE o.status IN (${EMAIL_PENDING_SQL}) AND o.created_at < ${writtenBefore.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.name = ${jobName} AND j.status IN ('queued', 'running') AND j.payload->>'outboxId' = o.id::text)
        ORDER BY o.created_at LIMIT 1000`,
  );
}

/** Fails an e-mail for good, unless it was settled meanwhile (still one to deliver). */
export async function failPendingOutboxRow(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'failed', lastError: reason })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, [...EMAIL_PENDING_STATUSES])));
}
