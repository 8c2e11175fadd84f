import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { JobRegistry } from '../../jobs/registry';

// scaffold: filled in by the issue-10 work on this file

/** Scheduled notification work (the monthly statement). */
export function registerNotificationJobs(_ctx: AppContext, _registry: JobRegistry): void {}

/**
 * After a run ended (COMPLETED, or with rows refused at run time): queues the "run done" or
 * "run failed" e-mail when the company asked for it. Call after the run's final commit; it is
 * safe to call twice for one run (it sends once).
 */
export async function notifyRunFinished(_ctx: AppContext, _runId: string): Promise<void> {}

/**
 * After money left a wallet: queues the "plafond below threshold" e-mail when the available
 * balance crossed the company's threshold (once per crossing). `tx` may be the transaction that
 * moved the money, so the e-mail commits with it.
 */
export async function checkLowBalance(_tx: Db, _ctx: AppContext, _companyId: string): Promise<void> {}
