import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { emailOutbox, jobs } from '../db/schema';
import { ShiftableClock } from '../lib/clock';
import { queueMails } from '../modules/orders/emails';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, login, uniqueIp } from '../test/auth';
import { companyIdOf } from '../test/builders';
import { DRIVERS } from '../test/db';
import { EMAIL_SEND_JOB, queueEmail } from './mailer';
import { createTransport, type SmtpSettings } from './smtp';

/**
 * The outbox against a real SMTP server (issue 41): a server that stalls after the message, one
 * that is down for an hour of business time, one that refuses. The server sits behind a TCP proxy
 * of the test's, so "down" is a refused connection (and the pool's open connections cut), as when
 * the mail server is stopped for maintenance.
 */

type Mode = 'accept' | 'stall';

interface Smtp {
  url: string;
  /** acknowledged messages' recipients (250 after the message), lower-cased, in arrival order */
  received: string[];
  /** messages the server took in full and never answered */
  stalled: number;
  mode: Mode;
  /** refused recipients (RCPT TO answered 550) */
  refuse: Set<string>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

async function startSmtp(): Promise<Smtp> {
  const state = { received: [] as string[], stalled: 0, mode: 'accept' as Mode, refuse: new Set<string>() };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (state.refuse.has(to)) return callback(Object.assign(new Error(`5.1.1 <${to}>: no such user here`), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        // stalled: the whole message is in, and no answer ever comes (the callback is dropped)
        if (state.mode === 'stall') {
          state.stalled += 1;
          return;
        }
        state.received.push(...session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const proxy: Server = createServer((client) => {
    const upstream = connect(smtpPort, '127.0.0.1');
    track(client);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const port = (proxy.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return state.received;
    },
    get stalled() {
      return state.stalled;
    },
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    refuse: state.refuse,
    async down() {
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async up() {
      proxy.listen(port, '127.0.0.1');
      await once(proxy, 'listening');
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (proxy.listening) await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** Small timeouts: a stalled send is given up after a second of silence. */
const SMTP: SmtpSettings = { connectionTimeoutMs: 1000, greetingTimeoutMs: 1000, socketTimeoutMs: 1000, retryHours: 48 };
const MINUTE = 60_000;

describe.each(DRIVERS)('the outbox over a real SMTP server (%s)', (driver) => {
  let smtp: Smtp;
  let t: TestApp;
  const clock = new ShiftableClock();
  const outboxRow = async (id: string) => (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
  const rowsTo = (address: string) => t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
  const receivedBy = (address: string) => smtp.received.filter((to) => to === address).length;
  const later = async (ms: number) => {
    clock.advanceTo(new Date(clock.now().getTime() + ms));
    await t.app.ctx.jobs.drain();
  };
  const mail = (to: string) => queueEmail(t.db.db, { to, template: 'activation', language: 'en', params: { firstName: 'Sam', link: 'http://l/x', hours: 168 } });

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(driver, { build: { mailTransport: createTransport(smtp.url, SMTP), clock } });
  });
  afterAll(async () => {
    await t?.close();
    t?.app.ctx.mail.transport?.close?.();
    await smtp?.close();
  });

  it('(a) a server that stalls after the message: the send times out within the socket timeout, waits to retry with the reason, and is delivered once the server recovers', async () => {
    smtp.mode = 'stall';
    const id = await mail('stalled@outbox.test');
    const started = Date.now();
    await t.app.ctx.jobs.drain();
    const took = Date.now() - started;
    expect(smtp.stalled).toBe(1);
    // one second of silence, and no more than the whole send's cap (4 s here)
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4000);
    const waiting = await outboxRow(id);
    expect(waiting).toMatchObject({ status: 'retrying', attempts: 1, sentAt: null });
    expect(waiting.lastError).toBe('Timeout: the mail server was silent for 1 s');
    const [job] = await t.db.db.select().from(jobs).where(sql`${jobs.payload}->>'outboxId' = ${id}`);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    // retried until the e-mail's deadline, whatever its attempts: MAIL_RETRY_HOURS after the row was written
    expect(job.retryUntil!.getTime()).toBe(waiting.createdAt.getTime() + 48 * 3_600_000);
    expect(job.lastError).toContain('Timeout');

    // the server recovers: the retry (5 s later on the business clock) delivers it, once
    smtp.mode = 'accept';
    await later(10_000);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(receivedBy('stalled@outbox.test')).toBe(1);
    await later(2 * 3_600_000);
    expect(receivedBy('stalled@outbox.test')).toBe(1);
    expect(smtp.stalled).toBe(1);
  });

  it('(b) an hour-long SMTP outage: the reset, the activations and the order notice queued meanwhile are all delivered once when it comes back, none failed', async () => {
    const acme = await companyIdOf(t.db.db, 'ACME');
    const rita = (await login(t.app, 'referent@acme.test')).accessToken;
    await smtp.down();

    // a user created (activation e-mail), their activation sent again, a password reset asked, an order's notice
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/company/${acme}/users`,
      headers: bearer(rita),
      payload: { firstName: 'Olga', lastName: 'Outage', email: 'olga@acme.test', phoneCountry: '+39', phone: '3331234999', role: 'OPERATOR', permissions: ['ticketing'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const resent = await t.app.inject({ method: 'POST', url: `/api/company/${acme}/users/${created.json().id}/resend-activation`, headers: bearer(rita) });
    expect(resent.statusCode, resent.body).toBeLessThan(300);
    const reset = await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: 'referent@acme.test' }, remoteAddress: uniqueIp() });
    expect(reset.statusCode, reset.body).toBe(204);
    await t.db.db.transaction((tx) =>
      queueMails(tx, [{ to: 'buyer@orders.test', subject: 'Ordine OR-41 confermato', text: 'Il tuo ordine OR-41 è confermato.', template: 'orderConfirmation', language: 'it' }]),
    );
    const addresses = ['olga@acme.test', 'referent@acme.test', 'buyer@orders.test'];

    // an hour of outage on the business clock, the jobs run as they come due
    await t.app.ctx.jobs.drain();
    for (let minutes = 5; minutes <= 60; minutes += 5) await later(5 * MINUTE);
    const during = (await Promise.all(addresses.map(rowsTo))).flat();
    expect(during.map((r) => r.template).sort()).toEqual(['activation', 'activation', 'orderConfirmation', 'reset']);
    for (const row of during) {
      expect(row.status, row.template).toBe('retrying');
      expect(row.attempts, row.template).toBeGreaterThanOrEqual(8);
      expect(row.lastError, row.template).toMatch(/ECONNREFUSED/);
    }
    expect(addresses.map(receivedBy)).toEqual([0, 0, 0]);

    // SMTP is back: within the hour every e-mail goes out, each once
    await smtp.up();
    for (let minutes = 5; minutes <= 60; minutes += 5) await later(5 * MINUTE);
    const after = (await Promise.all(addresses.map(rowsTo))).flat();
    expect(after.map((r) => [r.template, r.status]).sort()).toEqual([
      ['activation', 'sent'],
      ['activation', 'sent'],
      ['orderConfirmation', 'sent'],
      ['reset', 'sent'],
    ]);
    expect(addresses.map(receivedBy)).toEqual([2, 1, 1]);
    const left = await queryRows(t.db.db, sql`SELECT id FROM jobs WHERE name = ${EMAIL_SEND_JOB} AND status <> 'done'`);
    expect(left).toEqual([]);
  });

  it('(c) a refusal (550) fails the e-mail at once with the server\'s answer; the log has no address', async () => {
    smtp.refuse.add('nobody@refused.test');
    const id = await mail('nobody@refused.test');
    await t.app.ctx.jobs.drain();
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/^550 5\.1\.1 <nobody@refused\.test>: no such user here/);
    // no retry comes: its job is over
    const [job] = await t.db.db.select().from(jobs).where(sql`${jobs.payload}->>'outboxId' = ${id}`);
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    await later(2 * 3_600_000);
    expect((await outboxRow(id)).attempts).toBe(1);
    const warned = t.logs.find((line) => line.outboxId === id);
    expect(warned).toMatchObject({ msg: 'e-mail failed for good: refused by the mail server', tries: 1 });
    expect(warned?.err).toMatchObject({ type: 'MailError', code: 'EENVELOPE', responseCode: 550 });
    expect(t.rawLogs.join('')).not.toContain('nobody@refused');
  });

  it('an e-mail that could not be handed over for MAIL_RETRY_HOURS fails for good with its reason; one of a job queued with 8 attempts goes on past them', async () => {
    // written 49 hours ago (the deadline counts from the row), failing again now
    const old = await mail('late@outbox.test');
    await t.db.db.execute(sql`UPDATE email_outbox SET created_at = now() - interval '49 hours', attempts = 57 WHERE id = ${old}`);
    // a job queued before this rule (no retry window), on its eighth and last attempt
    const legacy = await mail('legacy@outbox.test');
    await t.db.db.execute(sql`UPDATE jobs SET attempts = 7, max_attempts = 8, retry_until = NULL WHERE payload->>'outboxId' = ${legacy}`);
    await smtp.down();
    try {
      await t.app.ctx.jobs.drain();

      const late = await outboxRow(old);
      expect(late).toMatchObject({ status: 'failed', attempts: 58 });
      expect(late.lastError).toMatch(/ECONNREFUSED/);
      expect(t.logs.find((line) => line.outboxId === old)).toMatchObject({ msg: 'e-mail failed for good: not handed over in 48 h' });

      // the handler gave its job the e-mail's window (RetryLater): queued again past its eighth attempt, the same job
      const waiting = await outboxRow(legacy);
      expect(waiting).toMatchObject({ status: 'retrying', attempts: 1 });
      const legacyJobs = await t.db.db.select().from(jobs).where(sql`${jobs.payload}->>'outboxId' = ${legacy}`);
      expect(legacyJobs.map((j) => [j.status, j.attempts])).toEqual([['queued', 8]]);
      expect(legacyJobs[0].retryUntil!.getTime()).toBe(waiting.createdAt.getTime() + 48 * 3_600_000);
    } finally {
      await smtp.up();
    }
    // its ninth try, with the back-off of an eighth (5 s doubling: about 11 minutes)
    await later(3_600_000);
    expect(await outboxRow(legacy)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(receivedBy('legacy@outbox.test')).toBe(1);
    expect(receivedBy('late@outbox.test')).toBe(0);
  });
});
