import type { Db } from '../../db/client';
import type { JobRegistry } from '../../jobs/registry';
import { enqueue } from '../../jobs/queue';
import { jobWaiting } from '../../jobs/repository';
import type { FileStorage } from '../../lib/files';
import { csvDownload } from '../../lib/csv-export';
import { auditCsv } from './export';
import { auditRetiringRows, newestAuditIdBefore, retireAuditRows } from './trail.repository';

export const AUDIT_RETENTION_JOB = 'audit.retention';
const DAY_MS = 86_400_000;

export interface RetentionResult {
  /** the file the rows went to; null when no row was old enough */
  fileKey: string | null;
  deleted: number;
}

/**
 * The audit trail's retention: the rows older than `retentionDays` go to a CSV file in the file
 * storage (Italian, Europe/Rome, the trail's export columns), and only once the file is complete
 * are they deleted, by `audit_log_retire` (migration 0014): the runtime role may not delete audit
 * rows itself, the function runs as the table's owner. The set is fixed first (up to the newest
 * old row's id), so rows written meanwhile are neither exported nor deleted; a failed export
 * deletes nothing. The job's `signal` (its lease lost, or a shutdown) stops the export between
 * slices of rows: the storage abandons the unfinished file and nothing is deleted; the next run
 * exports again. A complete file is retired at once (one statement).
 */
export async function runAuditRetention(db: Db, files: FileStorage, retentionDays: number, now: Date, signal?: AbortSignal): Promise<RetentionResult> {
  signal?.throwIfAborted();
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const lastId = await newestAuditIdBefore(db, cutoff);
  if (!lastId) return { fileKey: null, deleted: 0 };
  // the same rows as audit_log_retire deletes
  const rows = auditRetiringRows(cutoff, lastId);
  const fileKey = `audit/retention-${cutoff.slice(0, 10)}-${lastId}.csv`;
  await files.put(fileKey, csvDownload(db, auditCsv(rows, { language: 'it', timeZone: 'Europe/Rome' }), { onRows: async () => signal?.throwIfAborted() }), 'text/csv; charset=utf-8');
  return { fileKey, deleted: await retireAuditRows(db, cutoff, lastId) };
}

/** Queues the next retention run unless one is queued (several instances share one). */
export async function scheduleAuditRetention(db: Db, delaySeconds: number, now: Date): Promise<void> {
  if (!(await jobWaiting(db, AUDIT_RETENTION_JOB, ['queued']))) await enqueue(db, AUDIT_RETENTION_JOB, {}, { runAt: new Date(now.getTime() + delaySeconds * 1000), maxAttempts: 3 });
}

/** The daily job: runs, then queues the next one a day later by the business clock. */
export function registerAuditJobs(registry: JobRegistry, deps: { db: Db; files: FileStorage; retentionDays: number; now: () => Date }): void {
  registry.register(AUDIT_RETENTION_JOB, async (_payload, { log, signal }) => {
    const result = await runAuditRetention(deps.db, deps.files, deps.retentionDays, deps.now(), signal);
    log.info(result, 'audit retention done');
    await scheduleAuditRetention(deps.db, 86_400, deps.now());
  });
}
