import type { Db } from '../db/client';
import type { AppConfig } from '../config';
import { UNFINISHED_AFTER_MS, type FileStorage } from '../lib/files';
import { enqueue } from './queue';
import type { JobRegistry } from './registry';
import { runCleanup, type CleanupCounts, type Retention } from './cleanup.repository';
import { jobWaiting, lockScheduling } from './repository';

export { runCleanup, type CleanupCounts, type Retention };

export const CLEANUP_JOB = 'maintenance.cleanup';

/** What the cleanup sweeps besides the tables, given by api.ts (each optional: a test's app may have none). */
export interface CleanupSweeps {
  /** the file storage's unfinished writes (a job killed mid-file) */
  files?: FileStorage;
  /** the outbox's e-mails whose job is gone (mail/mailer.ts, sweepOutbox) */
  outbox?: (now: Date) => Promise<{ requeued: number; failed: number }>;
}

/** Queues the next cleanup unless one is already queued or running (several instances share one). */
export async function scheduleCleanup(db: Db, delaySeconds: number, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    // one instance at a time decides (transaction-scoped advisory lock: released at commit)
    await lockScheduling(tx, 7262013002);
    if (!(await jobWaiting(tx, CLEANUP_JOB, ['queued', 'running']))) await enqueue(tx, CLEANUP_JOB, {}, { runAt: new Date(now.getTime() + delaySeconds * 1000), maxAttempts: 3 });
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
  if (!(await jobWaiting(db, CLEANUP_JOB, ['queued']))) await enqueue(db, CLEANUP_JOB, {}, { runAt: new Date(now.getTime() + delaySeconds * 1000), maxAttempts: 3 });
}
