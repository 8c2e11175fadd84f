import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { jobs } from '../db/schema';

/**
 * The SQL of the jobs table: a job queued (queue.ts), claimed, its lease renewed, ended, retried or
 * given back (runner.ts). Only the holder (`locked_by`) writes a running job's outcome. `due` is the
 * business clock's now when the runner has one, else the database's (null): retries are scheduled
 * from the same clock, so a clock moved forward never makes a job due again at once, in a loop.
 */

export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  retry_until: Date | string | null;
}

const CLAIMED = sql`RETURNING id, name, payload, attempts, max_attempts, retry_until`;

const dueSql = (due: Date | null): SQL => (due ? sql`${due.toISOString()}::timestamptz` : sql`now()`);

/** A new job row (queue.ts's enqueue, which charges the request first, is its one caller); answers its id. */
export async function insertJob(db: Db, values: typeof jobs.$inferInsert): Promise<string> {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  return row.id;
}

/** Claims, for each queue given, up to its free slots of due jobs of its kinds, oldest due first, in one UPDATE. */
export function claimDueJobs(
  db: Db,
  workerId: string,
  queues: ReadonlyArray<{ kinds: readonly string[]; slots: number; unhandled: boolean }>,
  handledKinds: readonly string[],
  due: Date | null,
): Promise<ClaimedJob[]> {
  // kinds are letters, digits and . _ : - (jobs/registry.ts): a comma-separated list is safe
  const list = (kinds: readonly string[]) => sql`string_to_array(${kinds.join(',')}::text, ',')`;
  const values = sql.join(
    queues.map((q) => sql`(${list(q.kinds)}, ${q.slots}::int, ${q.unhandled}::boolean)`),
    sql`, `,
  );
  return queryRows<ClaimedJob>(
    db,
    sql`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${workerId}
    WHERE id IN (
      SELECT due.id FROM (VALUES ${values}) AS q(kinds, slots, unhandled)
      CROSS JOIN LATERAL (
        SELECT id FROM jobs
        WHERE status = 'queued' AND run_at <= ${dueSql(due)}
          AND (name = ANY(q.kinds) OR (q.unhandled AND name <> ALL(${list(handledKinds)})))
        ORDER BY run_at LIMIT q.slots FOR UPDATE SKIP LOCKED) AS due)
    ${CLAIMED}`,
  );
}

/** Claims the oldest due job, whatever its kind (runOne). */
export async function claimOldestDueJob(db: Db, workerId: string, due: Date | null): Promise<ClaimedJob | undefined> {
  const [job] = await queryRows<ClaimedJob>(
    db,
    sql`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${workerId}
    WHERE id = (
      SELECT id FROM jobs WHERE status = 'queued' AND run_at <= ${dueSql(due)}
      ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    ${CLAIMED}`,
  );
  return job;
}

/** Moves the worker's lock on (the lease); false when the job is no longer its own. */
export async function renewJobLock(db: Db, jobId: string, workerId: string): Promise<boolean> {
  const renewed = await queryRows<{ id: string }>(db, sql`UPDATE jobs SET locked_at = now() WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running' RETURNING id`);
  return renewed.length > 0;
}

export async function markJobDone(db: Db, jobId: string, workerId: string): Promise<void> {
  await db.execute(sql`
    UPDATE jobs SET status = 'done', finished_at = now(), locked_at = NULL, locked_by = NULL, last_error = NULL
    WHERE id = ${jobId} AND locked_by = ${workerId}`);
}

/** A failed attempt: failed for good (`final`), or queued again `delayMs` after `from` with its retry window. */
export async function markJobFailed(db: Db, jobId: string, workerId: string, f: { final: boolean; delayMs: number; retryUntil: Date | null; error: string; from: Date | null }): Promise<void> {
  await db.execute(sql`
    UPDATE jobs SET
      status = ${f.final ? 'failed' : 'queued'},
      finished_at = ${f.final ? sql`now()` : sql`NULL`},
      run_at = ${dueSql(f.from)} + make_interval(secs => ${f.delayMs / 1000}),
      retry_until = ${f.retryUntil ? f.retryUntil.toISOString() : null}::timestamptz,
      last_error = ${f.error}, locked_at = NULL, locked_by = NULL
    WHERE id = ${jobId} AND locked_by = ${workerId}`);
}

/** Queues a job the worker holds again at once, its attempt not counted; false when it is no longer the worker's. */
export async function releaseJob(db: Db, jobId: string, workerId: string, reason: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    UPDATE jobs SET status = 'queued', attempts = greatest(attempts - 1, 0), run_at = now(),
      locked_at = NULL, locked_by = NULL, last_error = ${reason}
    WHERE id = ${jobId} AND locked_by = ${workerId} AND status = 'running'
    RETURNING id`,
  );
  return rows.length === 1;
}

/** Re-queues (or fails, attempts and retry window used up) running jobs whose lock was not renewed for `staleAfterSeconds`. */
export async function requeueStale(db: Db, staleAfterSeconds: number, due: Date | null): Promise<void> {
  await db.execute(sql`
    UPDATE jobs SET
      status = CASE WHEN attempts >= max_attempts AND (retry_until IS NULL OR retry_until <= ${dueSql(due)}) THEN 'failed' ELSE 'queued' END,
      last_error = 'lock expired (worker stopped while running the job)',
      locked_at = NULL, locked_by = NULL, run_at = now()
    WHERE status = 'running' AND locked_at < now() - make_interval(secs => ${staleAfterSeconds})`);
}

/** Whether a job of this kind is in one of these states (a recurring job queues its successor only once). */
export async function jobWaiting(db: Db, name: string, statuses: readonly ('queued' | 'running')[]): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM jobs WHERE name = ${name} AND status IN (${sql.join(statuses.map((st) => sql`${st}`), sql`, `)}) LIMIT 1`);
  return rows.length > 0;
}

/**
 * One instance at a time decides whether to queue a recurring job's next run: a transaction-scoped
 * advisory lock (released at commit) under the caller's key.
 */
export async function lockScheduling(tx: Db, key: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${key})`);
}

/** The queued job of this kind due first, if any. */
export async function firstQueuedJob(db: Db, name: string): Promise<{ id: string; run_at: Date | string } | undefined> {
  const [queued] = await queryRows<{ id: string; run_at: Date | string }>(db, sql`SELECT id, run_at FROM jobs WHERE name = ${name} AND status = 'queued' ORDER BY run_at LIMIT 1`);
  return queued;
}

/** Moves a queued job's due time. */
export async function setJobRunAt(db: Db, id: string, at: Date): Promise<void> {
  await db.execute(sql`UPDATE jobs SET run_at = ${at.toISOString()}::timestamptz WHERE id = ${id}`);
}
