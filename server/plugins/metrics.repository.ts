import type { Db } from '../db/client';
import { timedRows } from '../db/migration-state';

/**
 * The metrics' reads at scrape time (metrics.ts; Node only, like the plugin): probes, given up
 * after `ms` whatever happens (db/migration-state.ts, timedRows), so a scrape answers even when
 * the database does not.
 */

/** Each job kind's counts at `now` (the business clock): queued and due, queued for later, running, failed, and how long the oldest due one has waited (seconds). */
export function jobQueueCounts(db: Db, now: Date, ms: number) {
  return timedRows<{ name: string; queued_due: number; queued_later: number; running: number; failed: number; oldest: number | null }>(
    db,
    `SELECT name,
       count(*) FILTER (WHERE status = 'queued' AND run_at <= $1::timestamptz)::int AS queued_due,
       count(*) FILTER (WHERE status = 'queued' AND run_at > $1::timestamptz)::int AS queued_later,
       count(*) FILTER (WHERE status = 'running')::int AS running,
       count(*) FILTER (WHERE status = 'failed')::int AS failed,
       extract(epoch FROM $1::timestamptz - min(run_at) FILTER (WHERE status = 'queued' AND run_at <= $1::timestamptz))::float8 AS oldest
     FROM jobs WHERE status IN ('queued', 'running', 'failed') GROUP BY name`,
    [now.toISOString()],
    ms,
  );
}

/**
 * E-mails by channel (the outbox, square communications) and status: counts over each table's status
 * index (email_outbox_status_idx, square_communications_due_idx).
 */
export function emailStatusCounts(db: Db, ms: number) {
  return timedRows<{ channel: string; status: string; n: number }>(
    db,
    `SELECT 'outbox' AS channel, status, count(*)::int AS n FROM email_outbox GROUP BY status
     UNION ALL
     SELECT 'square' AS channel, status, count(*)::int AS n FROM square_communications GROUP BY status`,
    [],
    ms,
  );
}
