import { refusalSummary } from '../../../domain/catalog';
import type { BulkBody } from '../../../domain/giftcards';
import { endOfDay } from '../../../domain/giftcardRules';
import type { Db } from '../../db/client';
import { runBulkForJob } from '../giftcards/bulk.service';
import { addActivationCount, lockBatch, markActivationCompleted, markBatchError, markBatchRunning, setActivationCount } from './batches.repository';
import { lotCardIdsToSwitch } from './lot-cards.repository';

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
    await markBatchRunning(tx, payload.batchId, states.running);
    return locked;
  });
  if (!batch) return;
  const ids = await lotCardIdsToSwitch(db, batch, payload.mode);
  await setActivationCount(db, payload.batchId, Math.max(0, batch.quantity - ids.length));
  const body: BulkBody = { action: payload.mode, ids, params: payload.amountCents === undefined ? undefined : { amountCents: payload.amountCents } };
  const result = await runBulkForJob(db, { userId: payload.userId, permissions: {}, companyIds: [batch.companyId] }, body, ids, maxTransactionCents, {
    expireCap: payload.mode === 'activate' && batch.expireDate ? endOfDay(batch.expireDate) : null,
    // the job's lease lost (jobs/runner.ts): the chunk done is counted, and no other starts
    onChunk: async (handled) => {
      await addActivationCount(db, payload.batchId, handled);
      signal?.throwIfAborted();
    },
  });
  if (result.failed.length > 0) {
    await markBatchError(db, payload.batchId, states.error, refusalSummary(result.failed.map((f) => f.error)).slice(0, 500));
    return;
  }
  signal?.throwIfAborted();
  await markActivationCompleted(db, payload.batchId, payload.mode === 'activate');
}
