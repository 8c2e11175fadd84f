import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { CONCURRENT_DRIVERS, DRIVERS } from '../../test/db';
import { caller } from '../../test/builders';
import { demoOf, reloadableUrl, walletLedger, type Demo } from '../../test/support/reloadables';

/**
 * Concurrent transfers on one parent wallet. On PGlite (one connection) they only check the
 * outcome; on PostgreSQL the requests really overlap and the wallets' row locks decide.
 */
describe.each(DRIVERS)('wallet transfer races (%s)', (driver) => {
  const concurrent = CONCURRENT_DRIVERS.includes(driver);
  let t: TestApp;
  let d: Demo;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await createTestApp(driver);
    d = await demoOf(t.app, t.db.db);
    call = caller(t.app);
    await call(d.admin, 'POST', reloadableUrl(d.acme, 'wallet/fund'), { amountCents: 120_000 });
  });
  afterAll(() => t.close());

  const transfer = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(d.referent, 'POST', reloadableUrl(d.acme, `wallet/sub-companies/${d.nord}/transfer`), body, headers);

  it(`lets exactly 12 of 20 transfers through when the parent covers 12${concurrent ? ' (truly concurrent)' : ''}`, async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => transfer({ amountCents: 10_000 })));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(12);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => [r.statusCode, r.json().error.message, r.json().params.shortfallCents])).toEqual(Array(8).fill([409, 'WALLET_INSUFFICIENT', 10_000]));
    const acme = await walletLedger(t.db.db, d.acme);
    const nord = await walletLedger(t.db.db, d.nord);
    expect(acme).toMatchObject({ balance: 0, sum: 0, lowest: 0, movements: 13 });
    expect(nord).toMatchObject({ balance: 120_000, sum: 120_000, movements: 12 });
  });

  it(`never deadlocks nor loses money on transfers both ways at once, and a shared key moves once${concurrent ? ' (truly concurrent)' : ''}`, async () => {
    const both = await Promise.all(
      Array.from({ length: 16 }, (_, i) => transfer({ amountCents: 5_000, direction: i % 2 === 0 ? 'FROM_SUB' : 'TO_SUB' })),
    );
    expect(both.every((r) => r.statusCode === 200 || (r.statusCode === 409 && r.json().error.message === 'WALLET_INSUFFICIENT'))).toBe(true);
    const keyed = await Promise.all(Array.from({ length: 5 }, () => transfer({ amountCents: 1_000, direction: 'FROM_SUB' }, { 'idempotency-key': `race-${driver}` })));
    expect(keyed.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const acme = await walletLedger(t.db.db, d.acme);
    const nord = await walletLedger(t.db.db, d.nord);
    expect(acme.balance).toBe(acme.sum);
    expect(nord.balance).toBe(nord.sum);
    expect(acme.balance + nord.balance).toBe(120_000);
    expect(Math.min(acme.lowest!, nord.lowest!)).toBeGreaterThanOrEqual(0);
    const moved = both.filter((r) => r.statusCode === 200).length;
    expect(acme.movements + nord.movements).toBe(1 + 24 + 2 * moved + 2);
  });
});
