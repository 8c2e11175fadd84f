import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import { loadConfig } from '../../config';
import { createTransport } from '../../mail/smtp';
import { createTestApp, type TestApp } from '../../test/app';
import { addCompany, caller, companyIdOf, q, userWith } from '../../test/builders';
import { DRIVERS } from '../../test/db';
import { smtpFailure } from '../../mail/mailer';
import { sendDueCommunications, squareCodeEmail } from './communications.sender';
import { addOrderWithMails, closedPort, communicationState, makeRetriesDue, sendsOf, startSmtp, withCommunications, type TestSmtp } from '../../test/support/square-communications';
import { SQUARE_MAIL_JOB } from './mail-queue';

/** A message's text as written (quoted-printable undone). */
const readable = (raw: string) => Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

describe('the square code e-mail and SMTP failures', () => {
  const row = { code: 'SQ7K2M9P4X', first_name: 'Mario', amount_cents: 150_050, expire_date: '2027-02-28T23:30:00Z', host: 'shop.example.com', order_number: 'SQ-000042' };

  it('is written in the order\'s language, money and dates as there (Rome\'s day), a language outside the choice in Italian', () => {
    const it_ = squareCodeEmail({ ...row, language: 'it' });
    expect(it_.subject).toMatch(/^Il tuo codice da 1\.500,50\s€ per shop\.example\.com$/);
    for (const part of ['Ciao Mario', 'SQ7K2M9P4X', 'valido fino al 01/03/2027', 'Ordine SQ-000042']) expect(it_.text).toContain(part);
    const en = squareCodeEmail({ ...row, language: 'en' });
    expect(en.subject).toBe('Your €1,500.50 code for shop.example.com');
    expect(en.text).toContain('valid until 01/03/2027');
    const de = squareCodeEmail({ ...row, language: 'de' });
    expect(de.language).toBe('de');
    // the day as the screens write it (SPEC §9), money the German way
    expect(de.text).toContain('01/03/2027');
    expect(de.subject).toContain('1.500,50\u00a0€');
    expect(squareCodeEmail({ ...row, language: 'fr' }).subject).toContain('1\u202f500,50\u00a0€');
    expect(squareCodeEmail({ ...row, language: 'pt' }).language).toBe('it');
    expect(squareCodeEmail({ ...row, first_name: '<b>M</b>', language: 'it' }).html).toContain('&lt;b&gt;M&lt;/b&gt;');
  });

  it('reads a nodemailer error: the answer and its class, or the connection error', () => {
    expect(smtpFailure(Object.assign(new Error("Can't send mail"), { responseCode: 550, response: '550 5.1.1 User unknown' }))).toEqual({ kind: 'permanent', answer: '550 5.1.1 User unknown' });
    expect(smtpFailure(Object.assign(new Error('busy'), { responseCode: 421, response: '421 4.3.2 Try later' }))).toEqual({ kind: 'temporary', answer: '421 4.3.2 Try later' });
    expect(smtpFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' }))).toEqual({ kind: 'temporary', answer: 'connect ECONNREFUSED 127.0.0.1:1' });
  });
});

describe.each(DRIVERS)('square communications (%s)', (driver) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let call: ReturnType<typeof caller>;
  let token: string;
  let acme: string;
  /** the mailbox of unknown@ exists again (the resend case) */
  let unknownFixed = false;

  beforeAll(async () => {
    smtp = await startSmtp((to, seen) => {
      if (to.startsWith('busy') && seen === 1) return { code: 452, text: '4.2.2 Mailbox busy, try later' };
      if (to.startsWith('unknown') && !unknownFixed) return { code: 550, text: '5.1.1 User unknown' };
      return 'accept';
    });
    t = await createTestApp(driver, { build: { mailTransport: createTransport(smtp.url, loadConfig({}).smtp) } });
    await withCommunications(t.app);
    call = caller(t.app);
    acme = await companyIdOf(t.db.db, 'ACME');
    token = await userWith(t.app, t.db.db, 'square-comms@acme.test', acme, ['square.communications']);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const runSender = async () => {
    await enqueue(t.db.db, SQUARE_MAIL_JOB, {});
    await t.app.ctx.jobs.drain();
  };
  const received = (address: string) => smtp.received.filter((to) => to === address).length;

  it('sends each code by e-mail; a 4xx waits and is sent on retry; a 5xx fails with the answer; every try is recorded', async () => {
    const { communications: ids, orderNumber } = await addOrderWithMails(t.db.db, acme, ['ok@one.test', 'busy@one.test', 'unknown@one.test'], { language: 'en' });
    await runSender();

    const ok = await communicationState(t.db.db, ids.get('ok@one.test')!);
    expect(ok).toMatchObject({ status: 'SENT', tries: 1, retry_number: 1 });
    expect(ok.sent_at).not.toBeNull();
    const mail = readable(smtp.messages.find((m) => m.to.includes('ok@one.test'))!.raw);
    const [code] = await queryRows<{ code: string }>(t.db.db, sql`SELECT c.code FROM square_codes c JOIN square_communications m ON m.code_id = c.id WHERE m.id = ${ids.get('ok@one.test')!}`);
    for (const part of ['Hello Anna', code.code, '€25.00', 'valid until 27/11/2027', 'shop.example.com', `Order ${orderNumber}`]) expect(mail).toContain(part);

    const busy = await communicationState(t.db.db, ids.get('busy@one.test')!);
    expect(busy).toMatchObject({ status: 'RETRY_WAITING', tries: 1, sent_at: null });
    expect(busy.last_smtp_answer).toMatch(/^452 4\.2\.2 Mailbox busy/);
    // the first delay (60 s) from the try; a run of the sender is waiting for it
    const [firstTry] = await queryRows<{ at: Date | string }>(t.db.db, sql`SELECT at FROM square_communication_sends WHERE communication_id = ${ids.get('busy@one.test')!}`);
    expect(new Date(busy.next_attempt_at!).getTime() - new Date(firstTry.at).getTime()).toBe(60_000);
    const [run] = await queryRows<{ run_at: Date | string }>(t.db.db, sql`SELECT run_at FROM jobs WHERE name = ${SQUARE_MAIL_JOB} AND status = 'queued'`);
    expect(new Date(run.run_at).getTime()).toBe(new Date(busy.next_attempt_at!).getTime());

    const unknown = await communicationState(t.db.db, ids.get('unknown@one.test')!);
    expect(unknown).toMatchObject({ status: 'FAILED', tries: 1, last_smtp_answer: '550 5.1.1 User unknown', next_attempt_at: null });

    await makeRetriesDue(t.db.db);
    await t.app.ctx.jobs.drain();
    expect(await communicationState(t.db.db, ids.get('busy@one.test')!)).toMatchObject({ status: 'SENT', tries: 2, retry_number: 1, next_attempt_at: null });
    expect(await sendsOf(t.db.db, ids.get('busy@one.test')!)).toEqual([
      { retry_number: 1, try_number: 1, outcome: 'temporary', smtp_answer: expect.stringMatching(/^452 /) },
      { retry_number: 1, try_number: 2, outcome: 'sent', smtp_answer: expect.stringMatching(/^250 /) },
    ]);
    expect(await sendsOf(t.db.db, ids.get('unknown@one.test')!)).toEqual([{ retry_number: 1, try_number: 1, outcome: 'permanent', smtp_answer: '550 5.1.1 User unknown' }]);
    expect([received('ok@one.test'), received('busy@one.test'), received('unknown@one.test')]).toEqual([1, 1, 0]);
    // nothing left to come back for: no run waits
    expect(await queryRows(t.db.db, sql`SELECT id FROM jobs WHERE name = ${SQUARE_MAIL_JOB} AND status = 'queued'`)).toEqual([]);
  });

  it('a mail server that cannot be reached: the communication waits to retry, saying why, and is sent once it answers', async () => {
    const { communications: ids } = await addOrderWithMails(t.db.db, acme, ['far@two.test']);
    const id = ids.get('far@two.test')!;
    const deps = { db: t.db.db, clock: t.app.ctx.clock, transport: createTransport(`smtp://127.0.0.1:${await closedPort()}`, loadConfig({}).smtp), from: 'test@tessera.test', log: t.app.log };
    expect(await sendDueCommunications(deps)).toBe(1);
    const waiting = await communicationState(t.db.db, id);
    expect(waiting).toMatchObject({ status: 'RETRY_WAITING', tries: 1 });
    expect(waiting.last_smtp_answer).toMatch(/ECONNREFUSED/);

    await makeRetriesDue(t.db.db);
    await t.app.ctx.jobs.drain();
    expect(await communicationState(t.db.db, id)).toMatchObject({ status: 'SENT', tries: 2 });
    expect(received('far@two.test')).toBe(1);
  });

  it('without SMTP configured the e-mail is logged and marked sent; a SENDING row whose lease ran out is taken again; an aborted run claims nothing', async () => {
    const { communications: ids } = await addOrderWithMails(t.db.db, acme, ['log@six.test', 'stuck@six.test']);
    const deps = { db: t.db.db, clock: t.app.ctx.clock, transport: null, from: 'test@tessera.test', log: t.app.log };
    await expect(sendDueCommunications(deps, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
    expect((await communicationState(t.db.db, ids.get('log@six.test')!)).status).toBe('QUEUED');

    // a runner took this one and died: its lease has run out
    await t.db.db.execute(sql`UPDATE square_communications SET status = 'SENDING', lease_until = now() - interval '1 second' WHERE id = ${ids.get('stuck@six.test')!}`);
    expect(await sendDueCommunications(deps)).toBe(2);
    for (const id of ids.values()) expect(await communicationState(t.db.db, id)).toMatchObject({ status: 'SENT', tries: 1, last_smtp_answer: null });
    const logged = t.logs.filter((line) => line.to === 'log@six.test' && String(line.msg).startsWith('e-mail (no SMTP configured)'));
    expect(logged).toHaveLength(1);
    expect(received('log@six.test')).toBe(0);
  });

  it('resend: a failed communication becomes attempt 2, queued, then sent once the server accepts; a busy one is refused', async () => {
    const { communications: ids } = await addOrderWithMails(t.db.db, acme, ['unknown@three.test', 'ok@three.test']);
    await runSender();
    const failed = ids.get('unknown@three.test')!;
    expect((await communicationState(t.db.db, failed)).status).toBe('FAILED');

    const url = (id: string) => `/api/company/${acme}/square/communications/${id}/resend`;
    const res = await call(token, 'POST', url(failed));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: failed, status: 'QUEUED', retryNumber: 2, tries: 0, nextAttemptAt: null, lastSmtpAnswer: null, recipient: 'unknown@three.test' });
    const again = await call(token, 'POST', url(failed));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('SQUARE_COMMUNICATION_BUSY');

    unknownFixed = true;
    await t.app.ctx.jobs.drain(); // the resend enqueued the run
    expect(await communicationState(t.db.db, failed)).toMatchObject({ status: 'SENT', retry_number: 2, tries: 1 });
    expect((await sendsOf(t.db.db, failed)).map((s) => [s.retry_number, s.try_number, s.outcome])).toEqual([
      [1, 1, 'permanent'],
      [2, 1, 'sent'],
    ]);
    expect(received('unknown@three.test')).toBe(1);

    // a sent one may be sent again too (the recipient lost it): one more message
    const sent = ids.get('ok@three.test')!;
    expect((await call(token, 'POST', url(sent))).json()).toMatchObject({ status: 'QUEUED', retryNumber: 2 });
    await t.app.ctx.jobs.drain();
    expect(await communicationState(t.db.db, sent)).toMatchObject({ status: 'SENT', retry_number: 2 });
    expect(received('ok@three.test')).toBe(2);
  });

  it('lists the subtree\'s communications with filters, sorts and cursor pages', async () => {
    const nord = await companyIdOf(t.db.db, 'ACME-NORD');
    const order = await addOrderWithMails(t.db.db, nord, ['c@four.test', 'a@four.test', 'b@four.test', 'unknown@four.test']);
    unknownFixed = false;
    await runSender();
    const list = (filter: object, extra = '') => call(token, 'GET', `/api/company/${acme}/square/communications?filter=${q(filter)}${extra}`);

    const all = await list({ orderId: order.orderId }, `&sort=${q(['recipient', 'ASC'])}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().map((c: { recipient: string }) => c.recipient)).toEqual(['a@four.test', 'b@four.test', 'c@four.test', 'unknown@four.test']);
    expect(all.json()[0]).toMatchObject({ orderId: order.orderId, orderNumber: order.orderNumber, status: 'SENT', retryNumber: 1, tries: 1 });
    expect(all.json()[0].code).toMatch(/^T/);

    const failed = await list({ orderId: order.orderId, status: 'FAILED' });
    expect(failed.json().map((c: { recipient: string; lastSmtpAnswer: string }) => [c.recipient, c.lastSmtpAnswer])).toEqual([['unknown@four.test', '550 5.1.1 User unknown']]);
    expect((await list({ q: 'B@FOUR' })).json().map((c: { recipient: string }) => c.recipient)).toEqual(['b@four.test']);

    const first = await list({ orderId: order.orderId }, `&sort=${q(['recipient', 'DESC'])}&range=${q([0, 1])}`);
    expect(first.json().map((c: { recipient: string }) => c.recipient)).toEqual(['unknown@four.test', 'c@four.test']);
    const cursor = first.headers['next-cursor'] as string;
    const next = await list({ orderId: order.orderId }, `&sort=${q(['recipient', 'DESC'])}&range=${q([0, 1])}&cursor=${cursor}`);
    expect(next.json().map((c: { recipient: string }) => c.recipient)).toEqual(['b@four.test', 'a@four.test']);
    const bySent = await list({ orderId: order.orderId }, `&sort=${q(['sentAt', 'ASC'])}`);
    expect(bySent.json().at(-1).recipient).toBe('unknown@four.test'); // never sent: last
    expect((await list({ status: 'LOST' })).statusCode).toBe(400);
  });

  it('keeps other companies\' communications out of reach (404) and needs the permission (403)', async () => {
    const tessera = await companyIdOf(t.db.db, 'TESSERA');
    const other = await addCompany(t.db.db, 'SQ-OTHER', tessera);
    const { communications } = await addOrderWithMails(t.db.db, other, ['someone@five.test']);
    const id = communications.get('someone@five.test')!;
    const otherToken = await userWith(t.app, t.db.db, 'square-comms@other.test', other, ['square.communications']);

    expect((await call(token, 'GET', `/api/company/${other}/square/communications`)).statusCode).toBe(404);
    expect((await call(token, 'POST', `/api/company/${acme}/square/communications/${id}/resend`)).statusCode).toBe(404);
    const listed = await call(token, 'GET', `/api/company/${acme}/square/communications?filter=${q({ q: 'someone@five' })}`);
    expect(listed.json()).toEqual([]);
    expect((await call(otherToken, 'GET', `/api/company/${acme}/square/communications`)).statusCode).toBe(404);
    const own = await call(otherToken, 'GET', `/api/company/${other}/square/communications`);
    expect(own.json().map((c: { id: string }) => c.id)).toEqual([id]);

    const viewer = await userWith(t.app, t.db.db, 'square-codes@acme.test', acme, ['square.codes']);
    expect((await call(viewer, 'GET', `/api/company/${acme}/square/communications`)).statusCode).toBe(403);
    expect((await call(viewer, 'POST', `/api/company/${acme}/square/communications/${id}/resend`)).statusCode).toBe(403);
  });
});
