import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../../domain/dashboard';
import { queryRows, type Db } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { createTestApp, type TestApp } from '../../test/app';
import { addCompany, addStore, caller, companyIdOf, userWith } from '../../test/builders';
import { DRIVERS } from '../../test/db';
import { addCard, addTypology } from '../../test/support/giftcards';
import { addDays, businessDay } from './days';
import { rewriteDays } from './rollup';

/**
 * Issue 43: "consumed" is net of cancelled consumptions, on every figure the summaries feed (the
 * period totals, the series, the previous period, by typology, by store), as it is of returns; a
 * cancelled return makes its consumption stand again; a cancelled recharge or a voided card's
 * CANCEL is no consumption; the outstanding balance nets every row as before. And migration 0016
 * rewrites the stored summaries of the days holding such a cancel.
 */
describe.each(DRIVERS)('dashboard consumption net of cancellations (%s)', (driver) => {
  let t: TestApp;
  let db: Db;
  let call: ReturnType<typeof caller>;
  let companyId: string;
  let storeId: string;
  let typologyId: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    db = t.db.db;
    call = caller(t.app);
    companyId = await addCompany(db, `DASH-CANCEL-${driver}`, await companyIdOf(db, 'TESSERA'));
    storeId = await addStore(db, companyId, `DC-${driver}`);
    typologyId = await addTypology(db);
    token = await userWith(t.app, db, `dash-cancel-${driver}@root.test`, companyId, ['powerBi.reportPremium', 'privative.transactions', 'privative.management.read']);
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: unknown = {}) => {
    const answer = await call(token, 'POST', `/api/company/${companyId}/giftcard${url}`, payload);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().transaction as { id: string; type: string; amountCents: number };
  };
  const statsOf = async (from: string, to: string) => {
    const answer = await call(token, 'GET', `/api/company/${companyId}/dashboard/stats?from=${from}&to=${to}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as DashboardStats;
  };

  it('counts a cancelled consumption nowhere and subtracts its amount, on every figure (moves made through the API)', async () => {
    const store = `DC-${driver}`;
    const card = async () => (await addCard(db, { companyId, typologyId, balanceCents: 10_000 })).id;
    const [a, b, c] = [await card(), await card(), await card()];
    // A: 20 € consumed then cancelled; 7 € consumed that stand
    const a1 = await post(`/cards/${a}/consume`, { amountCents: 2000, storeCode: store });
    expect((await post(`/transactions/${a1.id}/cancel`)).amountCents).toBe(2000);
    await post(`/cards/${a}/consume`, { amountCents: 700, storeCode: store });
    // B: 30 € consumed, 10 € returned, then the consumption cancelled (the CANCEL gives back the 20 € left)
    const b1 = await post(`/cards/${b}/consume`, { amountCents: 3000, storeCode: store });
    await post(`/transactions/${b1.id}/return`, { amountCents: 1000, returnNumber: 'R-1', storeCode: store });
    expect((await post(`/transactions/${b1.id}/cancel`)).amountCents).toBe(2000);
    // B: a reload cancelled (no consumption either way)
    const reload = await post(`/cards/${b}/reload`, { amountCents: 1000 });
    await post(`/transactions/${reload.id}/cancel`);
    // C: 15 € consumed, 5 € returned, the return cancelled: the 15 € stand again
    const c1 = await post(`/cards/${c}/consume`, { amountCents: 1500, storeCode: store });
    const c2 = await post(`/transactions/${c1.id}/return`, { amountCents: 500, returnNumber: 'R-2', storeCode: store });
    expect((await post(`/transactions/${c2.id}/cancel`)).amountCents).toBe(-500);
    // a voided card: a CANCEL with no move of its own (orders/cards.ts) is no consumption
    const d = await card();
    await db.execute(sql`INSERT INTO gift_card_transactions (card_id, company_id, type, amount_cents, balance_after_cents) VALUES (${d}, ${companyId}, 'CANCEL', -10000, 0)`);

    const today = businessDay(new Date());
    const yesterday = addDays(today, -1);
    await rewriteDays(db, yesterday, today, new Date());
    const s = await statsOf(yesterday, today);
    // 4 CONSUME rows, 2 cancelled: 2 stand, 7 € + 15 € (the previous rule said 4 and 57 €)
    expect(s.totals).toMatchObject({ consumedCount: 2, consumedCents: 2200 });
    // the outstanding balance nets every row, as before: four cards loaded with 100 € each, 22 € consumed, D voided
    expect(s.totals.outstandingCents).toBe(4 * 10_000 - 2200 - 10_000);
    const series = s.series.reduce((sum, p) => ({ n: sum.n + p.consumedCount, cents: sum.cents + p.consumedCents }), { n: 0, cents: 0 });
    expect(series).toEqual({ n: 2, cents: 2200 });
    expect(s.premium!.byTypology).toEqual([expect.objectContaining({ typologyId, consumedCount: 2, consumedCents: 2200 })]);
    // the cards' loads have no store; every consumption, return and cancel was at the store
    expect(s.premium!.byStore.find((r) => r.storeId === storeId)).toMatchObject({ consumedCount: 2, consumedCents: 2200 });
    expect(s.premium!.byStore.find((r) => r.storeId === null)).toMatchObject({ consumedCount: 0, consumedCents: 0 });
    // the next period's comparison reads the same summaries
    const next = await statsOf(addDays(today, 1), addDays(today, 2));
    expect(next.premium!.previous.totals).toMatchObject({ consumedCount: 2, consumedCents: 2200 });
  });

  /** A ledger row at a given instant, as the services write it. */
  async function row(cardId: string, type: string, amountCents: number, at: string, related: string | null = null): Promise<string> {
    const [inserted] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO gift_card_transactions (card_id, company_id, type, amount_cents, balance_after_cents, store_id, related_transaction_id, created_at)
          VALUES (${cardId}, ${companyId}, ${type}, ${amountCents}, 0, ${storeId}, ${related}, ${at}::timestamptz) RETURNING id`,
    );
    return inserted.id;
  }
  const daily = (day: string) =>
    queryRows<{ consumed: number; consumed_cents: number; net: number }>(
      db,
      sql`SELECT consumed_count::int AS consumed, consumed_cents::int AS consumed_cents, net_cents::int AS net FROM giftcard_stats_daily WHERE company_id = ${companyId} AND day = ${day}`,
    );
  const storeDaily = (day: string) =>
    queryRows<{ consumed: number; consumed_cents: number }>(
      db,
      sql`SELECT consumed_count::int AS consumed, consumed_cents::int AS consumed_cents FROM giftcard_store_stats_daily WHERE company_id = ${companyId} AND day = ${day}`,
    );

  it('nets a cancel on its own day, as a return: a consumption cancelled the next day lowers that day', async () => {
    const card = (await addCard(db, { companyId, typologyId, balanceCents: 10_000 })).id;
    const consume = await row(card, 'CONSUME', -4000, '2026-03-09T12:00:00Z');
    await row(card, 'CONSUME', -600, '2026-03-09T13:00:00Z');
    await row(card, 'CANCEL', 4000, '2026-03-10T09:00:00Z', consume);
    await rewriteDays(db, '2026-03-09', '2026-03-10', new Date());
    expect(await daily('2026-03-09')).toEqual([{ consumed: 2, consumed_cents: 4600, net: -4600 }]);
    expect(await daily('2026-03-10')).toEqual([{ consumed: -1, consumed_cents: -4000, net: 4000 }]);
    expect(await storeDaily('2026-03-10')).toEqual([{ consumed: -1, consumed_cents: -4000 }]);
    const s = await statsOf('2026-03-09', '2026-03-10');
    expect(s.totals).toMatchObject({ consumedCount: 1, consumedCents: 600, outstandingCents: -600 });
  });

  it('migration 0016 rewrites the stored summaries of the days holding a cancelled consumption or return, and those only', async () => {
    const card = (await addCard(db, { companyId, typologyId, balanceCents: 10_000 })).id;
    const consume = await row(card, 'CONSUME', -2500, '2026-04-01T10:00:00Z');
    await row(card, 'CANCEL', 2500, '2026-04-01T11:00:00Z', consume);
    await row(card, 'CONSUME', -800, '2026-04-01T12:00:00Z');
    await row(card, 'CONSUME', -300, '2026-04-02T12:00:00Z');
    await rewriteDays(db, '2026-04-01', '2026-04-02', new Date('2026-04-03T00:00:00Z'));
    // summaries as the previous release wrote them (the cancel not netted), and a stand-in on a day without a cancel
    await db.execute(sql`UPDATE giftcard_stats_daily SET consumed_count = 2, consumed_cents = 3300 WHERE company_id = ${companyId} AND day = '2026-04-01'`);
    await db.execute(sql`UPDATE giftcard_store_stats_daily SET consumed_count = 2, consumed_cents = 3300 WHERE company_id = ${companyId} AND day = '2026-04-01'`);
    await db.execute(sql`UPDATE giftcard_stats_daily SET consumed_count = 99 WHERE company_id = ${companyId} AND day = '2026-04-02'`);
    expect((await statsOf('2026-04-01', '2026-04-01')).totals).toMatchObject({ consumedCount: 2, consumedCents: 3300 });

    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0016_dashboard_cancelled_consumptions.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    expect(await daily('2026-04-01')).toEqual([{ consumed: 1, consumed_cents: 800, net: -800 }]);
    expect(await storeDaily('2026-04-01')).toEqual([{ consumed: 1, consumed_cents: 800 }]);
    // a day without such a cancel is not touched
    expect((await daily('2026-04-02'))[0].consumed).toBe(99);
    // the other days holding cancels were rewritten with the same figures the rollup gives
    expect(await daily('2026-03-10')).toEqual([{ consumed: -1, consumed_cents: -4000, net: 4000 }]);
    const [marked] = await queryRows<{ at: Date | string }>(db, sql`SELECT summarized_at AS at FROM giftcard_stats_days WHERE day = '2026-04-01'`);
    expect(new Date(marked.at).getTime()).toBeGreaterThan(new Date('2026-04-03T00:00:00Z').getTime());
    expect((await statsOf('2026-04-01', '2026-04-01')).totals).toMatchObject({ consumedCount: 1, consumedCents: 800 });
  });
});
