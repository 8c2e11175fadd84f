import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../db/company-scope';

/**
 * The dashboard's reads of the daily summaries (rollup.repository.ts writes them); stats.ts makes
 * the figures of them. Every read is of the companies `companyIds`.
 */

/** A row's five figures (sums of the summaries; NULL when none summed). */
export interface FigureRow {
  sold: string | number | null;
  activated: string | number | null;
  activated_cents: string | number | null;
  consumed: string | number | null;
  consumed_cents: string | number | null;
}

const FIGURES = sql`COALESCE(sum(sold_count), 0) AS sold, COALESCE(sum(activated_count), 0) AS activated, COALESCE(sum(activated_cents), 0) AS activated_cents,
  COALESCE(sum(consumed_count), 0) AS consumed, COALESCE(sum(consumed_cents), 0) AS consumed_cents`;

/** The figures and the net balance change of each summarized day of [from, to], in order. */
export function dailyFigures(db: Db, companyIds: readonly string[], from: string, to: string): Promise<Array<FigureRow & { day: string; net: string | number }>> {
  return queryRows<FigureRow & { day: string; net: string | number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, ${FIGURES}, COALESCE(sum(net_cents), 0) AS net
        FROM giftcard_stats_daily WHERE ${inIds(sql`company_id`, companyIds)} AND day BETWEEN ${from} AND ${to} GROUP BY day ORDER BY day`,
  );
}

/** The outstanding balance before `from`, and before `previousFrom` (an earlier day). */
export async function balanceBefore(db: Db, companyIds: readonly string[], from: string, previousFrom: string): Promise<{ before: number; beforePrevious: number }> {
  const [row] = await queryRows<{ before: string | number; before_previous: string | number }>(
    db,
    sql`SELECT COALESCE(sum(net_cents), 0) AS before, COALESCE(sum(net_cents) FILTER (WHERE day < ${previousFrom}), 0) AS before_previous
        FROM giftcard_stats_daily WHERE ${inIds(sql`company_id`, companyIds)} AND day < ${from}`,
  );
  return { before: Number(row?.before ?? 0), beforePrevious: Number(row?.before_previous ?? 0) };
}

/** When the summaries were last written (null before the first rollup). */
export async function lastSummarizedAt(db: Db): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(db, sql`SELECT max(summarized_at) AS at FROM giftcard_stats_days`);
  return row?.at ? new Date(row.at) : null;
}

/** The figures and the net balance change of [from, to] as a whole. */
export async function periodFigures(db: Db, companyIds: readonly string[], from: string, to: string): Promise<(FigureRow & { net: string | number }) | undefined> {
  const [row] = await queryRows<FigureRow & { net: string | number }>(
    db,
    sql`SELECT ${FIGURES}, COALESCE(sum(net_cents), 0) AS net FROM giftcard_stats_daily WHERE ${inIds(sql`company_id`, companyIds)} AND day BETWEEN ${from} AND ${to}`,
  );
  return row;
}

/** Each typology's figures of [from, to] and its outstanding balance at `to` (every day up to it), by name. */
export function typologyFigures(
  db: Db,
  companyIds: readonly string[],
  from: string,
  to: string,
): Promise<Array<FigureRow & { typology_id: string; name: string | null; outstanding: string | number }>> {
  return queryRows<FigureRow & { typology_id: string; name: string | null; outstanding: string | number }>(
    db,
    sql`SELECT s.typology_id, ct.name, s.sold, s.activated, s.activated_cents, s.consumed, s.consumed_cents, s.outstanding
        FROM (SELECT typology_id,
                COALESCE(sum(sold_count) FILTER (WHERE day >= ${from}), 0) AS sold,
                COALESCE(sum(activated_count) FILTER (WHERE day >= ${from}), 0) AS activated,
                COALESCE(sum(activated_cents) FILTER (WHERE day >= ${from}), 0) AS activated_cents,
                COALESCE(sum(consumed_count) FILTER (WHERE day >= ${from}), 0) AS consumed,
                COALESCE(sum(consumed_cents) FILTER (WHERE day >= ${from}), 0) AS consumed_cents,
                sum(net_cents) AS outstanding
              FROM giftcard_stats_daily WHERE ${inIds(sql`company_id`, companyIds)} AND day <= ${to} GROUP BY typology_id) s
        LEFT JOIN card_typologies ct ON ct.id = s.typology_id
        ORDER BY ct.name, s.typology_id`,
  );
}

/** Each store's figures of [from, to] (moves without a store under the nil id), by name. */
export function storeFigures(db: Db, companyIds: readonly string[], from: string, to: string): Promise<Array<FigureRow & { store_id: string; name: string | null }>> {
  return queryRows<FigureRow & { store_id: string; name: string | null }>(
    db,
    sql`SELECT s.*, st.name FROM (SELECT store_id, ${FIGURES} FROM giftcard_store_stats_daily WHERE ${inIds(sql`company_id`, companyIds)} AND day BETWEEN ${from} AND ${to} GROUP BY store_id) s
        LEFT JOIN stores st ON st.id = s.store_id
        ORDER BY st.name NULLS LAST, s.store_id`,
  );
}
