import { sql } from 'drizzle-orm';
import type { BulkBody } from '../../../domain/giftcards';
import { endOfDay } from '../../../domain/giftcardRules';
import { queryRows, type Db } from '../../db/client';
import { runBulkForJob } from '../giftcards/bulk.service';
import { lockBatch, setBatch } from './batches.repository';

export type ActivationMode = 'activate' | 'deactivate';

export interface ActivationPayload {
  batchId: string;
  mode: ActivationMode;
  userId: string;
  /** variable-value typologies: the value each card is activated with */
  amountCents?: number;
}

const STATES = {
  activate: { pending: 'PENDING_ACTIVATION', running: 'IN_PROGRESS_ACTIVATION', error: 'ERROR_ACTIVATION' },
  deactivate: { pending: 'PENDING_DEACTIVATE', running: 'IN_PROGRESS_DEACTIVATE', error: 'ERROR_DEACTIVATE' },
} as const;
export const activationStates = (mode: ActivationMode) => STATES[mode];

/** "3 × ALREADY_USED, 1 × INTERNAL_ERROR": why some cards were refused. */
function refusalSummary(failed: ReadonlyArray<{ error: string }>): string {
  const counts = new Map<string, number>();
  for (const f of failed) counts.set(f.error, (counts.get(f.error) ?? 0) + 1);
  return [...counts].map(([code, n]) => `${n} × ${code}`).join(', ');
}

/**
 * The activation / deactivation job of a batch: its cards that are not yet in the target state go
 * through the gift-card bulk machinery (the same rules and ACTIVATE / DEACTIVATE ledger rows as
 * the management list's bulk action), chunk by chunk, with `activation_count` advancing. Cards
 * already in the target state count as done, so a retried job finishes the rest. Any refused card
 * leaves the batch in ERROR_ACTIVATION / ERROR_DEACTIVATE with the refusal codes in `error_message`.
 */
export async function runBatchActivation(db: Db, payload: ActivationPayload, maxTransactionCents: number, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  const states = STATES[payload.mode];
  const batch = await db.transaction(async (tx) => {
    const locked = await lockBatch(tx, payload.batchId);
    if (!locked || (locked.status !== states.pending && locked.status !== states.running)) return null;
    await setBatch(tx, payload.batchId, sql`status = ${states.running}, error_message = NULL`);
    return locked;
  });
  if (!batch) return;
  const condition = payload.mode === 'activate' ? sql`status = 'NOT_ACTIVE'` : sql`status <> 'NOT_ACTIVE'`;
  const ids = (
    await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM gift_cards WHERE company_id = ${batch.companyId} AND lot_number = ${batch.lotNumber} AND ${condition} ORDER BY progressive`,
    )
  ).map((r) => r.id);
  await setBatch(db, payload.batchId, sql`activation_count = ${Math.max(0, batch.quantity - ids.length)}`);
  const body: BulkBody = { action: payload.mode, ids, params: payload.amountCents === undefined ? undefined : { amountCents: payload.amountCents } };
  const result = await runBulkForJob(db, { userId: payload.userId, permissions: {}, companyIds: [batch.companyId] }, body, ids, maxTransactionCents, {
    expireCap: payload.mode === 'activate' && batch.expireDate ? endOfDay(batch.expireDate) : null,
    // the job's lease lost (jobs/runner.ts): the chunk done is counted, and no other starts
    onChunk: async (handled) => {
      await setBatch(db, payload.batchId, sql`activation_count = activation_count + ${handled}`);
      signal?.throwIfAborted();
    },
  });
  if (result.failed.length > 0) {
    await setBatch(db, payload.batchId, sql`status = ${states.error}, error_message = ${refusalSummary(result.failed).slice(0, 500)}`);
    return;
  }
  signal?.throwIfAborted();
  const activatedAt = payload.mode === 'activate' ? sql`now()` : sql`NULL`;
  await setBatch(db, payload.batchId, sql`status = 'COMPLETED', activated_at = ${activatedAt}, activation_count = quantity`);
}
