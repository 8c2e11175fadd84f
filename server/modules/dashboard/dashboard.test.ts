import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../../domain/dashboard';
import { queryRows, type Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { addCompany, addStore, caller, companyIdOf, userWith } from '../../test/builders';
import { DRIVERS } from '../../test/db';
import { stepsOf } from './days';
import { DASHBOARD_ROLLUP_JOB, rewriteDays, runDashboardRollup, scheduleDashboardRollup } from './rollup';

/**
 * The rollup against a hand computation from seeded ledger rows, and the stats route read from its
 * summaries: series, outstanding balance, granularity, scope, sub-companies, premium, validation.
 */

interface World {
  t: TestApp;
  db: Db;
  rootId: string;
  childId: string;
  otherId: string;
  storeId: string;
  t1: string;
  t2: string;
  premium: string;
  base: string;
  reportOnly: string;
  stranger: string;
}

let serial = 0;
async function addTypology(db: Db, name: string): Promise<string> {
  serial += 1;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO card_typologies (name, type, value_cents, sku, expiration_type, expiration_months) VALUES (${name}, 'PHYSICAL', 5000, ${`DASH-${name}-${serial}-${Date.now()}`}, 'MONTHS_FROM_ACTIVATION', 12) RETURNING id`,
  );
  return row.id;
}

async function addCard(db: Db, companyId: string, typologyId: string): Promise<string> {
  serial += 1;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO gift_cards (company_id, typology_id, code, progressive, status) VALUES (${companyId}, ${typologyId}, ${`DASH${Date.now()}${serial}`}, ${900_000 + serial}, 'ACTIVE') RETURNING id`,
  );
  return row.id;
}

async function move(db: Db, cardId: string, companyId: string, type: string, amountCents: number, at: string, storeId: string | null = null, result = 'SUCCESS'): Promise<void> {
  await db.execute(
    sql`INSERT INTO gift_card_transactions (card_id, company_id, type, result, amount_cents, balance_after_cents, store_id, created_at) VALUES (${cardId}, ${companyId}, ${type}, ${result}, ${amountCents}, 0, ${storeId}, ${at}::timestamptz)`,
  );
}

/**
 * Root company (typology T1, store S): D activated before March (the opening balance); A sold and
 * activated in March, consumed just before and just after Rome's midnight of 10 March (UTC+1), a
 * return, a refused consume, a recharge; two consumes either side of Rome's midnight of 1 July
 * (UTC+2). Its sub-company (T2): B activated and consumed. Another company: C (never counted).
 */
async function seedWorld(t: TestApp, driver: string): Promise<World> {
  const db = t.db.db;
  const tesseraId = await companyIdOf(db, 'TESSERA');
  const rootId = await addCompany(db, `DASH-ROOT-${driver}`, tesseraId);
  const childId = await addCompany(db, `DASH-CHILD-${driver}`, rootId);
  const otherId = await addCompany(db, `DASH-OTHER-${driver}`, tesseraId);
  const storeId = await addStore(db, rootId, 'DS1');
  const t1 = await addTypology(db, 'Alpha');
  const t2 = await addTypology(db, 'Beta');
  const a = await addCard(db, rootId, t1);
  const d = await addCard(db, rootId, t1);
  const b = await addCard(db, childId, t2);
  const c = await addCard(db, otherId, t1);
  await move(db, d, rootId, 'ACTIVATE', 10_000, '2026-02-15T10:00:00Z');
  await move(db, a, rootId, 'SOLD', 0, '2026-03-02T09:00:00Z', storeId);
  await move(db, a, rootId, 'ACTIVATE', 5000, '2026-03-02T09:00:01Z', storeId);
  await move(db, a, rootId, 'CONSUME', -1500, '2026-03-09T22:59:59Z', storeId); // 9 March, 23:59:59 in Rome
  await move(db, a, rootId, 'CONSUME', -1000, '2026-03-09T23:00:00Z'); // 10 March, 00:00 in Rome
  await move(db, a, rootId, 'RETURN', 400, '2026-03-10T12:00:00Z', storeId);
  await move(db, a, rootId, 'CONSUME', -999, '2026-03-11T12:00:00Z', storeId, 'ERROR');
  await move(db, a, rootId, 'RECHARGE', 2000, '2026-03-20T12:00:00Z');
  await move(db, a, rootId, 'CONSUME', -100, '2026-06-30T21:59:59Z'); // 30 June, 23:59:59 in Rome
  await move(db, a, rootId, 'CONSUME', -200, '2026-06-30T22:00:00Z'); // 1 July, 00:00 in Rome
  await move(db, b, childId, 'ACTIVATE', 3000, '2026-03-05T10:00:00Z');
  await move(db, b, childId, 'CONSUME', -500, '2026-03-25T10:00:00Z');
  await move(db, c, otherId, 'ACTIVATE', 7000, '2026-03-05T10:00:00Z');
  return {
    t,
    db,
    rootId,
    childId,
    otherId,
    storeId,
    t1,
    t2,
    premium: await userWith(t.app, db, `dash-premium-${driver}@root.test`, rootId, ['powerBi.reportPremium']),
    base: await userWith(t.app, db, `dash-base-${driver}@root.test`, rootId, ['powerBi.reportBase']),
    reportOnly: await userWith(t.app, db, `dash-report-${driver}@root.test`, rootId, ['report']),
    stranger: await userWith(t.app, db, `dash-stranger-${driver}@other.test`, otherId, ['powerBi.reportPremium']),
  };
}

describe.each(DRIVERS)('dashboard rollup and stats (%s)', (driver) => {
  let w: World;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    const t = await createTestApp(driver);
    w = await seedWorld(t, driver);
    call = caller(t.app);
    await runDashboardRollup(w.db, new Date('2026-11-27T10:00:00Z'));
  });
  afterAll(() => w.t.close());

  const stats = (token: string, query: string, companyId = w.rootId) => call(token, 'GET', `/api/company/${companyId}/dashboard/stats?${query}`);
  const statsOf = async (token: string, query: string, companyId?: string) => {
    const answer = await stats(token, query, companyId);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as DashboardStats;
  };
  const daily = (companyId: string, day: string) =>
    queryRows<Record<string, number | string>>(
      w.db,
      sql`SELECT sold_count::int AS sold, activated_count::int AS activated, activated_cents::int AS activated_cents, consumed_count::int AS consumed, consumed_cents::int AS consumed_cents, net_cents::int AS net
          FROM giftcard_stats_daily WHERE company_id = ${companyId} AND day = ${day}`,
    );

  it('summarizes each Rome business day: a move at 23:59:59 and one at 00:00 land on different days, in winter and summer time', async () => {
    expect(await daily(w.rootId, '2026-03-09')).toEqual([{ sold: 0, activated: 0, activated_cents: 0, consumed: 1, consumed_cents: 1500, net: -1500 }]);
    // the 10 March consume net of that day's return; the refused consume counts nowhere
    expect(await daily(w.rootId, '2026-03-10')).toEqual([{ sold: 0, activated: 0, activated_cents: 0, consumed: 1, consumed_cents: 600, net: -600 }]);
    expect(await daily(w.rootId, '2026-03-11')).toEqual([]);
    expect(await daily(w.rootId, '2026-03-02')).toEqual([{ sold: 1, activated: 1, activated_cents: 5000, consumed: 0, consumed_cents: 0, net: 5000 }]);
    expect(await daily(w.rootId, '2026-03-20')).toEqual([{ sold: 0, activated: 0, activated_cents: 0, consumed: 0, consumed_cents: 0, net: 2000 }]);
    expect((await daily(w.rootId, '2026-06-30'))[0]).toMatchObject({ consumed: 1, consumed_cents: 100 });
    expect((await daily(w.rootId, '2026-07-01'))[0]).toMatchObject({ consumed: 1, consumed_cents: 200 });
    // every day from the ledger's first to today is marked summarized
    const [marked] = await queryRows<{ n: number }>(w.db, sql`SELECT count(*)::int AS n FROM giftcard_stats_days WHERE day BETWEEN '2026-02-15' AND '2026-11-27'`);
    expect(marked.n).toBe(stepsOf('2026-02-15', '2026-11-27', 'day').length);
  });

  it('answers the period series with the outstanding balance at each step, from the summaries', async () => {
    const s = await statsOf(w.premium, 'from=2026-03-01&to=2026-03-31');
    expect(s.granularity).toBe('day');
    expect(s.series).toHaveLength(31);
    expect(s.updatedAt).toEqual(expect.any(String));
    const at = (day: string) => s.series.find((p) => p.period === day)!;
    // opening balance: D's 100 € activated in February
    expect(at('2026-03-01').outstandingCents).toBe(10_000);
    expect(at('2026-03-02')).toMatchObject({ soldCount: 1, activatedCount: 1, activatedCents: 5000, outstandingCents: 15_000 });
    expect(at('2026-03-09')).toMatchObject({ consumedCount: 1, consumedCents: 1500, outstandingCents: 16_500 });
    expect(at('2026-03-10')).toMatchObject({ consumedCount: 1, consumedCents: 600, outstandingCents: 15_900 });
    // the root and its sub-company: A and B, never C of the other company
    expect(s.totals).toEqual({ soldCount: 1, activatedCount: 2, activatedCents: 8000, consumedCount: 3, consumedCents: 2600, outstandingCents: 17_400 });
  });

  it('steps by week (from Monday) up to six months and by month beyond', async () => {
    const weekly = await statsOf(w.base, 'from=2026-01-01&to=2026-03-31');
    expect(weekly.granularity).toBe('week');
    // 1 January 2026 is a Thursday: the first step starts there, the next on Monday 5 January
    expect(weekly.series.slice(0, 3).map((p) => p.period)).toEqual(['2026-01-01', '2026-01-05', '2026-01-12']);
    expect(weekly.series.at(-1)!.outstandingCents).toBe(17_400);
    expect(weekly.totals.activatedCents).toBe(18_000);
    const monthly = await statsOf(w.base, 'from=2025-04-01&to=2026-03-31');
    expect(monthly.granularity).toBe('month');
    expect(monthly.series.map((p) => p.period)).toEqual(['2025-04-01', '2025-05-01', '2025-06-01', '2025-07-01', '2025-08-01', '2025-09-01', '2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01']);
    expect(monthly.series.map((p) => p.outstandingCents).slice(-3)).toEqual([0, 10_000, 17_400]);
  });

  it('reads one company, with or without its sub-companies, inside the caller scope only', async () => {
    const alone = await statsOf(w.base, 'from=2026-03-01&to=2026-03-31&includeSubCompanies=false');
    expect(alone.totals).toEqual({ soldCount: 1, activatedCount: 1, activatedCents: 5000, consumedCount: 2, consumedCents: 2100, outstandingCents: 14_900 });
    const child = await statsOf(w.base, `from=2026-03-01&to=2026-03-31&companyId=${w.childId}`);
    expect(child.totals).toEqual({ soldCount: 0, activatedCount: 1, activatedCents: 3000, consumedCount: 1, consumedCents: 500, outstandingCents: 2500 });
    expect((await stats(w.base, `from=2026-03-01&to=2026-03-31&companyId=${w.otherId}`)).statusCode).toBe(404);
    expect((await stats(w.stranger, 'from=2026-03-01&to=2026-03-31')).statusCode).toBe(404);
    const own = await statsOf(w.stranger, 'from=2026-03-01&to=2026-03-31', w.otherId);
    expect(own.totals).toMatchObject({ activatedCents: 7000, outstandingCents: 7000 });
  });

  it('adds the previous period and the typology and store breakdowns for powerBi.reportPremium only', async () => {
    const s = await statsOf(w.premium, 'from=2026-03-01&to=2026-03-31');
    expect(s.premium!.previous).toEqual({ from: '2026-01-29', to: '2026-02-28', totals: { soldCount: 0, activatedCount: 1, activatedCents: 10_000, consumedCount: 0, consumedCents: 0, outstandingCents: 10_000 } });
    expect(s.premium!.byTypology).toEqual([
      { typologyId: w.t1, typologyName: 'Alpha', soldCount: 1, activatedCount: 1, activatedCents: 5000, consumedCount: 2, consumedCents: 2100, outstandingCents: 14_900 },
      { typologyId: w.t2, typologyName: 'Beta', soldCount: 0, activatedCount: 1, activatedCents: 3000, consumedCount: 1, consumedCents: 500, outstandingCents: 2500 },
    ]);
    expect(s.premium!.byStore).toEqual([
      { storeId: w.storeId, storeName: 'Store DS1', soldCount: 1, activatedCount: 1, activatedCents: 5000, consumedCount: 1, consumedCents: 1100 },
      { storeId: null, storeName: null, soldCount: 0, activatedCount: 1, activatedCents: 3000, consumedCount: 2, consumedCents: 1500 },
    ]);
    expect((await statsOf(w.base, 'from=2026-03-01&to=2026-03-31')).premium).toBeUndefined();
  });

  it('refuses a caller without either Power BI flag (403) and a bad period (400)', async () => {
    expect((await stats(w.reportOnly, 'from=2026-03-01&to=2026-03-31')).statusCode).toBe(403);
    // the flag is checked before the query
    expect((await stats(w.reportOnly, 'from=x')).statusCode).toBe(403);
    const reversed = await stats(w.base, 'from=2026-03-31&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ error: { message: 'VALIDATION_ERROR' }, errors: { to: 'validation.dateRange' } });
    const tooLong = await stats(w.base, 'from=2024-01-01&to=2026-03-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ to: 'validation.periodTooLong?max=731' });
    expect((await stats(w.base, 'to=2026-03-01')).statusCode).toBe(400);
    expect((await stats(w.base, 'from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
  });

  it('rewrites whole days: a late move changes its day, a rewrite twice counts it once', async () => {
    const [card] = await queryRows<{ id: string }>(w.db, sql`SELECT card_id AS id FROM gift_card_transactions WHERE company_id = ${w.rootId} AND type = 'SOLD'`);
    await move(w.db, card.id, w.rootId, 'CONSUME', -300, '2026-03-09T12:00:00Z');
    await rewriteDays(w.db, '2026-03-09', '2026-03-09', new Date());
    await rewriteDays(w.db, '2026-03-09', '2026-03-09', new Date());
    expect(await daily(w.rootId, '2026-03-09')).toEqual([{ sold: 0, activated: 0, activated_cents: 0, consumed: 2, consumed_cents: 1800, net: -1800 }]);
    // the neighbouring day is left as it was
    expect((await daily(w.rootId, '2026-03-10'))[0]).toMatchObject({ consumed_cents: 600 });
    const s = await statsOf(w.base, 'from=2026-03-01&to=2026-03-31');
    expect(s.totals.outstandingCents).toBe(17_100);
  });

  it('runs as one recurring job across instances, which queues its successor', async () => {
    await w.db.execute(sql`DELETE FROM jobs WHERE name = ${DASHBOARD_ROLLUP_JOB}`);
    await w.db.execute(sql`DELETE FROM giftcard_stats_days WHERE day = '2026-03-20'`);
    await w.db.execute(sql`DELETE FROM giftcard_stats_daily WHERE day = '2026-03-20'`);
    const now = w.t.app.ctx.clock.now();
    await scheduleDashboardRollup(w.db, 0, now);
    await scheduleDashboardRollup(w.db, 0, now);
    const jobs = () => queryRows<{ status: string }>(w.db, sql`SELECT status FROM jobs WHERE name = ${DASHBOARD_ROLLUP_JOB} ORDER BY created_at`);
    expect(await jobs()).toEqual([{ status: 'queued' }]);
    await w.t.app.ctx.jobs.drain();
    expect(await jobs()).toEqual([{ status: 'done' }, { status: 'queued' }]);
    // the day missing from the summaries was found and written again
    expect(await daily(w.rootId, '2026-03-20')).toEqual([{ sold: 0, activated: 0, activated_cents: 0, consumed: 0, consumed_cents: 0, net: 2000 }]);
  });
});
