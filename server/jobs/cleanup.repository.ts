import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { AppConfig } from '../config';

/** The cleanup's deletes (cleanup.ts runs them, then the sweeps, then queues the next run). */

export type Retention = AppConfig['retention'];
export interface CleanupCounts {
  jobs: number;
  refreshTokens: number;
  idempotencyKeys: number;
  auditEvents: number;
  rateLimits: number;
  emails: number;
}

/** Rows deleted per statement: short transactions, no long lock on a busy table. */
const BATCH = 5000;

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
