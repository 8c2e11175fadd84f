import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../../domain/reloadables';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { DRIVERS } from '../../test/db';
import { caller } from '../../test/builders';
import { orderCaller } from '../../test/support/orders';
import { MONTHLY_STATEMENT_JOB, monthStart, nextStatementAt, notifyRunFinished, scheduleMonthlyStatement, sendMonthlyStatements } from './notifications';
import { addCard, demoOf, outbox, reloadableUrl, type Demo } from '../../test/support/reloadables';

describe.each(DRIVERS)('reloadable notifications (%s)', (driver) => {
  let t: TestApp;
  let d: Demo;
  let call: ReturnType<typeof caller>;
  let put: (token: string, url: string, body: unknown) => ReturnType<ReturnType<typeof orderCaller>>;
  const settings = (companyId: string) => reloadableUrl(companyId, 'notifications');
  const base = { recipients: [], lowBalanceEnabled: false, lowBalanceThresholdCents: 0, runCompletedEnabled: false, runFailedEnabled: false, monthlyStatementEnabled: false };

  beforeAll(async () => {
    t = await createTestApp(driver);
    d = await demoOf(t.app, t.db.db);
    call = caller(t.app);
    const withPut = orderCaller(t.app);
    put = (token, url, body) => withPut(token, 'PUT', url, body);
    // Acme's referent is its company contact: the fallback recipient
    await t.db.db.execute(sql`UPDATE companies SET referent_user_id = (SELECT id FROM users WHERE email = 'referent@acme.test') WHERE id = ${d.acme}`);
  });
  afterAll(() => t.close());

  it('answers all-off defaults until saved, saves valid settings and refuses bad ones', async () => {
    const fresh = await call(d.referent, 'GET', settings(d.acme));
    expect(fresh.json<NotificationSettings>()).toEqual({ id: d.acme, companyId: d.acme, ...base, updatedAt: null });
    const saved = await put(d.referent, settings(d.acme), { ...base, recipients: ['Tesoreria@Acme.test', 'tesoreria@acme.test'], runCompletedEnabled: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<NotificationSettings>()).toMatchObject({ id: d.acme, recipients: ['tesoreria@acme.test'], runCompletedEnabled: true });
    expect(saved.json<NotificationSettings>().updatedAt).not.toBeNull();
    expect((await call(d.referent, 'GET', settings(d.acme))).json()).toEqual(saved.json());
    for (const body of [
      { ...base, recipients: ['not an address'] },
      { ...base, recipients: Array.from({ length: 11 }, (_, i) => `r${i}@acme.test`) },
      { ...base, lowBalanceThresholdCents: -1 },
      { ...base, lowBalanceThresholdCents: 10.5 },
      { ...base, extra: true },
      { recipients: [] },
    ]) {
      expect((await put(d.referent, settings(d.acme), body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(d.noAccess, 'GET', settings(d.acme))).statusCode).toBe(403);
    expect((await call(d.nordOperator, 'GET', settings(d.acme))).statusCode).toBe(404);
  });

  it('mails a low plafond once per crossing, to the company referent when no recipient is listed, and re-arms above the threshold', async () => {
    await call(d.admin, 'POST', reloadableUrl(d.acme, 'wallet/fund'), { amountCents: 100_000 });
    await put(d.referent, settings(d.acme), { ...base, lowBalanceEnabled: true, lowBalanceThresholdCents: 50_000 });
    const transfer = (amountCents: number) => call(d.referent, 'POST', reloadableUrl(d.acme, `wallet/sub-companies/${d.nord}/transfer`), { amountCents });
    await transfer(40_000);
    expect(await outbox(t.db.db, 'reloadLowBalance')).toHaveLength(0);
    await transfer(20_000);
    await transfer(10_000);
    const mails = await outbox(t.db.db, 'reloadLowBalance');
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe('referent@acme.test');
    expect(mails[0].subject).toBe('Plafond di Acme S.p.A. sotto la soglia');
    expect(mails[0].text_body).toContain('400,00');
    // back above the threshold re-arms it; the next crossing tells again
    await call(d.admin, 'POST', reloadableUrl(d.acme, 'wallet/fund'), { amountCents: 30_000 });
    await transfer(10_000);
    expect(await outbox(t.db.db, 'reloadLowBalance')).toHaveLength(1);
    await transfer(1);
    expect(await outbox(t.db.db, 'reloadLowBalance')).toHaveLength(2);
    // a threshold saved above the balance tells at once
    await put(d.referent, settings(d.acme), { ...base, recipients: ['tesoreria@acme.test'], lowBalanceEnabled: true, lowBalanceThresholdCents: 90_000 });
    const last = await outbox(t.db.db, 'reloadLowBalance');
    expect(last.map((m) => m.to_address)).toEqual(['referent@acme.test', 'referent@acme.test', 'tesoreria@acme.test']);
  });

  async function insertRun(number: string, state: 'COMPLETED' | 'DELETED', scheduled: boolean, refused: number) {
    const card = await addCard(t.db.db, d.acme);
    const [run] = await queryRows<{ id: string }>(
      t.db.db,
      sql`INSERT INTO reload_runs (number, company_id, source, state, scheduled_at, completed_at, row_count, total_cents, credited_count, credited_cents, deleted_count)
          VALUES (${number}, ${d.acme}, 'MANUAL', ${state}, ${scheduled ? sql`now()` : sql`NULL`}, now(), 3, 3000, ${3 - refused}, ${(3 - refused) * 1000}, ${refused}) RETURNING id`,
    );
    for (let i = 0; i < refused; i += 1) {
      await t.db.db.execute(sql`INSERT INTO reload_rows (run_id, company_id, position, card_id, amount_cents, state, reason, initial_balance_cents, deleted_at)
        VALUES (${run.id}, ${d.acme}, ${i + 1}, ${card.id}, 1000, 'DELETED', 'RELOAD_CARD_LOCKED', 0, now())`);
    }
    return run.id;
  }

  it('mails a planned run done, or failed when rows were refused at run time, once per run and only when asked', async () => {
    await put(d.referent, settings(d.acme), { ...base, recipients: ['tesoreria@acme.test', 'cfo@acme.test'], runCompletedEnabled: true, runFailedEnabled: false });
    const done = await insertRun(`RX-DONE-${driver}`, 'COMPLETED', true, 0);
    await notifyRunFinished(t.app.ctx, done);
    await notifyRunFinished(t.app.ctx, done);
    const doneMails = await outbox(t.db.db, 'reloadRunDone');
    expect(doneMails.map((m) => m.to_address).sort()).toEqual(['cfo@acme.test', 'tesoreria@acme.test']);
    expect(doneMails[0].subject).toBe(`Lotto di ricariche RX-DONE-${driver} completato`);
    expect(doneMails[0].text_body).toContain('3 carte ricaricate per un totale di 30,00');

    const now = await insertRun(`RX-NOW-${driver}`, 'COMPLETED', false, 0);
    await notifyRunFinished(t.app.ctx, now);
    const failed = await insertRun(`RX-FAIL-${driver}`, 'COMPLETED', true, 2);
    await notifyRunFinished(t.app.ctx, failed);
    expect(await outbox(t.db.db, 'reloadRunDone')).toHaveLength(2);
    expect(await outbox(t.db.db, 'reloadRunFailed')).toHaveLength(0);

    await put(d.referent, settings(d.acme), { ...base, recipients: ['tesoreria@acme.test'], runFailedEnabled: true });
    await notifyRunFinished(t.app.ctx, failed);
    await notifyRunFinished(t.app.ctx, failed);
    const allDeleted = await insertRun(`RX-GONE-${driver}`, 'DELETED', true, 3);
    await notifyRunFinished(t.app.ctx, allDeleted);
    const byUser = await insertRun(`RX-USER-${driver}`, 'DELETED', true, 0);
    await notifyRunFinished(t.app.ctx, byUser);
    const failedMails = await outbox(t.db.db, 'reloadRunFailed');
    expect(failedMails.map((m) => m.subject)).toEqual([`Lotto di ricariche RX-FAIL-${driver}: alcune ricariche non eseguite`, `Lotto di ricariche RX-GONE-${driver}: alcune ricariche non eseguite`]);
    expect(failedMails[0].text_body).toContain('2 righe su 3');
  });

  it('sends last month’s statement once to companies that asked, and keeps exactly one statement job queued', async () => {
    await put(d.referent, settings(d.acme), { ...base, recipients: ['tesoreria@acme.test'], monthlyStatementEnabled: true });
    const now = new Date();
    expect(await sendMonthlyStatements(t.app.ctx, now)).toBe(1);
    expect(await sendMonthlyStatements(t.app.ctx, now)).toBe(0);
    const [mail] = await outbox(t.db.db, 'reloadMonthlyStatement');
    expect(mail.to_address).toBe('tesoreria@acme.test');
    expect(mail.subject).toMatch(/^Estratto conto del wallet di Acme S\.p\.A\.: \w+ \d{4}$/);
    // a month later there is a new statement (this month's movements: funding and transfers)
    const nextMonth = new Date(nextStatementAt(now).getTime() + 86_400_000);
    expect(await sendMonthlyStatements(t.app.ctx, nextMonth)).toBe(1);
    const statements = await outbox(t.db.db, 'reloadMonthlyStatement');
    expect(statements[1].text_body).toMatch(/Entrate: 1\.300,00\s€/);

    await Promise.all([scheduleMonthlyStatement(t.db.db, now), scheduleMonthlyStatement(t.db.db, now)]);
    const jobs = await queryRows<{ run_at: Date | string }>(t.db.db, sql`SELECT run_at FROM jobs WHERE name = ${MONTHLY_STATEMENT_JOB} AND status = 'queued'`);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].run_at).toISOString()).toBe(nextStatementAt(now).toISOString());
  });

  it('runs the statement job on its day: statements sent, the next 1st queued', async () => {
    await t.db.db.execute(sql`UPDATE reload_notification_settings SET last_statement_month = NULL`);
    await t.db.db.execute(sql`DELETE FROM jobs WHERE name = ${MONTHLY_STATEMENT_JOB}`);
    await t.db.db.execute(sql`INSERT INTO jobs (name, payload, run_at) VALUES (${MONTHLY_STATEMENT_JOB}, '{}'::jsonb, now() - interval '1 minute')`);
    const before = (await outbox(t.db.db, 'reloadMonthlyStatement')).length;
    await t.app.ctx.jobs.drain();
    expect(await outbox(t.db.db, 'reloadMonthlyStatement')).toHaveLength(before + 1);
    const jobs = await queryRows<{ status: string; run_at: Date | string }>(t.db.db, sql`SELECT status, run_at FROM jobs WHERE name = ${MONTHLY_STATEMENT_JOB} ORDER BY run_at`);
    expect(jobs.map((j) => j.status)).toEqual(['done', 'queued']);
    expect(new Date(jobs[1].run_at).toISOString()).toBe(nextStatementAt(t.app.ctx.clock.now()).toISOString());
  });

  it('computes month boundaries in Europe/Rome', () => {
    expect(monthStart('2026-01').toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(monthStart('2026-07').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(nextStatementAt(new Date('2026-11-30T23:30:00Z')).toISOString()).toBe('2026-12-31T23:05:00.000Z');
    expect(nextStatementAt(new Date('2026-11-15T10:00:00Z')).toISOString()).toBe('2026-11-30T23:05:00.000Z');
  });
});
