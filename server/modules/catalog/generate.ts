import { generateCardCodes } from '../../../domain/codes';
import type { Db } from '../../db/client';
import { nextTurn } from '../../lib/streams';
import { addGeneratedCount, generatedCount, lockBatch, lockGenerationChunk, markBatchCompleted, markBatchRunning, startGeneration } from './batches.repository';
import { insertLotCards, lotCardsInRange, lotProgressivesInRange } from './lot-cards.repository';
import { allocateProgressives } from './progressives.repository';

export interface GenerateOptions {
  /** code source (tests force collisions with it) */
  codes?: (count: number) => string[];
  /** aborts when the job's lease is lost: no chunk is started after it (the new owner makes the rest) */
  signal?: AbortSignal;
}

/** Cards per chunk: a twentieth of the batch, 1,000 to 10,000, so the progress bar advances. Fixed per batch (chunk k always covers the same progressives). */
export const chunkSizeFor = (quantity: number) => Math.min(10_000, Math.max(1_000, Math.ceil(quantity / 20)));
/** Chunks written at once: PostgreSQL inserts on two connections nearly twice as fast (PGlite runs them one after the other). */
const PARALLEL_CHUNKS = 2;

/**
 * The batch generation job. First, in one short transaction with the batch row locked, the batch
 * takes its range of progressives from the typology's counter (so two generations of one
 * typology get disjoint, consecutive ranges) and turns IN_PROGRESS. Then the cards are inserted in
 * fixed chunks of the range, two at a time, each chunk one multi-row INSERT in its own
 * transaction together with the batch's `generatedCount`. A chunk first takes an advisory lock of
 * its own and skips itself when its cards are there, so a job that dies and runs again (or a second
 * runner of the same job) makes only the chunks left, with the same range: progressives never
 * repeat nor skip. A code already taken anywhere (unique index) is replaced by a fresh one in the
 * same transaction: a collision is never an error.
 */
export async function generateBatchCards(db: Db, batchId: string, options: GenerateOptions = {}): Promise<void> {
  const codes = options.codes ?? generateCardCodes;
  const batch = await db.transaction(async (tx) => {
    const locked = await lockBatch(tx, batchId);
    if (!locked || (locked.status !== 'PENDING' && locked.status !== 'IN_PROGRESS')) return null;
    if (locked.progressiveFrom === null) {
      const range = await allocateProgressives(tx, locked.typologyId, locked.quantity);
      await startGeneration(tx, batchId, range);
      locked.progressiveFrom = range.from;
    } else if (locked.status === 'PENDING') {
      await markBatchRunning(tx, batchId, 'IN_PROGRESS');
    }
    return locked;
  });
  if (!batch || batch.progressiveFrom === null) return;
  const from = batch.progressiveFrom;
  const size = chunkSizeFor(batch.quantity);
  const chunks = Math.ceil(batch.quantity / size);

  const makeChunk = (k: number) =>
    db.transaction(async (tx) => {
      const first = from + k * size;
      const last = Math.min(from + batch.quantity, first + size) - 1;
      await lockGenerationChunk(tx, batchId, k);
      // chunks commit whole: any card of the chunk means another run made it
      if ((await lotCardsInRange(tx, batch, first, last)) > 0) return;
      let missing = Array.from({ length: last - first + 1 }, (_, i) => first + i);
      const count = missing.length;
      for (let round = 0; missing.length > 0; round++) {
        if (round === 10) throw new Error('could not find free codes');
        const fresh = codes(missing.length);
        // only the count comes back; the rare collision is looked up afterwards
        if ((await insertLotCards(tx, batch, fresh, missing)) === missing.length) break;
        const there = new Set(await lotProgressivesInRange(tx, batch, missing[0], missing[missing.length - 1]));
        missing = missing.filter((p) => !there.has(p));
      }
      await addGeneratedCount(tx, batchId, count);
    });

  let next = 0;
  let failed = false;
  const worker = async () => {
    try {
      for (let k = next++; k < chunks && !failed; k = next++) {
        options.signal?.throwIfAborted();
        await makeChunk(k);
        // a full turn between chunks: on embedded PGlite (its queries on this thread; the demo's
        // worker) requests are answered while a large batch generates, not after it
        await nextTurn();
      }
    } catch (error) {
      failed = true; // the other worker stops after its chunk: the job fails once nothing runs
      throw error;
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL_CHUNKS, chunks) }, worker));
  const failure = outcomes.find((o) => o.status === 'rejected');
  if (failure) throw failure.reason;
  const made = await generatedCount(db, batchId);
  if (made !== batch.quantity) throw new Error(`batch has ${made} of ${batch.quantity} cards`);
  options.signal?.throwIfAborted();
  await markBatchCompleted(db, batchId);
}
