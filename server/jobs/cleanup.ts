import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { AppConfig } from '../config';
import { UNFINISHED_AFTER_MS, type FileStorage } from '../lib/files';
import { enqueue } from './queue';
import type { JobRegistry } from './registry';

export const CLEANUP_JOB = 'maintenance.cleanup';
/** Rows deleted per statement: short transactions, no long lock on a busy table. */
const BATCH = 5000;

export type Retention = AppConfig['retention'];
export interface CleanupCounts {
  jobs: number;
  refreshTokens: number;
  idempotencyKeys: number;
  auditEvents: number;
  rateLimits: number;
  emails: number;
}

/** What the cleanup sweeps besides the tables, given by api.ts (each optional: a test's app may have none). */
export interface CleanupSweeps {
  /** the file storage's unfinished writes (a job killed mid-file) */
  files?: FileStorage;
  /** the outbox's e-mails whose job is gone (mail/mailer.ts, sweepOutbox) */
  outbox?: (now: Date) => Promise<{ requeued: number; failed: number }>;
}

async function deleteInBatches(db: Db, table: string, where: SQL, idColumn = 'id', signal?: AbortSignal): Promise<number> {
  let total = 0;
  const id = sql.identifier(idColumn);
  for (;;) {
    // the lease lost or a shutdown: each batch is a statement of its own, the next run deletes the rest
    signal?.throwIfAborted();
    const rows = await queryRows<{ n: string }>(
      db,
      sql`WITH gone AS (DELETE FROM ${sql.identifier(table)} WHERE ${id} IN (SELECT ${id} FROM ${sql.identifier(table)} WHERE ${where} LIMIT ${BATCH}) RETURNING 1)
          SELECT count(*) AS n FROM gone`,
    );
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

const olderThan = (column: string, seconds: number) => sql`${sql.identifier(column)} < now() - make_interval(secs => ${seconds})`;

/**
 * Deletes what has served its purpose, so no table grows without bound (each condition has its
 * index): finished jobs, refresh tokens expired for a while (kept a little past expiry so the
 * reuse of a just-expired token still ends its family), idempotency keys past their retention
 * (never a claim whose lease is live; a bulk's progress rows go with its key), old audit
 * rows (never younger than the brute-force window, which counts them), rate-limit counts an
 * hour past their window's end (an ended window counts nothing: the address's next hit restarts it)
 * and e-mails done (sent, printed, failed) for RETENTION_EMAILS_DAYS: their bodies hold links and
 * names no longer needed once the e-mail is history.
 */
export async function runCleanup(db: Db, retention: Retention, bruteForceWindowSeconds: number, signal?: AbortSignal): Promise<CleanupCounts> {
  const day = 86_400;
  return {
    jobs: await deleteInBatches(db, 'jobs', sql`status IN ('done', 'failed') AND ${olderThan('finished_at', retention.finishedJobsDays * day)}`, 'id', signal),
    refreshTokens: await deleteInBatches(db, 'refresh_tokens', olderThan('expires_at', retention.expiredRefreshTokensDays * day), 'id', signal),
    idempotencyKeys: await deleteInBatches(
      db,
      'idempotency_keys',
      sql`${olderThan('created_at', retention.idempotencyKeyHours * 3600)} AND (lease_expires_at IS NULL OR lease_expires_at < now())`,
      'id',
      signal,
    ),
    auditEvents: await deleteInBatches(db, 'audit_events', olderThan('created_at', Math.max(retention.auditDays * day, bruteForceWindowSeconds)), 'id', signal),
    rateLimits: await deleteInBatches(db, 'rate_limits', olderThan('reset_at', 3600), 'key', signal),
    emails: await deleteInBatches(db, 'email_outbox', sql`status IN ('sent', 'logged', 'failed') AND ${olderThan('created_at', retention.emailsDays * day)}`, 'id', signal),
  };
}

/** Queues the next cleanup unless one is already queued or running (several instances share one). */
export async function scheduleCleanup(db: Db, delaySeconds: number, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    // one instance at a time decides (transaction-scoped advisory lock: released at commit)
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7262013002)`);
    const pending = await queryRows(tx, sql`SELECT 1 FROM jobs WHERE name = ${CLEANUP_JOB} AND status IN ('queued', 'running') LIMIT 1`);
    if (pending.length === 0) await enqueue(tx, CLEANUP_JOB, {}, { runAt: new Date(now.getTime() + delaySeconds * 1000), maxAttempts: 3 });
  });
}

/**
 * Removes the debris of writes killed mid-way (a process killed during a report: its temporary
 * file, or its multipart upload) whose last sign of life is UNFINISHED_AFTER_MS older than `now`
 * (the business clock): never a write in progress, here or on another instance (lib/files.ts).
 */
export async function sweepUnfinishedFiles(files: FileStorage, now: Date): Promise<number> {
  return (await files.sweepUnfinished?.(new Date(now.getTime() - UNFINISHED_AFTER_MS))) ?? 0;
}

/**
 * The cleanup job: runs (the tables, then the file storage's unfinished writes and the outbox's
 * orphaned e-mails), then queues the next one `intervalMinutes` later by the runner's clock
 * (`now`: the business clock, so a clock moved forward in tests never makes it due at once, in a loop).
 */
export function registerCleanupJob(registry: JobRegistry, db: Db, config: AppConfig, now: () => Date = () => new Date(), sweeps: CleanupSweeps = {}): void {
  registry.register(CLEANUP_JOB, async (_payload, { log, signal }) => {
    const counts = await runCleanup(db, config.retention, config.bruteForce.windowSeconds, signal);
    // the storage unreachable is no reason to lose the next run (a failed job queues none): said, and tried again next time
    let unfinishedFiles: number | null = null;
    if (sweeps.files) {
      signal.throwIfAborted();
      const files = sweeps.files;
      unfinishedFiles = await sweepUnfinishedFiles(files, now()).catch((error: unknown) => {
        log.warn({ err: error }, 'cleanup: the unfinished files were not swept');
        return null;
      });
    }
    let outbox: { requeued: number; failed: number } | null = null;
    if (sweeps.outbox) {
      signal.throwIfAborted();
      outbox = await sweeps.outbox(now());
      if (outbox.requeued + outbox.failed > 0) log.warn(outbox, 'cleanup: e-mails whose job was gone were queued again (or failed, past their deadline)');
    }
    log.info({ ...counts, unfinishedFiles, outbox }, 'cleanup done');
    await scheduleNext(db, config.retention.intervalMinutes * 60, now());
  });
}

async function scheduleNext(db: Db, delaySeconds: number, now: Date): Promise<void> {
  // this job is still 'running' while it queues its successor: only a queued one counts here
  const queued = await queryRows(db, sql`SELECT 1 FROM jobs WHERE name = ${CLEANUP_JOB} AND status = 'queued' LIMIT 1`);
  if (queued.length === 0) await enqueue(db, CLEANUP_JOB, {}, { runAt: new Date(now.getTime() + delaySeconds * 1000), maxAttempts: 3 });
}
