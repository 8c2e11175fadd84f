import { sql } from 'drizzle-orm';
import { generateCardCodes } from '../../../domain/codes';
import { queryRows, type Db } from '../../db/client';
import { lockBatch, setBatch } from './batches.repository';
import { allocateProgressives } from './progressives';

export interface GenerateOptions {
  /** cards per transaction (default: a twentieth of the batch, 1,000 to 10,000, so progress advances) */
  chunkSize?: number;
  /** code source (tests force collisions with it) */
  codes?: (count: number) => string[];
}

export const chunkSizeFor = (quantity: number) => Math.min(10_000, Math.max(1_000, Math.ceil(quantity / 20)));

/**
 * The batch generation job. First, in one short transaction with the batch row locked, the batch
 * takes its range of progressives from the typology's counter (so two generations of one
 * typology get disjoint, consecutive ranges) and turns IN_PROGRESS. Then the cards are inserted in
 * chunks, each chunk one multi-row INSERT in its own transaction together with the batch's
 * `generated_count`: a job that dies and runs again continues after the last committed chunk,
 * with the same range, so progressives never repeat nor skip. A code already taken anywhere
 * (unique index) is replaced by a fresh one in the same transaction: a collision is never an error.
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
  const chunk = options.chunkSize ?? chunkSizeFor(batch.quantity);
  let done = batch.generatedCount;
  while (done < batch.quantity) {
    const size = Math.min(chunk, batch.quantity - done);
    const first = batch.progressiveFrom + done;
    const start = done;
    await db.transaction(async (tx) => {
      let missing = Array.from({ length: size }, (_, i) => first + i);
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
        const present = new Set(made.map((r) => Number(r.progressive)));
        missing = missing.filter((p) => !present.has(p));
      }
      // the count moves only from the value this run read: a second runner of the same batch rolls back
      const [moved] = await queryRows<{ id: string }>(
        tx,
        sql`UPDATE card_batches SET generated_count = ${start + size}, updated_at = now() WHERE id = ${batchId} AND generated_count = ${start} RETURNING id`,
      );
      if (!moved) throw new Error('batch generation raced with another runner');
    });
    done += size;
  }
  await setBatch(db, batchId, sql`status = 'COMPLETED'`);
}
