import { sql, type SQL } from 'drizzle-orm';
import { granularityFor, type DashboardFigures, type DashboardStats } from '../../../domain/dashboard';
import { queryRows, type Db } from '../../db/client';
import { addDays, daysBetween, stepsOf } from './days';

/**
 * The dashboard's figures, read from the daily summaries only (rollup.ts keeps them): a period's
 * rows are at most days × companies × typologies (or stores), whatever the ledger holds. The
 * outstanding balance at a day's end is the sum of net_cents up to that day.
 */

interface FigureRow {
  sold: string | number | null;
  activated: string | number | null;
  activated_cents: string | number | null;
  consumed: string | number | null;
  consumed_cents: string | number | null;
}

const FIGURES = sql`COALESCE(sum(sold_count), 0) AS sold, COALESCE(sum(activated_count), 0) AS activated, COALESCE(sum(activated_cents), 0) AS activated_cents,
  COALESCE(sum(consumed_count), 0) AS consumed, COALESCE(sum(consumed_cents), 0) AS consumed_cents`;
const ZERO: DashboardFigures = { soldCount: 0, activatedCount: 0, activatedCents: 0, consumedCount: 0, consumedCents: 0 };

const figuresOf = (row: FigureRow | undefined): DashboardFigures =>
  row
    ? { soldCount: Number(row.sold ?? 0), activatedCount: Number(row.activated ?? 0), activatedCents: Number(row.activated_cents ?? 0), consumedCount: Number(row.consumed ?? 0), consumedCents: Number(row.consumed_cents ?? 0) }
    : { ...ZERO };

function add(into: DashboardFigures, more: DashboardFigures): void {
  into.soldCount += more.soldCount;
  into.activatedCount += more.activatedCount;
  into.activatedCents += more.activatedCents;
  into.consumedCount += more.consumedCount;
  into.consumedCents += more.consumedCents;
}

const companyIn = (companyIds: readonly string[]): SQL => sql`company_id IN (${sql.join(companyIds.map((id) => sql`${id}::uuid`), sql`, `)})`;

export interface StatsQuery {
  from: string;
  to: string;
  companyIds: readonly string[];
  premium: boolean;
}

export async function dashboardStats(db: Db, q: StatsQuery): Promise<DashboardStats> {
  const granularity = granularityFor(daysBetween(q.from, q.to));
  const length = daysBetween(q.from, q.to);
  const previousFrom = addDays(q.from, -length);
  const previousTo = addDays(q.from, -1);
  const inScope = companyIn(q.companyIds);

  const [days, [opening], [updated]] = await Promise.all([
    queryRows<FigureRow & { day: string; net: string | number }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, ${FIGURES}, COALESCE(sum(net_cents), 0) AS net
          FROM giftcard_stats_daily WHERE ${inScope} AND day BETWEEN ${q.from} AND ${q.to} GROUP BY day ORDER BY day`,
    ),
    queryRows<{ before: string | number; before_previous: string | number }>(
      db,
      sql`SELECT COALESCE(sum(net_cents), 0) AS before, COALESCE(sum(net_cents) FILTER (WHERE day < ${previousFrom}), 0) AS before_previous
          FROM giftcard_stats_daily WHERE ${inScope} AND day < ${q.from}`,
    ),
    queryRows<{ at: Date | string | null }>(db, sql`SELECT max(summarized_at) AS at FROM giftcard_stats_days`),
  ]);

  const byDay = new Map(days.map((row) => [row.day, row]));
  let outstanding = Number(opening?.before ?? 0);
  const totals = { ...ZERO };
  const series = stepsOf(q.from, q.to, granularity).map((step) => {
    const figures = { ...ZERO };
    for (let day = step.first; day <= step.last; day = addDays(day, 1)) {
      const row = byDay.get(day);
      if (!row) continue;
      add(figures, figuresOf(row));
      outstanding += Number(row.net);
    }
    add(totals, figures);
    return { period: step.first, ...figures, outstandingCents: outstanding };
  });

  const stats: DashboardStats = {
    from: q.from,
    to: q.to,
    granularity,
    updatedAt: updated?.at ? new Date(updated.at).toISOString() : null,
    series,
    totals: { ...totals, outstandingCents: outstanding },
  };
  if (!q.premium) return stats;

  const [[previous], typologies, stores] = await Promise.all([
    queryRows<FigureRow & { net: string | number }>(
      db,
      sql`SELECT ${FIGURES}, COALESCE(sum(net_cents), 0) AS net FROM giftcard_stats_daily WHERE ${inScope} AND day BETWEEN ${previousFrom} AND ${previousTo}`,
    ),
    // a typology's period figures and its outstanding balance at `to` (every day up to it)
    queryRows<FigureRow & { typology_id: string; name: string | null; outstanding: string | number }>(
      db,
      sql`SELECT s.typology_id, ct.name, s.sold, s.activated, s.activated_cents, s.consumed, s.consumed_cents, s.outstanding
          FROM (SELECT typology_id,
                  COALESCE(sum(sold_count) FILTER (WHERE day >= ${q.from}), 0) AS sold,
                  COALESCE(sum(activated_count) FILTER (WHERE day >= ${q.from}), 0) AS activated,
                  COALESCE(sum(activated_cents) FILTER (WHERE day >= ${q.from}), 0) AS activated_cents,
                  COALESCE(sum(consumed_count) FILTER (WHERE day >= ${q.from}), 0) AS consumed,
                  COALESCE(sum(consumed_cents) FILTER (WHERE day >= ${q.from}), 0) AS consumed_cents,
                  sum(net_cents) AS outstanding
                FROM giftcard_stats_daily WHERE ${inScope} AND day <= ${q.to} GROUP BY typology_id) s
          LEFT JOIN card_typologies ct ON ct.id = s.typology_id
          ORDER BY ct.name, s.typology_id`,
    ),
    queryRows<FigureRow & { store_id: string; name: string | null }>(
      db,
      sql`SELECT s.*, st.name FROM (SELECT store_id, ${FIGURES} FROM giftcard_store_stats_daily WHERE ${inScope} AND day BETWEEN ${q.from} AND ${q.to} GROUP BY store_id) s
          LEFT JOIN stores st ON st.id = s.store_id
          ORDER BY st.name NULLS LAST, s.store_id`,
    ),
  ]);
  const nilStore = '00000000-0000-0000-0000-000000000000';
  stats.premium = {
    previous: {
      from: previousFrom,
      to: previousTo,
      totals: { ...figuresOf(previous), outstandingCents: Number(opening?.before_previous ?? 0) + Number(previous?.net ?? 0) },
    },
    byTypology: typologies
      // a typology whose every figure and balance is nil has nothing to show in the period
      .filter((row) => Number(row.outstanding) !== 0 || Object.values(figuresOf(row)).some((n) => n !== 0))
      .map((row) => ({ typologyId: row.typology_id, typologyName: row.name ?? '', ...figuresOf(row), outstandingCents: Number(row.outstanding) })),
    byStore: stores.map((row) => ({ storeId: row.store_id === nilStore ? null : row.store_id, storeName: row.store_id === nilStore ? null : (row.name ?? ''), ...figuresOf(row) })),
  };
  return stats;
}
