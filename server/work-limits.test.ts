import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { emailOutbox, users } from './db/schema';
import { createTestApp, type TestApp } from './test/app';
import { bearer, login, uniqueIp } from './test/auth';
import { DRIVERS } from './test/db';
import { companyId } from './test/support/companies';
import { codeFiles } from '../tests/code-files';

/**
 * What one caller may have the service do (issue 39, lib/work-limits.ts): requests that queue jobs
 * or e-mails are counted per user and per company, e-mails aimed at one inbox per inbox, in the
 * database and inside the request's transaction, so a refused request queues nothing.
 */

const SERVER = path.resolve(__dirname);

/** server's code, tests, test support and the demo seed (which writes its rows straight) aside, relative to server/ */
const sources = () => codeFiles(['server']).map((file) => file.slice('server/'.length)).filter((file) => !file.startsWith('seed/'));
const writing = (pattern: RegExp) => sources().filter((file) => pattern.test(readFileSync(path.join(SERVER, file), 'utf8')));

describe('where work is queued (read from the code)', () => {
  it('every write of a job or an outbox e-mail goes through a function that charges the request', () => {
    // the charged writers: enqueue (jobs/queue.ts, its row written by jobs/repository.ts's insertJob)
    // and queueMailIds (orders/emails.ts, its rows written by orders/emails.repository.ts's
    // insertOutboxMails) charge the request; queueEmail (mail/mailer.ts) calls enqueue and then
    // writes its row (mail/outbox.repository.ts's insertOutboxRow)
    const charged = new Set(['jobs/repository.ts', 'modules/orders/emails.repository.ts', 'mail/outbox.repository.ts']);
    const writers = /insert\(\s*(jobs|emailOutbox)\s*\)|INSERT INTO\s+"?(jobs|email_outbox)"?[\s(]/;
    const found = writing(writers);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((file) => !charged.has(file)), 'a job or e-mail written outside the charged writers escapes the work limits').toEqual([]);
    expect(readFileSync(path.join(SERVER, 'jobs/queue.ts'), 'utf8')).toContain("chargeQueuedWork(db, options.charge ?? 'work')");
    // insertJob's one caller is enqueue, which charges first
    const jobWriters = writing(/\binsertJob\(/);
    expect(jobWriters.sort()).toEqual(['jobs/queue.ts', 'jobs/repository.ts']);
    const outboxWriters = writing(/\binsertOutboxRow\(/);
    expect(outboxWriters.sort()).toEqual(['mail/mailer.ts', 'mail/outbox.repository.ts']);
    // insertOutboxMails's one caller is queueMailIds, which charges first
    expect(writing(/\binsertOutboxMails\(/).sort()).toEqual(['modules/orders/emails.repository.ts', 'modules/orders/emails.ts']);
    expect(readFileSync(path.join(SERVER, 'modules/orders/emails.ts'), 'utf8')).toContain("chargeQueuedWork(db, 'mail')");
    // an e-mail's job is charged as e-mail, wherever it is queued
    expect(readFileSync(path.join(SERVER, 'mail/mailer.ts'), 'utf8')).toMatch(/await enqueue\(db, EMAIL_SEND_JOB, [^)]*charge: 'mail'/);
    expect(readFileSync(path.join(SERVER, 'modules/square/mail-queue.ts'), 'utf8')).toMatch(/enqueue\(db, SQUARE_MAIL_JOB, [^)]*charge: 'mail'/);
  });
});

describe.each(DRIVERS)('work limits (%s)', (driver) => {
  let t: TestApp;
  let admin: string;
  let acme: string;
  const people = (n: number) => ({ firstName: 'Nuovo', lastName: `Collega${'abcdefghijklmnopqrstuvwxyz'[n]}`, email: `limit.${n}@acme.test`, phoneCountry: '+39', phone: '3331234567', role: 'OPERATOR', permissions: ['ticketing'] });
  const call = (token: string, method: 'POST' | 'GET', url: string, payload?: unknown) => t.app.inject({ method, url, headers: bearer(token), payload: payload as object });
  const outboxTo = async (address: string) => (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address))).length;
  const rowCounts = async () =>
    (await queryRows<{ users: number; jobs: number; outbox: number }>(t.db.db, sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM jobs)::int AS jobs, (SELECT count(*) FROM email_outbox)::int AS outbox`))[0];

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { WORK_MAX_PER_USER: '3', WORK_MAX_PER_COMPANY: '5', MAIL_MAX_PER_USER: '3', MAIL_MAX_PER_COMPANY: '5', WORK_WINDOW_SECONDS: '600', MAIL_MAX_PER_RECIPIENT: '2', MAIL_RECIPIENT_WINDOW_SECONDS: '3600' } });
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    acme = await companyId(t.db.db, 'ACME');
  });
  afterAll(() => t.close());

  it('a user may queue so much work in the window: past it 429 RATE_LIMITED with Retry-After, and nothing is created, queued or mailed', async () => {
    for (let n = 1; n <= 3; n += 1) {
      const made = await call(admin, 'POST', `/api/company/${acme}/users`, people(n));
      expect(made.statusCode, made.body).toBe(201);
    }
    const before = await rowCounts();
    const refused = await call(admin, 'POST', `/api/company/${acme}/users`, people(4));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { message: 'RATE_LIMITED' }, params: { retryAfter: expect.any(Number) } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    expect(await rowCounts()).toEqual(before);
    expect(await outboxTo('limit.4@acme.test')).toBe(0);
    // work that queues nothing is not limited
    expect((await call(admin, 'GET', `/api/company/${acme}/users`)).statusCode).toBe(200);
  });

  it('the company has a budget of its own, shared by its users', async () => {
    const rita = (await login(t.app, 'referent@acme.test')).accessToken;
    await t.db.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'work:%' OR key LIKE 'mail:user:%' OR key LIKE 'mail:company:%'`);
    expect((await call(rita, 'POST', `/api/company/${acme}/users`, people(10))).statusCode).toBe(201);
    // ACME's other users have spent the rest of the company's 5 meanwhile
    await t.db.db.execute(sql`UPDATE rate_limits SET count = 5 WHERE key = ${`mail:company:${acme}`}`);
    const refused = await call(rita, 'POST', `/api/company/${acme}/users`, people(11));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('RATE_LIMITED');
    // Rita's own count is hers: 1 of 3, the refused request left no trace
    const [mine] = await queryRows<{ count: number }>(t.db.db, sql`SELECT r.count FROM rate_limits r JOIN users u ON r.key = 'mail:user:' || u.id WHERE u.email = 'referent@acme.test'`);
    expect(mine.count).toBe(1);
  });

  it('one inbox takes so many links: a resent activation past it answers 429 RECIPIENT_LIMITED and mails nothing', async () => {
    const [pending] = await t.db.db.select().from(users).where(eq(users.email, 'limit.1@acme.test'));
    // the creation's activation was the first e-mail to limit.1@; one resend is the second
    const resend = () => t.app.inject({ method: 'POST', url: `/api/company/${acme}/users/${pending.id}/resend-activation`, headers: bearer(admin) });
    // the admin's own budget is spent by the first test: given back, so only the inbox's limit speaks
    await t.db.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'work:%' OR key LIKE 'mail:user:%' OR key LIKE 'mail:company:%'`);
    expect((await resend()).statusCode).toBe(200);
    expect(await outboxTo('limit.1@acme.test')).toBe(2);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('RECIPIENT_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await outboxTo('limit.1@acme.test')).toBe(2);
  });

  it('password resets to one inbox stop at the cap, whatever addresses ask, and every caller hears the same answer', async () => {
    const email = 'operator@acme.test';
    for (let i = 0; i < 4; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email }, remoteAddress: uniqueIp() });
      expect(res.statusCode).toBe(204);
    }
    await t.app.ctx.jobs.drain();
    expect(await outboxTo(email)).toBe(2);
  });
});
