import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardBulkResult } from '../../../domain/reloadables';
import { createTestApp, type TestApp } from '../../test/app';
import { CONCURRENT_DRIVERS } from '../../test/db';
import { caller } from '../../test/builders';
import { balanceOf, addReloadableCards, fundWallet } from '../../test/support/reloadables-runs';
import { demoOf, reloadableUrl, walletLedger, type Demo } from '../../test/support/reloadables';

/** Bulk reloads racing on a real PostgreSQL: each answers per card, and a key answers its first answer. */
describe.each(CONCURRENT_DRIVERS)('reloadable bulk reload races (%s)', (driver) => {
  let t: TestApp;
  let d: Demo;
  let call: ReturnType<typeof caller>;
  const bulk = (ids: string[], amountCents: number, headers: Record<string, string> = {}) =>
    call(d.referent, 'POST', reloadableUrl(d.acme, 'cards/bulk'), { action: 'reload', ids, params: { amountCents } }, headers);
  const outcome = (r: Awaited<ReturnType<typeof bulk>>) => (r.statusCode === 200 ? r.json<CardBulkResult>() : `${r.statusCode} ${r.body}`);

  beforeAll(async () => {
    t = await createTestApp(driver);
    d = await demoOf(t.app, t.db.db);
    call = caller(t.app);
  });
  afterAll(() => t.close());

  it('six concurrent bulk reloads sharing one card: each answers per card, the cap holds on the shared card, every own card is reloaded', async () => {
    const [shared] = await addReloadableCards(t.db.db, d.acme, 1);
    const own = await addReloadableCards(t.db.db, d.acme, 6);
    await fundWallet(t.db.db, d.acme, 12 * 100_000);
    const before = await walletLedger(t.db.db, d.acme);
    const answers = await Promise.all(own.map((card) => bulk([shared.id, card.id], 100_000)));
    const summaries = answers.map(outcome);
    // a bulk answers per card whatever the timing: never a whole 400 RELOAD_ROWS_INVALID
    expect(summaries.every((s) => typeof s !== 'string')).toBe(true);
    const results = summaries as CardBulkResult[];
    expect(results.filter((s) => s.succeeded === 2 && s.failed.length === 0)).toHaveLength(2);
    const refused = results.filter((s) => s.succeeded === 1);
    expect(refused).toHaveLength(4);
    expect(refused.map((s) => s.failed)).toEqual(Array(4).fill([{ id: shared.id, code: shared.number, error: 'RELOAD_MONTHLY_CAP' }]));
    expect(await balanceOf(t.db.db, shared.id)).toBe(200_000);
    for (const card of own) expect(await balanceOf(t.db.db, card.id)).toBe(100_000);
    const after = await walletLedger(t.db.db, d.acme);
    expect(before.balance - after.balance).toBe(8 * 100_000);
    expect(after).toMatchObject({ reserved: 0, sum: after.balance });
  });

  it('concurrent replays of a keyed bulk reload, before and after its cards change, all answer the first answer; the money moves once', async () => {
    // a has 1,500.00 € of this month's cap used: one reload of 1,000.00 € fits, a second would not
    const [a] = await addReloadableCards(t.db.db, d.acme, 1, { monthReloadedCents: 150_000 });
    const [b] = await addReloadableCards(t.db.db, d.acme, 1);
    await fundWallet(t.db.db, d.acme, 2 * 100_000);
    const before = await walletLedger(t.db.db, d.acme);
    const key = { 'idempotency-key': `bulk-race-${driver}` };
    const first = (await Promise.all(Array.from({ length: 4 }, () => bulk([a.id, b.id], 100_000, key)))).map(outcome);
    const lockB = call(d.referent, 'POST', reloadableUrl(d.acme, `cards/${b.id}/lock`));
    const replays = (await Promise.all([...Array.from({ length: 4 }, () => bulk([a.id, b.id], 100_000, key)), lockB])).slice(0, 4).map(outcome);
    const expected: CardBulkResult = { action: 'reload', total: 2, succeeded: 2, failed: [] };
    expect([...first, ...replays]).toEqual(Array(8).fill(expected));
    expect(await balanceOf(t.db.db, a.id)).toBe(100_000);
    expect(await balanceOf(t.db.db, b.id)).toBe(100_000);
    expect((await walletLedger(t.db.db, d.acme)).balance).toBe(before.balance - 2 * 100_000);
  });
});
