import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShiftableClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { queryRows } from '../../db/client';
import { caller, companyIdOf, q } from '../../test/builders';
import { addReloadableCards, balanceOf, fundWallet, runLedger, walletOf } from '../../test/support/reloadables-runs';

const HOUR = 3_600_000;

/** Planned runs: the reservation, the queue, the run at its time, the history and its CSV. */
describe.each(DRIVERS)('reload runs: plan, queue, history (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let del: (token: string, url: string) => Promise<LightMyRequestResponse>;
  const clock = new ShiftableClock();
  let token: string;
  let acme: string;
  let url: string;
  let cards: Array<{ id: string; number: string }>;

  beforeAll(async () => {
    t = await createTestApp(driver, { build: { clock } });
    call = caller(t.app);
    del = (tk, u) => t.app.inject({ method: 'DELETE', url: u, headers: { authorization: `Bearer ${tk}` } });
    token = (await login(t.app, 'referent@acme.test')).accessToken;
    acme = await companyIdOf(t.db.db, 'ACME');
    url = `/api/company/${acme}/reloadable/reloads`;
    cards = await addReloadableCards(t.db.db, acme, 5, { balanceCents: 500 });
    await fundWallet(t.db.db, acme, 50_000);
  });
  afterAll(() => t.close());

  const plan = async (at: Date, rows: Array<{ cardId: string; amountCents: number }>) => {
    const res = await call(token, 'POST', url, { source: 'CSV', fileName: 'plan.csv', scheduledAt: at.toISOString(), rows });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; number: string; state: string; scheduledAt: string }>();
  };

  it('reserves a plan, lets the queue drop rows (released), and credits exactly the remaining rows at its time, refusing a card locked since', async () => {
    const at = new Date(clock.now().getTime() + 2 * HOUR);
    const before = await walletOf(t.db.db, acme);
    const run = await plan(at, cards.slice(0, 4).map((c, i) => ({ cardId: c.id, amountCents: 1000 * (i + 1) })));
    expect(run).toMatchObject({ state: 'IN_PROGRESS', scheduledAt: at.toISOString() });
    expect(await walletOf(t.db.db, acme)).toEqual({ ...before, reserved: before.reserved + 10_000 });
    expect(await balanceOf(t.db.db, cards[0].id)).toBe(500);

    const queue = await call(token, 'GET', `${url}/planned?filter=${q({ runId: run.id })}`);
    expect(queue.json().map((r: { amountCents: number }) => r.amountCents)).toEqual([1000, 2000, 3000, 4000]);
    expect(queue.json()[0]).toMatchObject({ runNumber: run.number, scheduledAt: at.toISOString(), state: 'IN_PROGRESS', initialAmountCents: 500, currentAmountCents: 500 });
    const dropped = await del(token, `${url}/planned/${queue.json()[1].id}`);
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toMatchObject({ state: 'DELETED', reason: null, amountCents: 2000 });
    expect((await walletOf(t.db.db, acme)).reserved).toBe(before.reserved + 8000);
    await t.db.db.execute(sql`UPDATE reloadable_cards SET status = 'LOCKED' WHERE id = ${cards[2].id}`);

    // not yet due: the runner leaves it
    await t.app.ctx.jobs.drain();
    expect((await call(token, 'GET', `${url}/${run.id}`)).json().state).toBe('IN_PROGRESS');
    clock.advanceTo(new Date(at.getTime() + 1000));
    await t.app.ctx.jobs.drain();

    const done = (await call(token, 'GET', `${url}/${run.id}`)).json();
    expect(done).toMatchObject({ state: 'COMPLETED', creditedCount: 2, creditedCents: 5000, deletedCount: 2, progress: { done: 4, total: 4 } });
    expect(await balanceOf(t.db.db, cards[0].id)).toBe(1500);
    expect(await balanceOf(t.db.db, cards[1].id)).toBe(500);
    expect(await balanceOf(t.db.db, cards[2].id)).toBe(500);
    expect(await balanceOf(t.db.db, cards[3].id)).toBe(4500);
    expect(await walletOf(t.db.db, acme)).toEqual({ balance: before.balance - 5000, reserved: before.reserved, movementsSum: before.balance - 5000 });
    expect(await runLedger(t.db.db, run.id)).toEqual({ rows: 4, completed: 2, deleted: 2, eventsBad: 0, movesBad: 0, cardsBad: 0, reserved: 0 });
    const rows = (await call(token, 'GET', `${url}/${run.id}/rows`)).json();
    expect(rows.map((r: { state: string; reason: string | null }) => [r.state, r.reason])).toEqual([
      ['COMPLETED', null],
      ['DELETED', null],
      ['DELETED', 'RELOAD_CARD_LOCKED'],
      ['COMPLETED', null],
    ]);
    // a finished run leaves the queue and cannot be deleted
    expect((await call(token, 'GET', `${url}/planned?filter=${q({ runId: run.id })}`)).json()).toEqual([]);
    expect((await del(token, `${url}/${run.id}`)).json().error.message).toBe('RELOAD_NOT_PENDING');
    expect((await del(token, `${url}/planned/${rows[0].id}`)).statusCode).toBe(409);
  });

  it('deletes a whole planned run: every planned row released, the run DELETED; its job then does nothing', async () => {
    const before = await walletOf(t.db.db, acme);
    const run = await plan(new Date(clock.now().getTime() + HOUR), [{ cardId: cards[4].id, amountCents: 700 }, { cardId: cards[0].id, amountCents: 300 }]);
    expect((await walletOf(t.db.db, acme)).reserved).toBe(before.reserved + 1000);
    const res = await del(token, `${url}/${run.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'DELETED', deletedCount: 2, creditedCount: 0, progress: { done: 2, total: 2 } });
    expect(await walletOf(t.db.db, acme)).toEqual(before);
    expect((await del(token, `${url}/${run.id}`)).statusCode).toBe(409);
    clock.advanceTo(new Date(clock.now().getTime() + 2 * HOUR));
    await t.app.ctx.jobs.drain();
    expect(await walletOf(t.db.db, acme)).toEqual(before);
    expect(await balanceOf(t.db.db, cards[4].id)).toBe(500);
  });

  it('a plan whose every row is refused at run time ends DELETED, its reservation given back', async () => {
    const [card] = await addReloadableCards(t.db.db, acme, 1, { balanceCents: 200 });
    const before = await walletOf(t.db.db, acme);
    const at = new Date(clock.now().getTime() + HOUR);
    const run = await plan(at, [{ cardId: card.id, amountCents: 900 }]);
    await t.db.db.execute(sql`UPDATE reloadable_cards SET status = 'FREEZED' WHERE id = ${card.id}`);
    clock.advanceTo(new Date(at.getTime() + 1000));
    await t.app.ctx.jobs.drain();
    expect((await call(token, 'GET', `${url}/${run.id}`)).json()).toMatchObject({ state: 'DELETED', creditedCount: 0, deletedCount: 1, progress: { done: 1, total: 1 } });
    expect((await call(token, 'GET', `${url}/${run.id}/rows`)).json()[0]).toMatchObject({ state: 'DELETED', reason: 'RELOAD_CARD_FROZEN', currentAmountCents: 200 });
    expect(await walletOf(t.db.db, acme)).toEqual(before);
    expect(await balanceOf(t.db.db, card.id)).toBe(200);
  });

  it('a plan that takes the available balance under the threshold warns once; deleting it re-arms the warning', async () => {
    const nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    const nord = (await login(t.app, 'operator@acme-nord.test')).accessToken;
    const [card] = await addReloadableCards(t.db.db, nordId, 1);
    await fundWallet(t.db.db, nordId, 6000);
    await t.db.db.execute(sql`
      INSERT INTO reload_notification_settings (company_id, recipients, low_balance_enabled, low_balance_threshold_cents)
      VALUES (${nordId}, ${JSON.stringify(['ops@nord.test'])}::jsonb, true, 5000)`);
    const mails = async () => Number((await queryRows<{ n: string }>(t.db.db, sql`SELECT count(*) AS n FROM email_outbox WHERE to_address = 'ops@nord.test'`))[0].n);
    const nordUrl = `/api/company/${nordId}/reloadable/reloads`;
    const planned = await call(nord, 'POST', nordUrl, { source: 'MANUAL', scheduledAt: new Date(clock.now().getTime() + HOUR).toISOString(), rows: [{ cardId: card.id, amountCents: 2000 }] });
    expect(planned.statusCode).toBe(201);
    expect(await mails()).toBe(1);
    expect((await del(nord, `${nordUrl}/${planned.json().id}`)).statusCode).toBe(200);
    const [settings] = await queryRows<{ low_balance_notified: boolean }>(t.db.db, sql`SELECT low_balance_notified FROM reload_notification_settings WHERE company_id = ${nordId}`);
    expect(settings.low_balance_notified).toBe(false);
    expect(await mails()).toBe(1);
  });

  it('deleting the last planned row of a run deletes the run', async () => {
    const run = await plan(new Date(clock.now().getTime() + HOUR), [{ cardId: cards[4].id, amountCents: 100 }]);
    const [row] = (await call(token, 'GET', `${url}/${run.id}/rows`)).json();
    expect((await del(token, `${url}/planned/${row.id}`)).statusCode).toBe(200);
    expect((await call(token, 'GET', `${url}/${run.id}`)).json()).toMatchObject({ state: 'DELETED', deletedCount: 1 });
  });

  it('lists runs newest first and the history with completed runs only; the history CSV has the rows in the asker zone and language', async () => {
    const now = await call(token, 'POST', url, { source: 'MANUAL', rows: [{ cardId: cards[4].id, amountCents: 1234 }] });
    const all = (await call(token, 'GET', url)).json();
    expect(all[0].id).toBe(now.json().id);
    expect(all.map((r: { state: string }) => r.state)).toContain('DELETED');
    const history = await call(token, 'GET', `${url}/history`);
    expect(history.json().every((r: { state: string }) => r.state === 'COMPLETED')).toBe(true);
    expect(history.json()[0].id).toBe(now.json().id);
    expect(history.json()).toHaveLength(2);
    expect((await call(token, 'GET', `${url}/history?filter=${q({ source: 'CSV' })}`)).json()).toHaveLength(1);
    expect((await call(token, 'GET', `${url}/history/${now.json().id}`)).json()).toMatchObject({ id: now.json().id, progress: { done: 1, total: 1 } });
    const deleted = all.find((r: { state: string }) => r.state === 'DELETED');
    expect((await call(token, 'GET', `${url}/history/${deleted.id}`)).statusCode).toBe(404);

    const it = await call(token, 'GET', `${url}/history/export?lang=it&tz=Europe/Rome`);
    expect(it.statusCode).toBe(200);
    // the run page's own words: its column labels, a row's state as its badge says it
    expect(it.body.startsWith('\uFEFFLotto;Creato il;Data programmata;Completato il;Riga;Numero carta;Cliente;Importo ricarica;Stato;Accreditata il;Motivo\r\n')).toBe(true);
    expect(it.body).toContain(`;${cards[4].number};;12,34;Completata;`);
    expect(it.body).toContain('La carta è bloccata');
    const en = await call(token, 'GET', `${url}/history/export?lang=en&tz=UTC`);
    expect(en.body).toContain(`,${cards[4].number},,12.34,Completed,`);
    expect(en.body.trim().split('\r\n')).toHaveLength(1 + 4 + 1);
  });

  it('keeps another company out: its runs and rows are not found', async () => {
    const nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    const nord = (await login(t.app, 'operator@acme-nord.test')).accessToken;
    const [acmeRun] = (await call(token, 'GET', url)).json();
    const nordUrl = `/api/company/${nordId}/reloadable/reloads`;
    expect((await call(nord, 'GET', `${nordUrl}/${acmeRun.id}`)).statusCode).toBe(404);
    expect((await call(nord, 'GET', `${nordUrl}/${acmeRun.id}/rows`)).statusCode).toBe(404);
    expect((await call(nord, 'GET', `${nordUrl}/history/${acmeRun.id}`)).statusCode).toBe(404);
    expect((await del(nord, `${nordUrl}/${acmeRun.id}`)).statusCode).toBe(404);
    const [acmeRow] = (await call(token, 'GET', `${url}/${acmeRun.id}/rows`)).json();
    expect((await del(nord, `${nordUrl}/planned/${acmeRow.id}`)).statusCode).toBe(404);
    const ownOnly = (list: Array<{ companyId: string }>) => list.every((r) => r.companyId === nordId);
    expect(ownOnly((await call(nord, 'GET', nordUrl)).json())).toBe(true);
    expect(ownOnly((await call(nord, 'GET', `${nordUrl}/planned?filter=${q({ state: 'DELETED' })}`)).json())).toBe(true);
    expect((await call(nord, 'GET', `${nordUrl}/planned?filter=${q({ runId: acmeRun.id })}`)).json()).toEqual([]);
  });

  it('orders the queue soonest first (latest first on request) and the runs newest first (oldest first on request)', async () => {
    const later = await plan(new Date(clock.now().getTime() + 3 * HOUR), [{ cardId: cards[0].id, amountCents: 100 }]);
    const sooner = await plan(new Date(clock.now().getTime() + HOUR), [{ cardId: cards[1].id, amountCents: 100 }]);
    const numbers = async (path: string) => (await call(token, 'GET', `${url}${path}`)).json().map((r: { runNumber?: string; number?: string }) => r.runNumber ?? r.number);
    expect(await numbers('/planned')).toEqual([sooner.number, later.number]);
    expect(await numbers(`/planned?sort=${q(['scheduledAt', 'DESC'])}`)).toEqual([later.number, sooner.number]);
    const newest = await numbers('');
    expect(newest.slice(0, 2)).toEqual([sooner.number, later.number]);
    expect(await numbers(`?sort=${q(['createdAt', 'ASC'])}`)).toEqual([...newest].reverse());
    expect((await call(token, 'GET', `${url}/planned?sort=${q(['amount', 'ASC'])}`)).statusCode).toBe(400);
    for (const run of [later, sooner]) expect((await del(token, `${url}/${run.id}`)).statusCode).toBe(200);
  });

  it('counts a card\'s plans not yet run against its monthly cap: a second plan in the same month over it is refused, one in the next month is not', async () => {
    const [card] = await addReloadableCards(t.db.db, acme, 1);
    await fundWallet(t.db.db, acme, 1_000_000);
    // the 10th of next month and of the month after, at noon UTC (same month in Rome time)
    const now = clock.now();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10, 12));
    const monthAfter = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 10, 12));
    const first = await plan(nextMonth, [{ cardId: card.id, amountCents: 200_000 }]);
    const over = await call(token, 'POST', url, { source: 'MANUAL', scheduledAt: new Date(nextMonth.getTime() + HOUR).toISOString(), rows: [{ cardId: card.id, amountCents: 60_000 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: { message: 'RELOAD_ROWS_INVALID' }, errors: { 'rows.1.card': 'errors.codes.RELOAD_MONTHLY_CAP' } });
    const checked = await call(token, 'POST', `${url}/validate`, { rows: [{ cardId: card.id, amountCents: 60_000 }], scheduledAt: nextMonth.toISOString() });
    expect(checked.json().errors).toEqual([{ row: 1, field: 'card', code: 'errors.codes.RELOAD_MONTHLY_CAP' }]);
    // within the cap, or in another month: accepted
    await plan(new Date(nextMonth.getTime() + HOUR), [{ cardId: card.id, amountCents: 50_000 }]);
    await plan(monthAfter, [{ cardId: card.id, amountCents: 60_000 }]);
    // the first plan deleted, its amount no longer counts
    expect((await del(token, `${url}/${first.id}`)).statusCode).toBe(200);
    const last = await plan(new Date(nextMonth.getTime() + 2 * HOUR), [{ cardId: card.id, amountCents: 150_000 }]);
    expect(last.state).toBe('IN_PROGRESS');
  });
});

describe.each(DRIVERS)('POST /api/test/clock (%s)', (driver) => {
  it('moves the business clock forward only with TEST_CLOCK=1, and is absent otherwise', async () => {
    const on = await createTestApp(driver, { seed: false, env: { TEST_CLOCK: '1' } });
    try {
      const to = new Date(Date.now() + 5 * HOUR).toISOString();
      const res = await on.app.inject({ method: 'POST', url: '/api/test/clock', payload: { now: to } });
      expect(res.statusCode).toBe(200);
      expect(Date.parse(res.json().now)).toBeGreaterThanOrEqual(Date.parse(to));
      expect(on.app.ctx.clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse(to));
      // never backwards
      const back = await on.app.inject({ method: 'POST', url: '/api/test/clock', payload: { now: new Date().toISOString() } });
      expect(Date.parse(back.json().now)).toBeGreaterThanOrEqual(Date.parse(to));
    } finally {
      await on.close();
    }
    const off = await createTestApp(driver, { seed: false });
    try {
      expect((await off.app.inject({ method: 'POST', url: '/api/test/clock', payload: { now: new Date().toISOString() } })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  }, 120_000);
});
