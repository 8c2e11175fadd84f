import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import type { JobRegistry } from '../../jobs/registry';
import { jobWaiting, lockScheduling } from '../../jobs/repository';
import { addDays, businessDay, daysBetween } from './days';
import { firstLedgerMove, rewriteDays, unsummarizedDays } from './rollup.repository';

export { rewriteDays };

export const DASHBOARD_ROLLUP_JOB = 'dashboard.rollup';
/** the longest run of days one transaction rewrites (a backfill of a year is a dozen short transactions) */
export const ROLLUP_CHUNK_DAYS = 31;

/** The days between the ledger's first business day and `today` that no rewrite has summarized yet, as runs of consecutive days. */
export async function missingDayRuns(db: Db, today: string): Promise<Array<{ from: string; to: string }>> {
  const first = await firstLedgerMove(db);
  if (!first) return [];
  const firstDay = businessDay(first);
  if (firstDay > today) return [];
  const missing = await unsummarizedDays(db, firstDay, today);
  const runs: Array<{ from: string; to: string }> = [];
  for (const { day } of missing) {
    const last = runs.at(-1);
    if (last && addDays(last.to, 1) === day && daysBetween(last.from, day) <= ROLLUP_CHUNK_DAYS) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return runs;
}

export interface RollupResult {
  /** days rewritten */
  days: number;
}

/**
 * What the job does: rewrites yesterday and today (today's moves keep coming; yesterday's last ones
 * may land after midnight), then every day since the ledger's first that was never summarized (a
 * new installation, a restored database, a day the job did not run), in chunks of consecutive days,
 * each its own transaction, checking `signal` between them so a lost lease stops the writing.
 */
export async function runDashboardRollup(db: Db, now: Date, signal?: AbortSignal): Promise<RollupResult> {
  const today = businessDay(now);
  await rewriteDays(db, addDays(today, -1), today, now);
  let days = 2;
  for (const run of await missingDayRuns(db, today)) {
    signal?.throwIfAborted();
    await rewriteDays(db, run.from, run.to, now);
    days += daysBetween(run.from, run.to);
  }
  return { days };
}

/** Queues the next rollup unless one is already queued or running (several instances share one). */
export async function scheduleDashboardRollup(db: Db, delaySeconds: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // one instance at a time decides (transaction-scoped advisory lock: released at commit)
    await lockScheduling(tx, 7262021001);
    if (!(await jobWaiting(tx, DASHBOARD_ROLLUP_JOB, ['queued', 'running']))) await enqueue(tx, DASHBOARD_ROLLUP_JOB, {}, { runAt: new Date(now.getTime() + delaySeconds * 1000), maxAttempts: 3 });
  });
}

/**
 * The rollup job: runs, then queues the next one `rollupMinutes` later by the business clock (as
 * the cleanup job does: a clock moved forward in tests never makes it due at once, in a loop).
 */
export function registerDashboardRollupJob(registry: JobRegistry, db: Db, rollupMinutes: number, now: () => Date): void {
  registry.register(DASHBOARD_ROLLUP_JOB, async (_payload, { log, signal }) => {
    const result = await runDashboardRollup(db, now(), signal);
    log.info(result, 'dashboard rollup done');
    // this job is still 'running' while it queues its successor: only a queued one counts here
    if (!(await jobWaiting(db, DASHBOARD_ROLLUP_JOB, ['queued']))) await enqueue(db, DASHBOARD_ROLLUP_JOB, {}, { runAt: new Date(now().getTime() + rollupMinutes * 60_000), maxAttempts: 3 });
  });
}
