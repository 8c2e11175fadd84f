import type { Db } from '../db/client';
import { chargeQueuedWork, type WorkKind } from '../lib/work-limits';
import { insertJob } from './repository';

export interface EnqueueOptions {
  /** run no earlier than this (default now) */
  runAt?: Date;
  maxAttempts?: number;
  /** a failure before this time is retried whatever `maxAttempts` says (jobs/registry.ts, RetryLater) */
  retryUntil?: Date;
  /** what the request it runs for is charged as (lib/work-limits.ts): background work (default) or an e-mail */
  charge?: WorkKind;
}

/**
 * Inserts a job with the caller's executor, so a job written inside a transaction commits (or
 * rolls back) with the rows it is about. Waking the runner is separate: call `wake()` after the
 * commit, otherwise the runner may look before the row is visible (it would then find it on the
 * next poll anyway).
 */
export async function enqueue(db: Db, name: string, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
  // the request this work is queued for pays for it (lib/work-limits.ts): past its budget, 429 and nothing queued
  await chargeQueuedWork(db, options.charge ?? 'work');
  return insertJob(db, { name, payload: payload ?? {}, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 5, retryUntil: options.retryUntil ?? null });
}
