import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * Takes the next `count` progressives of a typology: one statement on the typology's counter row
 * (`typology_progressives`), which it inserts the first time (continuing from the typology's
 * highest card) and otherwise increments. The row stays locked until the caller's transaction
 * ends, so concurrent callers get consecutive ranges that neither overlap nor leave a gap; a
 * rolled-back caller gives its range back. Every code path that mints cards takes its
 * progressives here (batches; orders minting digital cards).
 */
export async function allocateProgressives(tx: Db, typologyId: string, count: number): Promise<{ from: number; to: number }> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`cannot allocate ${count} progressives`);
  const [row] = await queryRows<{ last: string | number }>(
    tx,
    sql`INSERT INTO typology_progressives AS p (typology_id, last_progressive)
        VALUES (${typologyId}, (SELECT coalesce(max(progressive), 0) FROM gift_cards WHERE typology_id = ${typologyId}) + ${count})
        ON CONFLICT (typology_id) DO UPDATE SET last_progressive = p.last_progressive + ${count}
        RETURNING p.last_progressive AS last`,
  );
  const to = Number(row.last);
  return { from: to - count + 1, to };
}
