import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { CONCURRENT_DRIVERS } from '../../test/db';
import { caller, companyIdOf } from '../../test/builders';
import { createRun } from './reloads.service';
import { executeRun } from './runs.execute';
import { addReloadableCards, fundWallet, runLedger, walletOf } from '../../test/support/reloadables-runs';

/** Races on a real PostgreSQL: the wallet is never overdrawn and each row is credited once. */
describe.each(CONCURRENT_DRIVERS)('reload races (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    token = (await login(t.app, 'referent@acme.test')).accessToken;
  });
  afterAll(() => t.close());

  /** a run of `rows` rows of 1.00 € for Acme Nord's new cards, planned a minute ahead, its wallet covering it */
  async function plannedRun(rows: number) {
    const nord = await companyIdOf(t.db.db, 'ACME-NORD');
    const cards = await addReloadableCards(t.db.db, nord, rows);
    await fundWallet(t.db.db, nord, rows * 100);
    const [user] = await queryRows<{ id: string }>(t.db.db, sql`SELECT id FROM users WHERE email = 'operator@acme-nord.test'`);
    const actor = { userId: user.id, companyId: nord, isProvider: false };
    const run = await createRun(t.app.ctx, actor, { source: 'CSV', scheduledAt: new Date(Date.now() + 60_000), rows: cards.map((c, i) => ({ row: i + 2, cardId: c.id, amountCents: 100 })) }, null);
    return { run, nord };
  }

  it('50 concurrent manual reloads against a wallet that covers 30: exactly 30 run, the wallet ends at 0', async () => {
    const acme = await companyIdOf(t.db.db, 'ACME');
    const cards = await addReloadableCards(t.db.db, acme, 50);
    await fundWallet(t.db.db, acme, 30 * 1000);
    const url = `/api/company/${acme}/reloadable/reloads`;
    const answers = await Promise.all(cards.map((c) => call(token, 'POST', url, { source: 'MANUAL', rows: [{ cardId: c.id, amountCents: 1000 }] })));
    const codes = answers.map((a) => (a.statusCode === 201 ? 'ok' : `${a.statusCode} ${a.json().error.message}`));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(30);
    expect(codes.filter((c) => c === '409 WALLET_INSUFFICIENT')).toHaveLength(20);
    expect(answers.filter((a) => a.statusCode === 201).every((a) => a.json().state === 'COMPLETED')).toBe(true);
    expect(await walletOf(t.db.db, acme)).toEqual({ balance: 0, reserved: 0, movementsSum: 0 });
    const [credited] = await queryRows<{ cards: string; sum: string }>(
      t.db.db,
      sql`SELECT count(*) AS cards, sum(balance_cents) AS sum FROM reloadable_cards WHERE company_id = ${acme} AND balance_cents > 0`,
    );
    expect({ cards: Number(credited.cards), sum: Number(credited.sum) }).toEqual({ cards: 30, sum: 30_000 });
    expect(Number((await queryRows<{ n: string }>(t.db.db, sql`SELECT count(*) AS n FROM reload_runs WHERE company_id = ${acme}`))[0].n)).toBe(30);
  });

  it('an executor whose job lease was lost starts no chunk after it; the new owner credits the rest, each row once', async () => {
    const { run } = await plannedRun(1200);
    const chunk = t.app.ctx.config.reloads.chunkRows;
    // the lease is lost while the second chunk is under way (each chunk reads the clock once)
    const lost = new AbortController();
    let chunks = 0;
    const clock = { now: () => (++chunks === 2 && lost.abort(new DOMException('job lease lost', 'AbortError')), t.app.ctx.clock.now()) };
    await expect(executeRun({ ...t.app.ctx, clock }, run.id, lost.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect((await runLedger(t.db.db, run.id)).completed).toBe(2 * chunk);
    expect(await executeRun(t.app.ctx, run.id)).toBe(true);
    expect(await runLedger(t.db.db, run.id)).toEqual({ rows: 1200, completed: 1200, deleted: 0, eventsBad: 0, movesBad: 0, cardsBad: 0, reserved: 0 });
  });

  it('several executors on one run (request, rescue job, another instance) credit each row once', async () => {
    const { run, nord } = await plannedRun(1200);
    const finished = await Promise.all([executeRun(t.app.ctx, run.id), executeRun(t.app.ctx, run.id), executeRun(t.app.ctx, run.id)]);
    expect(finished.filter(Boolean)).toHaveLength(1);
    expect(await runLedger(t.db.db, run.id)).toEqual({ rows: 1200, completed: 1200, deleted: 0, eventsBad: 0, movesBad: 0, cardsBad: 0, reserved: 0 });
    expect(await walletOf(t.db.db, nord)).toEqual({ balance: 0, reserved: 0, movementsSum: 0 });
  });
});
