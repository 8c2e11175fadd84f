import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo';
import { CONCURRENT_DRIVERS } from '../test/db';
import { startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres';
import { killProcess, signInOverHttp, startServerProcess, waitFor, type RunningServer } from '../test/processes';

/**
 * Issue 40, the database's faults: a real server process (server/main.ts, demo data) on a
 * PostgreSQL cluster of this test's own (test/private-postgres.ts), reached through a TCP proxy
 * of the test's that can stop forwarding (a black-holed connection). The database is restarted,
 * stopped, crashed and has its connections terminated under the server: the process survives
 * (same pid), answers 503 DATABASE_UNAVAILABLE with Retry-After while the database is away (never
 * 500), and recovers by itself. A row held by another transaction answers 409 RECORD_BUSY within
 * the lock timeout, and the consumes waiting on it leave the pool to everyone else.
 *
 * Readiness (GET /readyz) is checked in the same scenarios by adding to WHILE_DOWN / WHEN_UP.
 */

const DATABASE = 'tessera';
const LOCK_TIMEOUT_S = 1;
const STATEMENT_TIMEOUT_S = 5;
const POOL_WAIT_S = 3;
const SERVER_ENV = {
  DEMO_DATA: '1',
  DB_POOL_MAX: '10',
  DB_LOCK_TIMEOUT_SECONDS: String(LOCK_TIMEOUT_S),
  DB_STATEMENT_TIMEOUT_SECONDS: String(STATEMENT_TIMEOUT_S),
  DB_POOL_WAIT_SECONDS: String(POOL_WAIT_S),
};

interface Timed {
  status: number;
  ms: number;
  retryAfter: string | null;
  contentType: string | null;
  body: string;
}

async function timed(request: () => Promise<Response>): Promise<Timed> {
  const started = performance.now();
  const response = await request();
  const body = await response.text();
  return { status: response.status, ms: Math.round(performance.now() - started), retryAfter: response.headers.get('retry-after'), contentType: response.headers.get('content-type'), body };
}

/** A TCP proxy between the server and PostgreSQL that can stop forwarding (both ways) without closing anything. */
interface BlackHoleProxy {
  port: number;
  /** from now on nothing passes: open connections stay open and silent, new ones are accepted and never answered */
  blackHole(): void;
  /** forwarding again for new connections; the silent ones are dropped (as an expired NAT entry would be) */
  restore(): void;
  close(): Promise<void>;
}

function startProxy(targetPort: number): Promise<BlackHoleProxy> {
  let holed = false;
  const live = new Set<[Socket, Socket | null]>();
  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    if (holed) {
      const pair: [Socket, null] = [client, null];
      live.add(pair);
      client.on('close', () => live.delete(pair));
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    upstream.on('error', () => undefined);
    const pair: [Socket, Socket] = [client, upstream];
    live.add(pair);
    const end = () => {
      live.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        port,
        blackHole() {
          holed = true;
          for (const [client, upstream] of live) {
            if (!upstream) continue;
            client.unpipe(upstream);
            upstream.unpipe(client);
            client.pause();
            upstream.pause();
          }
        },
        restore() {
          holed = false;
          for (const [client, upstream] of [...live]) {
            client.destroy();
            upstream?.destroy();
          }
        },
        close: () =>
          new Promise<void>((done) => {
            for (const [client, upstream] of live) {
              client.destroy();
              upstream?.destroy();
            }
            server.close(() => done());
          }),
      });
    });
  });
}

describe.each(CONCURRENT_DRIVERS)('the database\'s faults under a running server (%s)', () => {
  let cluster: PrivatePostgres;
  let proxy: BlackHoleProxy;
  let server: RunningServer;
  let dataDir: string;
  let pid: number | undefined;
  let token: string;
  let acmeId: string;
  let cards: string[];
  let storeCode: string;
  const figures: Record<string, number | string> = {};

  /** A statement on the cluster directly (not through the server, nor the proxy). */
  async function direct<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: cluster.urlOf(DATABASE) });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  const ready = () => fetch(`${server.base}/readyz`);
  const health = () => fetch(`${server.base}/healthz`);
  const list = () => fetch(`${server.base}/api/company/${acmeId}/giftcard/cards`, { headers: { authorization: `Bearer ${token}` } });
  const signIn = () =>
    fetch(`${server.base}/identity/v1/accounts:signInWithPassword?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'operator@acme.test', password: DEMO_PASSWORD, tenantId: 'tessera', returnSecureToken: true }),
    });
  let nextKey = 0;
  const consume = (cardId: string) =>
    fetch(`${server.base}/api/company/${acmeId}/giftcard/cards/${cardId}/consume`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `faults-${Date.now()}-${++nextKey}` },
      body: JSON.stringify({ amountCents: 100, storeCode }),
    });

  /** Several requests at once, so the pool holds a few connections when the fault comes. */
  const warmPool = async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => timed(list)));
    for (const answer of answers) expect(answer.status, answer.body).toBe(200);
  };

  const alive = () => {
    expect(server.child.exitCode, server.output.join('').slice(-4000)).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(server.child.pid).toBe(pid);
  };

  /** What every request answers while the database is away (GET /readyz: add its check here). */
  const WHILE_DOWN: Array<{ what: string; check: () => Promise<void> }> = [
    {
      what: 'a signed-in list',
      check: async () => {
        const answer = await timed(list);
        expect(answer.status, answer.body).toBe(503);
        expect(answer.contentType).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(answer.body)).toMatchObject({ status: 503, error: { message: 'DATABASE_UNAVAILABLE' } });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        figures.downListMs = Math.max(Number(figures.downListMs ?? 0), answer.ms);
      },
    },
    {
      what: 'a sign-in (the Identity Toolkit\'s format)',
      check: async () => {
        const answer = await timed(signIn);
        expect(answer.status, answer.body).toBe(503);
        expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 503, message: 'DATABASE_UNAVAILABLE' } });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        figures.downSignInMs = Math.max(Number(figures.downSignInMs ?? 0), answer.ms);
      },
    },
    {
      what: 'GET /readyz names the database (a balancer takes the instance out)',
      check: async () => {
        const answer = await timed(ready);
        expect(answer.status, answer.body).toBe(503);
        expect(JSON.parse(answer.body)).toMatchObject({ status: 'unavailable', failing: expect.arrayContaining(['database']) });
        // each check has its time limit: the probe itself never hangs on a dead or silent database
        expect(answer.ms).toBeLessThan(4000);
      },
    },
    { what: 'GET /healthz (the process is alive: no restart wanted)', check: async () => expect((await timed(health)).status).toBe(200) },
  ];
  /** What answers once the database is back (GET /readyz: add its check here). */
  const WHEN_UP: Array<{ what: string; check: () => Promise<void> }> = [
    { what: 'a signed-in list', check: async () => expect((await timed(list)).status).toBe(200) },
    { what: 'a sign-in', check: async () => expect((await timed(signIn)).status).toBe(200) },
    {
      what: 'GET /readyz ready again, without a restart',
      // the job runner's next poll may be a moment behind the first request answered
      check: () => waitFor(async () => (await timed(ready)).body.includes('"status":"ready"'), '/readyz ready', 15_000),
    },
  ];

  /**
   * Requests in a loop from the fault until `stop`: every answer is 200 or 503 (never a 500, never
   * a dropped connection), and the time to the first 200 after `mendedAt` is the recovery.
   */
  function hammer() {
    const statuses = new Map<number, number>();
    let stopped = false;
    let firstOkAfterMend: number | null = null;
    let mendedAt: number | null = null;
    const loop = (async () => {
      while (!stopped) {
        // a request the server drops unanswered counts as status 0
        const answer = await timed(list).catch(() => ({ status: 0 }));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200 && mendedAt !== null && firstOkAfterMend === null) firstOkAfterMend = performance.now();
        if (answer.status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
    })();
    return {
      mended: () => void (mendedAt = performance.now()),
      /** resolves once a request answered 200 after the mend; answers the ms it took */
      recovered: async () => {
        await waitFor(async () => firstOkAfterMend !== null, 'a 200 after the database came back', 30_000);
        return Math.round(firstOkAfterMend! - mendedAt!);
      },
      stop: async () => {
        stopped = true;
        await loop;
        return Object.fromEntries(statuses);
      },
    };
  }

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    proxy = await startProxy(cluster.port);
    dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-faults-'));
    server = await startServerProcess(`postgres://postgres@127.0.0.1:${proxy.port}/${DATABASE}`, dataDir, SERVER_ENV);
    pid = server.child.pid;
    token = await signInOverHttp(server.base, 'operator@acme.test', DEMO_PASSWORD);
    [{ id: acmeId }] = await direct<{ id: string }>("SELECT id FROM companies WHERE code = 'ACME'");
    cards = (
      await direct<{ id: string }>(
        `SELECT id FROM gift_cards WHERE company_id = $1 AND status = 'ACTIVE' AND balance_cents - frozen_cents >= 5000 AND voided_at IS NULL
           AND (expire_date IS NULL OR expire_date > now() + interval '1 day') ORDER BY id LIMIT 3`,
        [acmeId],
      )
    ).map((row) => row.id);
    [{ code: storeCode }] = await direct<{ code: string }>('SELECT code FROM stores WHERE company_id = $1 ORDER BY code LIMIT 1', [acmeId]);
    expect(cards.length).toBeGreaterThan(0);
  }, 90_000);

  afterAll(async () => {
    console.info('database faults, measured:', figures);
    if (server) await killProcess(server);
    await proxy?.close();
    await cluster?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** The faults: `down` says whether the database is away between `fault` and `mend`. */
  const FAULTS: Array<{ name: string; down: boolean; fault: () => Promise<unknown>; mend: () => Promise<unknown> }> = [
    { name: 'pg_ctl restart -m fast', down: false, fault: () => cluster.restart(), mend: async () => undefined },
    { name: 'pg_ctl stop -m fast, then start', down: true, fault: () => cluster.stop('fast'), mend: () => cluster.start() },
    { name: 'the postmaster SIGKILLed, then started again', down: true, fault: () => cluster.killPostmaster(), mend: () => cluster.start() },
    { name: 'every pooled connection terminated (pg_terminate_backend)', down: false, fault: () => cluster.terminateBackends(DATABASE), mend: async () => undefined },
  ];

  for (const fault of FAULTS) {
    it(`survives ${fault.name}: ${fault.down ? '503 with Retry-After while down, ' : ''}never 500, recovers by itself`, async () => {
      await warmPool();
      const load = hammer();
      let mended = false;
      try {
        await fault.fault();
        if (fault.down) {
          for (const { what, check } of WHILE_DOWN) await check().catch((err: Error) => Promise.reject(new Error(`${what}: ${err.message}`)));
          alive();
        }
        const mendStarted = performance.now();
        await fault.mend();
        mended = true;
        load.mended();
        // from the database back (pg_ctl returned) to the server's first 200
        figures[`recovery after ${fault.name} (ms)`] = await load.recovered();
        figures[`${fault.down ? 'start' : 'nothing'} after ${fault.name}, then recovered (ms)`] = Math.round(performance.now() - mendStarted);
      } finally {
        const statuses = await load.stop();
        figures[`answers during ${fault.name}`] = JSON.stringify(statuses);
        // whatever failed, the next scenario starts on a running database
        if (!mended) await fault.mend().catch(() => undefined);
        expect(Object.keys(statuses).filter((status) => status !== '200' && status !== '503'), JSON.stringify(statuses)).toEqual([]);
      }
      for (const { what, check } of WHEN_UP) await check().catch((err: Error) => Promise.reject(new Error(`${what}: ${err.message}`)));
      alive();
      expect(server.output.join('')).not.toMatch(/Unhandled 'error' event|uncaughtException|unhandledRejection/);
    }, 45_000);
  }

  it('a consume on a card held FOR UPDATE answers 409 RECORD_BUSY within the lock timeout; twelve waiting leave the pool to a sign-in and a list', async () => {
    const holder = new pg.Client({ connectionString: cluster.urlOf(DATABASE) });
    holder.on('error', () => undefined);
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM gift_cards WHERE id = $1 FOR UPDATE', [cards[0]]);
      const busy = await timed(() => consume(cards[0]));
      expect(busy.status, busy.body).toBe(409);
      expect(JSON.parse(busy.body)).toMatchObject({ status: 409, error: { message: 'RECORD_BUSY' } });
      expect(busy.contentType).toMatch(/^application\/problem\+json/);
      expect(Number(busy.retryAfter)).toBeGreaterThan(0);
      expect(busy.ms).toBeLessThan(LOCK_TIMEOUT_S * 1000 + 1500);
      figures.lockedConsumeMs = busy.ms;

      // a till retrying: twelve consumes on the held card, more than the pool's ten connections
      const waiting = Array.from({ length: 12 }, () => timed(() => consume(cards[0])));
      await new Promise((r) => setTimeout(r, 150));
      const [signedIn, listed] = await Promise.all([
        (async () => {
          const started = performance.now();
          await signInOverHttp(server.base, 'operator@acme.test', DEMO_PASSWORD);
          return Math.round(performance.now() - started);
        })(),
        timed(list),
      ]);
      expect(listed.status).toBe(200);
      expect(signedIn).toBeLessThan(2500);
      expect(listed.ms).toBeLessThan(2500);
      figures.signInBesideTwelveMs = signedIn;
      figures.listBesideTwelveMs = listed.ms;
      const twelve = await Promise.all(waiting);
      expect(twelve.map((answer) => answer.status)).toEqual(Array(12).fill(409));
      figures.slowestOfTwelveMs = Math.max(...twelve.map((answer) => answer.ms));
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end().catch(() => undefined);
    }
    // released: the card moves again
    const after = await timed(() => consume(cards[0]));
    expect(after.status, after.body).toBe(200);
    alive();
  }, 30_000);

  it('a black-holed connection holds a request no longer than the statement timeout and a margin, then recovers', async () => {
    await warmPool();
    proxy.blackHole();
    try {
      const [listed, signedIn] = await Promise.all([timed(list), timed(signIn)]);
      expect(listed.status, listed.body).toBe(503);
      expect(JSON.parse(listed.body)).toMatchObject({ error: { message: 'DATABASE_UNAVAILABLE' } });
      expect(signedIn.status, signedIn.body).toBe(503);
      const bound = STATEMENT_TIMEOUT_S * 1000 + 1000 + 1500;
      expect(listed.ms).toBeLessThan(bound);
      expect(signedIn.ms).toBeLessThan(bound);
      figures.blackHoledListMs = listed.ms;
      figures.blackHoledSignInMs = signedIn.ms;
      // the pool's other (idle, equally silent) connections were dropped with it: the next request
      // waits only for a new connection (DB_POOL_WAIT_SECONDS), not for another read timeout
      const next = await timed(list);
      expect(next.status, next.body).toBe(503);
      expect(next.ms).toBeLessThan(POOL_WAIT_S * 1000 + 1500);
      figures.blackHoledNextListMs = next.ms;
      alive();
    } finally {
      proxy.restore();
    }
    const started = performance.now();
    await waitFor(async () => (await timed(list)).status === 200, 'a 200 after the black hole', 20_000);
    figures.recoveryAfterBlackHoleMs = Math.round(performance.now() - started);
    alive();
  }, 30_000);
});
