import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from './db/schema';
import { enqueue } from './jobs/queue';
import type { JobRunner } from './jobs/runner';
import { jobsCheck } from './plugins/health';
import type { FileStorage } from './lib/files';
import { createMemoryStorage } from './lib/files.memory';
import type { MailTransport } from './mail/mailer';
import { DEMO_PASSWORD } from './seed/demo';
import { createTestApp, type TestApp } from './test/app';
import { bearer, login, refresh, uniqueIp } from './test/auth';
import { addCard, addTypology } from './test/support/giftcards';
import { caller, companyIdOf, q } from './test/builders';
import { CONCURRENT_DRIVERS, DRIVERS } from './test/db';
import { freePort } from './test/processes';

const TOKEN = 'metrics-token-0123456789abcdef';

/** the value of one series in a Prometheus text ("name{labels} value"), or undefined */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
  }
  return undefined;
}

/** waits until the started runner has finished a first look for due jobs */
async function polled(t: TestApp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!t.app.ctx.jobs.lastPolledAt) {
    if (Date.now() > deadline) throw new Error('the job runner never polled');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}


describe.each(DRIVERS)('health and readiness (%s)', (driver) => {
  let t: TestApp;
  const files: FileStorage & { broken: boolean } = Object.assign(createMemoryStorage(), {
    broken: false,
    async probe() {
      if (files.broken) throw new Error('the storage is gone');
    },
  });
  beforeAll(async () => {
    t = await createTestApp(driver, { build: { files } });
  });
  afterAll(() => t.close());

  it('GET /healthz answers 200 while the process lives, uncached, with the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /readyz answers 503 naming the jobs while the runner is stopped, then 200 with every check', async () => {
    const stopped = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json()).toEqual({ status: 'unavailable', failing: ['jobs'], checks: { database: 'ok', files: 'ok', jobs: 'stopped' } });
    expect(stopped.headers['cache-control']).toBe('no-store');

    t.app.ctx.jobs.start();
    await polled(t);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz', headers: { accept: 'text/html' } });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', files: 'ok', jobs: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');

    await t.app.ctx.jobs.stop();
    const again = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(again.statusCode).toBe(503);
    expect(again.json().failing).toEqual(['jobs']);
  });

  it('names the file storage when its probe fails, and says draining once a shutdown began', async () => {
    t.app.ctx.jobs.start();
    await polled(t);
    files.broken = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', failing: ['files'], checks: { database: 'ok', files: 'unreachable', jobs: 'ok' } });
    } finally {
      files.broken = false;
    }
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining' });
      // alive all the same: the requests in flight finish
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
      await t.app.ctx.jobs.stop();
    }
  });

  it('takes the job runner as stalled when it has not polled for a few poll intervals, even while a long job runs (polling goes on beside running jobs)', () => {
    const runner = (fields: Partial<Pick<JobRunner, 'lastPolledAt' | 'activeJobs'>> & { started: boolean }) => fields as unknown as JobRunner;
    const now = Date.now();
    expect(jobsCheck(runner({ started: false, lastPolledAt: new Date(now) }), 1000, now)).toBe('stopped');
    expect(jobsCheck(runner({ started: true, lastPolledAt: new Date(now - 2000), activeJobs: [] }), 1000, now)).toBe('ok');
    expect(jobsCheck(runner({ started: true, lastPolledAt: new Date(now - 60_000), activeJobs: [] }), 1000, now)).toBe('stalled');
    expect(jobsCheck(runner({ started: true, lastPolledAt: new Date(now - 60_000), activeJobs: [{ id: 'j', name: 'long', queue: 'batches', since: new Date(now - 50_000) }] }), 1000, now)).toBe('stalled');
    expect(jobsCheck(runner({ started: true, lastPolledAt: new Date(now - 500), activeJobs: [{ id: 'j', name: 'long', queue: 'batches', since: new Date(now - 50_000) }] }), 1000, now)).toBe('ok');
  });

  it('takes no X-Request-Id from a caller when not behind a proxy (TRUST_PROXY unset)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'proxy-req.0001_abc' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('behind a proxy, takes its X-Request-Id when it is a safe token, else makes its own', async () => {
    const proxied = await createTestApp(driver, { env: { TRUST_PROXY: '1' } });
    try {
      const given = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'proxy-req.0001_abc' } });
      expect(given.headers['x-request-id']).toBe('proxy-req.0001_abc');
      for (const unsafe of ['short', 'has space in it', 'x'.repeat(65), 'evil\\nline"}']) {
        const res = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': unsafe } });
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    } finally {
      await proxied.close();
    }
  });
});

// a pool connection held past the check's limit: PostgreSQL only (PGlite has no pool)
describe.each(CONCURRENT_DRIVERS)('readiness under a held lock (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('gives up the database check after its time limit, and the pool gets its connection back', async () => {
    const pool = t.db.pool!;
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE drizzle.__drizzle_migrations IN ACCESS EXCLUSIVE MODE');
      const began = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(Date.now() - began).toBeLessThan(4000);
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.database).toBe('timeout');
      expect(res.json().failing).toContain('database');
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // the timed-out connection was destroyed, not left busy: the pool serves the next check
    const after = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(after.json().checks.database).toBe('ok');
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});

describe.each(DRIVERS)('metrics (%s)', (driver) => {
  it('GET /metrics is no route without a token or a port of its own', async () => {
    const t = await createTestApp(driver);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(driver, { env: { METRICS_TOKEN: TOKEN } });
    });
    afterAll(() => t.close());
    const scrape = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    it('answers 401 problem+json without the token or with a wrong one', async () => {
      for (const headers of [{}, bearer('wrong-token'), bearer(`${TOKEN}x`), { authorization: `Basic ${TOKEN}` }]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.body).not.toContain('tessera_');
      }
    });

    it('exposes the requests, jobs, e-mails, database and process series, and they move', async () => {
      const first = await scrape();
      expect(first).toMatch(/^# HELP/m);
      for (const name of [
        'tessera_http_requests_total',
        'tessera_http_request_duration_seconds',
        'tessera_jobs_ended_total',
        'tessera_job_duration_seconds',
        'tessera_job_queue_depth',
        'tessera_job_queue_oldest_due_age_seconds',
        'tessera_jobs_running',
        'tessera_jobs_failed',
        'tessera_emails',
        'tessera_database_up',
        'tessera_db_pool_connections',
        'tessera_db_pool_waiting',
        'nodejs_eventloop_lag_seconds',
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
      ]) {
        expect(first, name).toContain(`# TYPE ${name} `);
      }
      expect(sample(first, 'tessera_database_up')).toBe(1);
      for (const state of ['waiting', 'sent', 'failed']) {
        expect(sample(first, 'tessera_emails', { channel: 'outbox', state }), state).toBeTypeOf('number');
        expect(sample(first, 'tessera_emails', { channel: 'square', state }), state).toBeTypeOf('number');
      }
      // the pool on PostgreSQL; nothing on PGlite (one in-process connection)
      const total = sample(first, 'tessera_db_pool_connections', { pool: 'main', state: 'total' });
      if (driver === 'postgres') {
        expect(total).toBeGreaterThanOrEqual(1);
        expect(sample(first, 'tessera_db_pool_waiting', { pool: 'main' })).toBeTypeOf('number');
      } else expect(total).toBeUndefined();

      // a request counts under its route template, never its URL; an unknown path under one label
      const session = await login(t.app, 'admin@tessera.test');
      const route = { route: '/api/user/configuration', method: 'GET', status: '200' };
      const before = sample(await scrape(), 'tessera_http_requests_total', route) ?? 0;
      await t.app.inject({ method: 'GET', url: '/api/user/configuration?x=1', headers: bearer(session.accessToken) });
      await t.app.inject({ method: 'GET', url: '/no/such/path/12345' });
      const after = await scrape();
      expect(sample(after, 'tessera_http_requests_total', route)).toBe(before + 1);
      expect(sample(after, 'tessera_http_request_duration_seconds_count', route)).toBe(before + 1);
      expect(sample(after, 'tessera_http_requests_total', { route: '(unmatched)', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
      expect(after).not.toContain('/no/such/path');
      const companyId = session.companyId;
      await t.app.inject({ method: 'GET', url: `/api/company/${companyId}/giftcard/cards?range=${q([0, 9])}`, headers: bearer(session.accessToken) });
      expect(await scrape()).toContain('route="/api/company/:companyId/giftcard/cards"');

      // a job queued: the queue's depth; run: the depth back, and this instance's end counted
      await enqueue(t.db.db, 'maintenance.cleanup', {});
      await enqueue(t.db.db, 'no.such.job', {}, { maxAttempts: 1 });
      const queued = await scrape();
      expect(sample(queued, 'tessera_job_queue_depth', { queue: 'maintenance.cleanup' })).toBeGreaterThanOrEqual(1);
      expect(sample(queued, 'tessera_job_queue_depth', { queue: 'no.such.job' })).toBe(1);
      expect(sample(queued, 'tessera_job_queue_oldest_due_age_seconds', { queue: 'no.such.job' })).toBeGreaterThanOrEqual(0);
      await t.app.ctx.jobs.drain();
      const ran = await scrape();
      expect(sample(ran, 'tessera_job_queue_depth', { queue: 'no.such.job' })).toBe(0);
      expect(sample(ran, 'tessera_jobs_failed', { queue: 'no.such.job' })).toBe(1);
      expect(sample(ran, 'tessera_jobs_running', { queue: 'no.such.job' })).toBe(0);
      expect(sample(ran, 'tessera_jobs_ended_total', { queue: 'maintenance.cleanup', outcome: 'done' })).toBeGreaterThanOrEqual(1);
      expect(sample(ran, 'tessera_jobs_ended_total', { queue: 'no.such.job', outcome: 'failed' })).toBe(1);
    });

    it('answers with the process series and tessera_database_up 0 when the database does not', async () => {
      const broken = await createTestApp(driver, { env: { METRICS_TOKEN: TOKEN }, seed: false });
      try {
        await broken.db.close();
        const res = await broken.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
        expect(res.statusCode).toBe(200);
        expect(sample(res.body, 'tessera_database_up')).toBe(0);
        expect(res.body).toContain('# TYPE process_cpu_seconds_total');
        const ready = await broken.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json().failing).toContain('database');
        expect(ready.json().checks.database).toMatch(/^(unreachable|timeout)$/);
      } finally {
        await broken.app.close();
      }
    });
  });

  it('serves /metrics without a token on METRICS_PORT, and not on the main port; closed with the app', async () => {
    const port = await freePort();
    const t = await createTestApp(driver, { env: { METRICS_PORT: String(port) } });
    try {
      await t.app.ready();
      expect(t.app.metrics.port).toBe(port);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toContain('# TYPE tessera_http_requests_total counter');
      expect(sample(text, 'tessera_database_up')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer('anything') })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe.each(DRIVERS)('request logs (%s)', (driver) => {
  let t: TestApp;
  const sent: Array<{ to: string; text: string }> = [];
  const transport: MailTransport = {
    async sendMail(message) {
      sent.push({ to: message.to, text: message.text });
      return { response: '250 OK' };
    },
  };
  beforeAll(async () => {
    t = await createTestApp(driver, { build: { mailTransport: transport }, env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueIp() });
  const linkToken = (text: string, path: string) => {
    const match = new RegExp(`${path}\\?t=([\\w-]+)`).exec(text);
    if (!match) throw new Error(`no ${path} link`);
    return match[1];
  };

  it('writes one line per request with its id, route and status, and no secret or e-mail address anywhere', async () => {
    const secrets: string[] = [DEMO_PASSWORD];
    // sign in, refresh, read the account
    const session = await login(t.app, 'operator@acme.test');
    secrets.push(session.accessToken, session.refreshToken);
    const refreshed = await refresh(t.app, session.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    secrets.push(refreshed.json<{ accessToken: string }>().accessToken);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(session.accessToken) })).statusCode).toBe(200);

    // a password reset asked, its e-mail sent, its link used; the token in a query too
    expect((await post('/api/user/forgot-password', { email: 'operator@acme.test' })).statusCode).toBeLessThan(300);
    await t.app.ctx.jobs.drain();
    const [mail] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'operator@acme.test')).orderBy(desc(emailOutbox.createdAt)).limit(1);
    expect(mail.status).toBe('sent');
    const resetToken = linkToken(mail.textBody, '/forgot-password');
    secrets.push(resetToken);
    expect((await post('/api/user/reset-password', { token: resetToken, password: 'Brand-New-Pass-42!' })).statusCode).toBe(204);
    secrets.push('Brand-New-Pass-42!');
    await t.app.inject({ method: 'GET', url: `/api/auth/logout?refreshToken=${session.refreshToken}` });

    // gift-card codes read: listed, filtered by code, searched by code
    const admin = await login(t.app, 'admin@tessera.test');
    secrets.push(admin.accessToken, admin.refreshToken);
    const acmeId = await companyIdOf(t.db.db, 'ACME');
    const typologyId = await addTypology(t.db.db);
    const card = await addCard(t.db.db, { companyId: acmeId, typologyId, progressive: 1, status: 'ACTIVE' });
    secrets.push(card.code);
    const call = caller(t.app);
    const url = (path: string) => `/api/company/${acmeId}/giftcard${path}`;
    const listed = await call(admin.accessToken, 'GET', url(`/cards?range=${q([0, 24])}`));
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(card.code);
    expect((await call(admin.accessToken, 'GET', url(`/cards?filter=${q({ code: card.code })}`))).statusCode).toBe(200);
    expect((await call(admin.accessToken, 'GET', url(`/cards/search?code=${card.code}`))).statusCode).toBe(200);
    // an e-mail address in a list's filter, and a metrics scrape (its token)
    expect((await call(admin.accessToken, 'GET', `/api/company/${acmeId}/users?filter=${q({ q: 'operator@acme.test' })}`)).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    secrets.push(TOKEN);
    const traced = await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: { ...bearer(admin.accessToken), 'x-request-id': 'trace-from-proxy-42' } });
    expect(traced.headers['x-request-id']).toBe('trace-from-proxy-42');

    const all = t.rawLogs.join('');
    for (const secret of secrets) expect(all.includes(secret), `a secret in the log: ${secret.slice(0, 6)}…`).toBe(false);
    expect(all).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/);
    expect(all).not.toMatch(/authorization|bearer/i);
    expect(sent.length).toBeGreaterThan(0);

    const requests = t.logs.filter((line) => line.msg === 'request');
    expect(requests.length).toBeGreaterThan(10);
    for (const line of requests) {
      expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));
      expect(line.status).toEqual(expect.any(Number));
      expect(line).toHaveProperty('route');
      expect(line.durationMs).toEqual(expect.any(Number));
      expect(Object.keys(line).filter((key) => /^(req|res|headers?|email|to|name|firstName|lastName|body|token|password|remoteAddress)$/i.test(key))).toEqual([]);
    }
    // Fastify's own pair is off: one line per request
    expect(t.logs.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
    const ids = requests.map((line) => line.reqId);
    expect(new Set(ids).size).toBe(ids.length);
    const own = requests.find((line) => line.reqId === 'trace-from-proxy-42');
    expect(own).toMatchObject({ method: 'GET', route: '/api/user/configuration', url: '/api/user/configuration', status: 200, userId: expect.any(String), companyId: expect.any(String) });
    expect(requests.find((line) => line.route === '/api/company/:companyId/giftcard/cards/search')).toMatchObject({ url: expect.stringContaining('code=[REDACTED]') });
    // the probes at debug level: not written at info
    expect(requests.filter((line) => line.route === '/metrics')).toEqual([]);
    // a route with a literal colon as the API writes it (Fastify's template doubles it)
    expect(requests.filter((line) => line.route === '/identity/v1/accounts:signInWithPassword').length).toBeGreaterThan(0);
  });
});
