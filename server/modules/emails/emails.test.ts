import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailRecord } from '../../../domain/emails';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/client';
import { runCleanup } from '../../jobs/cleanup';
import { EMAIL_SEND_JOB, queueEmail, sweepOutbox } from '../../mail/mailer';
import { createTransport } from '../../mail/smtp';
import { login } from '../../test/auth';
import { caller, companyIdOf, q, userWith } from '../../test/builders';
import { createTestApp, type TestApp } from '../../test/app';
import { DRIVERS } from '../../test/db';
import { queueMailIds } from '../orders/emails';
import { addOrderWithMails, startSmtp, withCommunications, type TestSmtp } from '../../test/support/square-communications';

const REPORT = { name: 'Movimenti', parameters: 'ottobre', expires: '30/11/2026', link: 'http://tessera.test/report' };

/**
 * Issue 41: every e-mail the product sends is a tracked communication, on one screen for
 * provider staff (/emails): the outbox's e-mails and square's codes, their states as the mail
 * server's answers make them, filters, and a resend that sends exactly one more.
 */
describe.each(DRIVERS)('the e-mails screen (%s)', (driver) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let call: ReturnType<typeof caller>;
  let staff: string;
  let provider: string;
  let acme: string;

  beforeAll(async () => {
    smtp = await startSmtp((to, seen) => {
      if (to.startsWith('busy') && seen === 1) return { code: 451, text: '4.3.0 Try again later' };
      if (to.startsWith('unknown')) return { code: 550, text: '5.1.1 User unknown' };
      return 'accept';
    });
    t = await createTestApp(driver, { build: { mailTransport: createTransport(smtp.url, loadConfig({}).smtp) } });
    await withCommunications(t.app);
    call = caller(t.app);
    staff = (await login(t.app, 'admin@tessera.test')).accessToken;
    provider = await companyIdOf(t.db.db, 'TESSERA');
    acme = await companyIdOf(t.db.db, 'ACME');
  });
  afterAll(async () => {
    t?.app.ctx.mail.transport?.close?.();
    await t?.close();
    await smtp?.close();
  });

  const emails = (filter: Record<string, unknown> = {}, token = staff) => call(token, 'GET', `/api/company/${provider}/emails?filter=${q(filter)}&range=[0,49]`);
  const list = async (filter: Record<string, unknown> = {}) => {
    const response = await emails(filter);
    expect(response.statusCode).toBe(200);
    return response.json<EmailRecord[]>();
  };
  const one = async (id: string) => (await call(staff, 'GET', `/api/company/${provider}/emails/${id}`)).json<EmailRecord>();
  const resend = (id: string, token = staff) => call(token, 'POST', `/api/company/${provider}/emails/${id}/resend`, {});
  const queue = (to: string, template: 'reportReady' | 'reset' = 'reportReady') =>
    t.db.db.transaction((tx) => queueEmail(tx, { to, template, language: 'en', params: template === 'reset' ? { link: 'http://tessera.test/reset#token' } : REPORT }));
  /** runs what is due now, the retries made due first (the runner's back-off is seconds) */
  const deliver = async () => {
    await t.db.db.execute(sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE status = 'queued' AND name = ${EMAIL_SEND_JOB}`);
    await t.app.ctx.jobs.drain();
  };

  it('shows each e-mail in its state: queued, then sent; deferred (the answer and the next try), then sent; refused (the answer)', async () => {
    const sent = await queue('someone@one.test');
    const deferred = await queue('busy@one.test');
    const refused = await queue('unknown@one.test');
    expect((await one(sent)).status).toBe('QUEUED');
    await t.app.ctx.jobs.drain();

    expect(await one(sent)).toMatchObject({ template: 'reportReady', recipient: 'someone@one.test', subject: 'Your report “Movimenti” is ready', language: 'en', status: 'SENT', attempts: 1, lastAnswer: null, resendable: true });
    const waiting = await one(deferred);
    expect(waiting).toMatchObject({ status: 'RETRY_WAITING', attempts: 1, lastAnswer: expect.stringContaining('4.3.0 Try again later'), resendable: false });
    // the next try is the job's, a few seconds on
    const [{ run_at }] = await queryRows<{ run_at: Date | string }>(t.db.db, sql`SELECT j.run_at FROM jobs j JOIN email_outbox o ON o.job_id = j.id WHERE o.id = ${deferred}`);
    expect(waiting.nextAttemptAt).toBe(new Date(run_at).toISOString());
    expect(await one(refused)).toMatchObject({ status: 'FAILED', attempts: 1, lastAnswer: expect.stringContaining('5.1.1 User unknown'), nextAttemptAt: null });

    await deliver();
    expect(await one(deferred)).toMatchObject({ status: 'SENT', attempts: 2, lastAnswer: null, nextAttemptAt: null });
    expect(smtp.received.filter((to) => to === 'busy@one.test')).toHaveLength(1);
    // no body, ever
    expect(JSON.stringify(await one(sent))).not.toContain('http://tessera.test/report');
  });

  it("lists square codes' e-mails beside the outbox's, newest first, and filters by state, template and address", async () => {
    const { communications } = await addOrderWithMails(t.db.db, acme, ['voucher@two.test'], { language: 'en' });
    const voucher = communications.get('voucher@two.test')!;
    const outbox = await queue('Mixed.Case@Two.test');
    const all = await list();
    expect(all.map((email) => email.id).slice(0, 2)).toEqual([outbox, voucher]);
    const created = all.map((email) => email.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const square = all.find((email) => email.id === voucher)!;
    expect(square).toMatchObject({ template: 'squareCode', recipient: 'voucher@two.test', status: 'QUEUED', squareOrderId: expect.any(String), squareOrderNumber: expect.stringMatching(/^SQ-/), subject: null });

    expect((await list({ template: 'squareCode' })).every((email) => email.template === 'squareCode')).toBe(true);
    // a gift-card order's e-mails, written by the orders module in bulk, are listed like any other, and delivered
    const [card] = await t.db.db.transaction((tx) => queueMailIds(tx, [{ to: 'card@two.test', subject: 'Your gift card', text: 'Code …', template: 'orderCard', language: 'en' }]));
    expect((await list({ template: 'orderCard' })).map((email) => [email.id, email.status])).toEqual([[card, 'QUEUED']]);
    await t.app.ctx.jobs.drain();
    expect(await one(card)).toMatchObject({ template: 'orderCard', status: 'SENT', resendable: true });
    expect((await list({ status: 'FAILED' })).map((email) => email.recipient)).toEqual(['unknown@one.test']);
    expect((await list({ q: 'mixed.case@' })).map((email) => email.id)).toEqual([outbox]);
    expect((await list({ q: 'MIXED' })).map((email) => email.id)).toEqual([outbox]);
    // a LIKE wildcard is a character like any other
    expect(await list({ q: '%' })).toEqual([]);
    expect((await emails({ status: 'BOUNCED' })).statusCode).toBe(400);
    expect((await emails({ template: 'newsletter' })).statusCode).toBe(400);
    // pages follow on by cursor, none twice
    const now = await list();
    const first = await call(staff, 'GET', `/api/company/${provider}/emails?range=[0,1]`);
    const cursor = first.headers['next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const second = (await call(staff, 'GET', `/api/company/${provider}/emails?range=[0,1]&cursor=${encodeURIComponent(cursor)}`)).json<EmailRecord[]>();
    expect(second.map((email) => email.id)).toEqual(now.slice(2, 4).map((email) => email.id));
  });

  it('is provider staff\'s: a customer\'s user holding management, even its referent, is refused, and so is one without it', async () => {
    const sent = (await list({ status: 'SENT' }))[0];
    const referent = (await login(t.app, 'referent@acme.test')).accessToken;
    const manager = await userWith(t.app, t.db.db, 'emails-manager@acme.test', acme, ['management']);
    for (const token of [referent, manager]) {
      for (const response of [await call(token, 'GET', `/api/company/${acme}/emails`), await call(token, 'GET', `/api/company/${acme}/emails/${sent.id}`), await resend(sent.id, token)]) {
        expect(response.statusCode).toBe(403);
      }
    }
    const staffWithout = await userWith(t.app, t.db.db, 'emails-nobody@tessera.test', provider, ['ticketing']);
    expect((await emails({}, staffWithout)).statusCode).toBe(403);
    expect((await resend(sent.id, staffWithout)).statusCode).toBe(403);
    expect((await call(staff, 'GET', `/api/company/${provider}/emails/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it('resend sends a sent e-mail once more as a new e-mail; not while it or its resend is being delivered; never a one-time link', async () => {
    const first = await queue('again@three.test');
    await t.app.ctx.jobs.drain();
    const before = smtp.received.filter((to) => to === 'again@three.test').length;
    const [a, b] = await Promise.all([resend(first), resend(first)]);
    // two clicks at once: one resend, the other told it is under way
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const made = (a.statusCode === 200 ? a : b).json<EmailRecord>();
    expect((a.statusCode === 409 ? a : b).json().error.message).toBe('EMAIL_BUSY');
    expect(made).toMatchObject({ status: 'QUEUED', resentFromId: first, recipient: 'again@three.test', subject: 'Your report “Movimenti” is ready', resendable: false });
    expect(made.id).not.toBe(first);
    await t.app.ctx.jobs.drain();
    expect(smtp.received.filter((to) => to === 'again@three.test').length).toBe(before + 1);
    expect(await one(made.id)).toMatchObject({ status: 'SENT' });
    expect(await one(first)).toMatchObject({ status: 'SENT', resentFromId: null });

    // still being delivered: refused, nothing queued
    const pending = await queue('pending@three.test');
    const refusedBusy = await resend(pending);
    expect(refusedBusy.statusCode).toBe(409);
    expect(refusedBusy.json().error.message).toBe('EMAIL_BUSY');

    // a reset's link is one-time: never sent again as it was
    const reset = await queue('reset@three.test', 'reset');
    await t.app.ctx.jobs.drain();
    expect(await one(reset)).toMatchObject({ status: 'SENT', resendable: false });
    const oneTime = await resend(reset);
    expect(oneTime.statusCode).toBe(409);
    expect(oneTime.json().error.message).toBe('EMAIL_ONE_TIME_LINK');
    const [{ copies }] = await queryRows<{ copies: number }>(t.db.db, sql`SELECT count(*)::int AS copies FROM email_outbox WHERE resent_from IN (${pending}, ${reset})`);
    expect(copies).toBe(0);

    // the audit trail names who resent what, to whom, and never the message; a refusal writes nothing
    const trail = await call(staff, 'GET', `/api/company/${provider}/audit?filter=${q({ entity: 'email_outbox' })}&range=[0,49]`);
    expect(trail.statusCode).toBe(200);
    const rows = trail.json<{ entityId: string; action: string; actorType: string; actorLabel: string; operation: string; changes: { field: string; before: unknown; after: unknown }[] }[]>();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityId: made.id, action: 'create', actorType: 'user', actorLabel: 'admin@tessera.test', operation: 'POST /api/company/:companyId/emails/:id/resend' });
    expect(Object.fromEntries(rows[0].changes.map((change) => [change.field, change.after]))).toEqual({ resent_from: first, to_address: 'again@three.test', template: 'reportReady' });
  });

  it("resend of a square code's e-mail makes its next attempt (the same e-mail, square's rule)", async () => {
    const { communications } = await addOrderWithMails(t.db.db, acme, ['square-again@four.test'], { language: 'en' });
    const id = communications.get('square-again@four.test')!;
    expect((await resend(id)).json().error.message).toBe('SQUARE_COMMUNICATION_BUSY');
    await t.db.db.execute(sql`UPDATE square_communications SET status = 'FAILED', last_smtp_answer = '550 no' WHERE id = ${id}`);
    const again = await resend(id);
    expect(again.statusCode).toBe(200);
    expect(again.json<EmailRecord>()).toMatchObject({ id, template: 'squareCode', status: 'QUEUED', lastAnswer: null });
  });

  it('loses no e-mail whose job is gone: the sweep queues it again within its deadline and fails it past it; done e-mails leave after their retention', async () => {
    const orphan = await queue('orphan@five.test');
    const late = await queue('late@five.test');
    // their jobs failed for good (a database outage outlasting their attempts), the rows still queued
    await t.db.db.execute(sql`UPDATE jobs SET status = 'failed', finished_at = now() WHERE payload->>'outboxId' IN (${orphan}, ${late})`);
    await t.db.db.execute(sql`UPDATE email_outbox SET created_at = now() - interval '1 hour' WHERE id = ${orphan}`);
    await t.db.db.execute(sql`UPDATE email_outbox SET created_at = now() - interval '49 hours' WHERE id = ${late}`);
    expect(await sweepOutbox(t.db.db, new Date(), 48)).toEqual({ requeued: 1, failed: 1 });
    // once: the job it queued is live now
    expect(await sweepOutbox(t.db.db, new Date(), 48)).toEqual({ requeued: 0, failed: 0 });
    await t.app.ctx.jobs.drain();
    expect(await one(orphan)).toMatchObject({ status: 'SENT' });
    expect(await one(late)).toMatchObject({ status: 'FAILED', lastAnswer: 'not handed over to the mail server within 48 h' });
    expect(smtp.received.filter((to) => to.endsWith('@five.test'))).toEqual(['orphan@five.test']);

    await t.db.db.execute(sql`UPDATE email_outbox SET created_at = now() - interval '91 days' WHERE id IN (${orphan}, ${late})`);
    const waiting = await queue('still-waiting@five.test');
    await t.db.db.execute(sql`UPDATE email_outbox SET created_at = now() - interval '91 days' WHERE id = ${waiting}`);
    const counts = await runCleanup(t.db.db, t.config.retention, t.config.bruteForce.windowSeconds);
    expect(counts.emails).toBeGreaterThanOrEqual(2);
    const left = await queryRows<{ id: string }>(t.db.db, sql`SELECT id FROM email_outbox WHERE id IN (${orphan}, ${late}, ${waiting})`);
    // one still to deliver is never deleted
    expect(left.map((row) => row.id)).toEqual([waiting]);
  });
});
