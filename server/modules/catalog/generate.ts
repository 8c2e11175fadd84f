import { sql } from 'drizzle-orm';
import { generateCardCodes } from '../../../domain/codes';
import { queryRows, type Db } from '../../db/client';
import { nextTurn } from '../../lib/streams';
import { lockBatch, setBatch } from './batches.repository';
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
      await setBatch(tx, batchId, sql`progressive_from = ${range.from}, progressive_to = ${range.to}, status = 'IN_PROGRESS', error_message = NULL`);
      locked.progressiveFrom = range.from;
    } else if (locked.status === 'PENDING') {
      await setBatch(tx, batchId, sql`status = 'IN_PROGRESS', error_message = NULL`);
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
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${batchId}), ${k})`);
      const [present] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM gift_cards WHERE company_id = ${batch.companyId} AND lot_number = ${batch.lotNumber} AND progressive BETWEEN ${first} AND ${last}`,
      );
      // chunks commit whole: any card of the chunk means another run made it
      if (present.n > 0) return;
      let missing = Array.from({ length: last - first + 1 }, (_, i) => first + i);
      const count = missing.length;
      for (let round = 0; missing.length > 0; round++) {
        if (round === 10) throw new Error('could not find free codes');
        const fresh = codes(missing.length);
        // only the count comes back; the rare collision is looked up afterwards
        const [{ n }] = await queryRows<{ n: number }>(
          tx,
          sql`WITH made AS (
                INSERT INTO gift_cards (company_id, typology_id, code, progressive, lot_number, order_reference, status)
                SELECT ${batch.companyId}, ${batch.typologyId}, u.code, u.progressive, ${batch.lotNumber}, ${batch.orderReference}, 'NOT_ACTIVE'
                FROM unnest(string_to_array(${fresh.join(',')}, ','), string_to_array(${missing.join(',')}, ',')::bigint[]) AS u(code, progressive)
                ON CONFLICT (code) DO NOTHING
                RETURNING 1)
              SELECT count(*)::int AS n FROM made`,
        );
        if (n === missing.length) break;
        const made = await queryRows<{ progressive: string | number }>(
          tx,
          sql`SELECT progressive FROM gift_cards WHERE company_id = ${batch.companyId} AND lot_number = ${batch.lotNumber}
                AND progressive BETWEEN ${missing[0]} AND ${missing[missing.length - 1]}`,
        );
        const there = new Set(made.map((r) => Number(r.progressive)));
        missing = missing.filter((p) => !there.has(p));
      }
      await tx.execute(sql`UPDATE card_batches SET generated_count = generated_count + ${count}, updated_at = now() WHERE id = ${batchId}`);
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
  const [{ made }] = await queryRows<{ made: number }>(db, sql`SELECT generated_count AS made FROM card_batches WHERE id = ${batchId}`);
  if (made !== batch.quantity) throw new Error(`batch has ${made} of ${batch.quantity} cards`);
  options.signal?.throwIfAborted();
  await setBatch(db, batchId, sql`status = 'COMPLETED'`);
}
