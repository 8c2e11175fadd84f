import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * A batch's cards: the company's gift cards of its lot, read and written by progressive on
 * gift_cards_company_lot_idx.
 */
export interface Lot {
  companyId: string;
  lotNumber: string;
}

/** The lot's cards an activation (NOT_ACTIVE ones) or a deactivation (the others) still has to switch, in progressive order. */
export async function lotCardIdsToSwitch(db: Db, lot: Lot, mode: 'activate' | 'deactivate'): Promise<string[]> {
  const condition = mode === 'activate' ? sql`status = 'NOT_ACTIVE'` : sql`status <> 'NOT_ACTIVE'`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM gift_cards WHERE company_id = ${lot.companyId} AND lot_number = ${lot.lotNumber} AND ${condition} ORDER BY progressive`,
  );
  return rows.map((r) => r.id);
}

/** The lot's next `limit` cards after progressive `after` (keyset page). */
export async function lotCardPage(db: Db, lot: Lot, after: number, limit: number): Promise<Array<{ code: string; progressive: number }>> {
  const rows = await queryRows<{ code: string; progressive: string | number }>(
    db,
    sql`SELECT code, progressive FROM gift_cards WHERE company_id = ${lot.companyId} AND lot_number = ${lot.lotNumber} AND progressive > ${after}
          ORDER BY progressive LIMIT ${limit}`,
  );
  return rows.map((r) => ({ code: r.code, progressive: Number(r.progressive) }));
}

/** How many of the lot's cards have a progressive from `first` to `last`. */
export async function lotCardsInRange(tx: Db, lot: Lot, first: number, last: number): Promise<number> {
  const [present] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM gift_cards WHERE company_id = ${lot.companyId} AND lot_number = ${lot.lotNumber} AND progressive BETWEEN ${first} AND ${last}`,
  );
  return present.n;
}

/** The progressives from `first` to `last` the lot's cards have. */
export async function lotProgressivesInRange(tx: Db, lot: Lot, first: number, last: number): Promise<number[]> {
  const made = await queryRows<{ progressive: string | number }>(
    tx,
    sql`SELECT progressive FROM gift_cards WHERE company_id = ${lot.companyId} AND lot_number = ${lot.lotNumber}
          AND progressive BETWEEN ${first} AND ${last}`,
  );
  return made.map((r) => Number(r.progressive));
}

/**
 * New NOT_ACTIVE cards of the lot, `codes[i]` with `progressives[i]`, in one multi-row INSERT; a
 * code already taken anywhere (unique index) is skipped. Answers how many were made (only the
 * count comes back: the rare collision is looked up afterwards).
 */
export async function insertLotCards(
  tx: Db,
  lot: Lot & { typologyId: string; orderReference: string | null },
  codes: readonly string[],
  progressives: readonly number[],
): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`WITH made AS (
          INSERT INTO gift_cards (company_id, typology_id, code, progressive, lot_number, order_reference, status)
          SELECT ${lot.companyId}, ${lot.typologyId}, u.code, u.progressive, ${lot.lotNumber}, ${lot.orderReference}, 'NOT_ACTIVE'
          FROM unnest(string_to_array(${codes.join(',')}, ','), string_to_array(${progressives.join(',')}, ',')::bigint[]) AS u(code, progressive)
          ON CONFLICT (code) DO NOTHING
          RETURNING 1)
        SELECT count(*)::int AS n FROM made`,
  );
  return n;
}
