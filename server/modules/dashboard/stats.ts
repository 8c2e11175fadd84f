import { granularityFor, type DashboardFigures, type DashboardStats } from '../../../domain/dashboard';
import type { Db } from '../../db/client';
import { addDays, daysBetween, stepsOf } from './days';
import { balanceBefore, dailyFigures, lastSummarizedAt, periodFigures, storeFigures, typologyFigures, type FigureRow } from './stats.repository';

/**
 * The dashboard's figures, read from the daily summaries only (rollup.ts keeps them): a period's
 * rows are at most days × companies × typologies (or stores), whatever the ledger holds. The
 * outstanding balance at a day's end is the sum of net_cents up to that day.
 */

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

  const [days, opening, updated] = await Promise.all([
    dailyFigures(db, q.companyIds, q.from, q.to),
    balanceBefore(db, q.companyIds, q.from, previousFrom),
    lastSummarizedAt(db),
  ]);

  const byDay = new Map(days.map((row) => [row.day, row]));
  let outstanding = opening.before;
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
    updatedAt: updated ? updated.toISOString() : null,
    series,
    totals: { ...totals, outstandingCents: outstanding },
  };
  if (!q.premium) return stats;

  const [previous, typologies, stores] = await Promise.all([
    periodFigures(db, q.companyIds, previousFrom, previousTo),
    // a typology's period figures and its outstanding balance at `to` (every day up to it)
    typologyFigures(db, q.companyIds, q.from, q.to),
    storeFigures(db, q.companyIds, q.from, q.to),
  ]);
  const nilStore = '00000000-0000-0000-0000-000000000000';
  stats.premium = {
    previous: {
      from: previousFrom,
      to: previousTo,
      totals: { ...figuresOf(previous), outstandingCents: opening.beforePrevious + Number(previous?.net ?? 0) },
    },
    byTypology: typologies
      // a typology whose every figure and balance is nil has nothing to show in the period
      .filter((row) => Number(row.outstanding) !== 0 || Object.values(figuresOf(row)).some((n) => n !== 0))
      .map((row) => ({ typologyId: row.typology_id, typologyName: row.name ?? '', ...figuresOf(row), outstandingCents: Number(row.outstanding) })),
    byStore: stores.map((row) => ({ storeId: row.store_id === nilStore ? null : row.store_id, storeName: row.store_id === nilStore ? null : (row.name ?? ''), ...figuresOf(row) })),
  };
  return stats;
}
