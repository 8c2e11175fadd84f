import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type DbHandle } from '../db/client';
import { openPostgres } from '../db/postgres';
import { createTestDb, CONCURRENT_DRIVERS, DRIVERS } from '../test/db';
import { isDatabaseUnavailable } from './pg-errors';
import { countedRead } from './rate-limit.repository';
import { postgresRateLimitStore } from './rate-limit-store';

const WINDOW = 600_000;

const quietLog = () => ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

/** A route's store as the plugin makes it: constructed with the plugin's options, then child(route). */
function routeStore(handle: DbHandle, url = '/api/limited', options: Record<string, unknown> = {}, log = quietLog()): FastifyRateLimitStore {
  const Store = postgresRateLimitStore(handle.db, log);
  return new Store({ global: false, ...options }).child({ ...options, routeInfo: { method: 'POST', url } } as never);
}

function incr(store: FastifyRateLimitStore, key: string, max = 5, timeWindow = WINDOW): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) => {
    // the runtime passes timeWindow and max after the callback (index.js), the published types do not
    (store.incr as (k: string, cb: (e: Error | null, r?: { current: number; ttl: number }) => void, w: number, m: number) => void)(
      key,
      (error, result) => (error ? reject(error) : resolve(result!)),
      timeWindow,
      max,
    );
  });
}

/** The window ends now, as if its time had passed (no waiting on a clock). */
async function endWindow(handle: DbHandle, key: string, at = sql`now() - interval '1 millisecond'`) {
  await handle.db.execute(sql`UPDATE rate_limits SET reset_at = ${at} WHERE key = ${key}`);
}

// the store is meant for PostgreSQL; its SQL runs on PGlite too, so the counting rules are checked there as well
describe.each(DRIVERS)('PostgreSQL rate-limit store (%s)', (driver) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(driver);
  });
  afterAll(() => handle.close());

  it('numbers the hits of one window 1..N with the time left, and a new window starts again at 1', async () => {
    const store = routeStore(handle);
    const hits = [];
    for (let i = 0; i < 7; i++) hits.push(await incr(store, '10.1.0.1'));
    expect(hits.map((h) => h.current)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const h of hits) {
      expect(h.ttl).toBeGreaterThan(0);
      expect(h.ttl).toBeLessThanOrEqual(WINDOW);
    }
    await endWindow(handle, 'POST /api/limited|10.1.0.1');
    const fresh = await incr(store, '10.1.0.1');
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(WINDOW - 60_000);
    expect(fresh.ttl).toBeLessThanOrEqual(WINDOW);
  });

  it('keys a count by route and address', async () => {
    const a = routeStore(handle, '/api/a');
    const b = routeStore(handle, '/api/b');
    await incr(a, '10.2.0.1');
    await incr(a, '10.2.0.1');
    expect((await incr(a, '10.2.0.2')).current).toBe(1);
    expect((await incr(b, '10.2.0.1')).current).toBe(1);
    const keys = await queryRows<{ key: string; count: number }>(handle.db, sql`SELECT key, count FROM rate_limits WHERE key LIKE 'POST /api/_|10.2.%' ORDER BY key`);
    expect(keys).toEqual([
      { key: 'POST /api/a|10.2.0.1', count: 2 },
      { key: 'POST /api/a|10.2.0.2', count: 1 },
      { key: 'POST /api/b|10.2.0.1', count: 1 },
    ]);
  });

  it('shares one count between two stores on the same table, as two instances do', async () => {
    const first = routeStore(handle, '/api/shared');
    const second = routeStore(handle, '/api/shared');
    const counts = [];
    for (let i = 0; i < 6; i++) counts.push((await incr(i % 2 ? second : first, '10.3.0.1')).current);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps the window past the limit, restarts it on each hit with continueExceeding, doubles it with exponentialBackoff', async () => {
    const plain = routeStore(handle, '/api/plain');
    await incr(plain, '10.4.0.1', 1);
    await endWindow(handle, 'POST /api/plain|10.4.0.1', sql`now() + interval '5 seconds'`);
    expect((await incr(plain, '10.4.0.1', 1)).ttl).toBeLessThanOrEqual(5000);

    const continuing = routeStore(handle, '/api/continue', { continueExceeding: true });
    await incr(continuing, '10.4.0.1', 1);
    await endWindow(handle, 'POST /api/continue|10.4.0.1', sql`now() + interval '5 seconds'`);
    const exceeded = await incr(continuing, '10.4.0.1', 1);
    expect(exceeded.current).toBe(2);
    expect(exceeded.ttl).toBeGreaterThan(WINDOW - 60_000);

    const backoff = routeStore(handle, '/api/backoff', { exponentialBackoff: true });
    const ttls = [];
    for (let i = 0; i < 4; i++) ttls.push((await incr(backoff, '10.4.0.1', 1, 100_000)).ttl);
    // within the limit: what is left of the window; past it: the window, then twice, then four times
    expect(ttls[1]).toBeGreaterThan(50_000);
    expect(ttls[1]).toBeLessThanOrEqual(100_000);
    expect(ttls[2]).toBeGreaterThan(150_000);
    expect(ttls[2]).toBeLessThanOrEqual(200_000);
    expect(ttls[3]).toBeGreaterThan(350_000);
    expect(ttls[3]).toBeLessThanOrEqual(400_000);
  });

  it('answers a failed count as an uncounted hit, and logs it; an unreachable database as the error it is', async () => {
    const broken = await createTestDb(driver);
    try {
      await broken.db.execute(sql`DROP TABLE rate_limits`);
      const log = quietLog();
      expect(await incr(routeStore(broken, '/api/broken', {}, log), '10.5.0.1')).toMatchObject({ current: 0 });
      expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ key: 'POST /api/broken|10.5.0.1' }), expect.stringContaining('rate limit not counted'));
    } finally {
      await broken.close();
    }
    if (driver !== 'postgres') return;
    // nothing listens there: the plugin gets the error, and the error handler answers 503
    const unreachable = openPostgres('postgres://postgres@127.0.0.1:1/nothing', 1, 1, { poolWaitMs: 2000 });
    try {
      await expect(incr(routeStore(unreachable, '/api/unreachable'), '10.5.0.2')).rejects.toSatisfy(isDatabaseUnavailable);
    } finally {
      await unreachable.close();
    }
  });

  it('counts a hit and makes a read in one prepared statement: the read\'s rows or none, with the hit\'s number', async () => {
    const read = sql`SELECT n, n * 10 AS tenfold FROM generate_series(1, ${sql.placeholder('upTo')}::integer) n`;
    const counted = countedRead<{ n: number; tenfold: number }>('test_counted_read', WINDOW, 3, read);
    const first = await counted(handle.db, 'reader:1', { upTo: 2 });
    expect(first.hit.current).toBe(1);
    expect(first.hit.ttl).toBeGreaterThan(WINDOW - 60_000);
    expect(first.rows.map((row) => [row.n, row.tenfold])).toEqual([[1, 10], [2, 20]]);
    // a read that finds nothing is still a counted hit
    const none = await counted(handle.db, 'reader:1', { upTo: 0 });
    expect(none).toMatchObject({ hit: { current: 2 }, rows: [] });
    // another key has its own count; past the max the count goes on (the caller answers 429)
    expect((await counted(handle.db, 'reader:2', { upTo: 1 })).hit.current).toBe(1);
    await counted(handle.db, 'reader:1', { upTo: 1 });
    expect((await counted(handle.db, 'reader:1', { upTo: 1 })).hit.current).toBe(4);
    await endWindow(handle, 'reader:1');
    expect((await counted(handle.db, 'reader:1', { upTo: 1 })).hit.current).toBe(1);
  });

  it('counts per row found: under the call\'s key and the row\'s suffix, only a row meeting the condition, nothing for a null key', async () => {
    const read = sql`SELECT n, 'k' || n AS tag FROM generate_series(1, ${sql.placeholder('upTo')}::integer) n`;
    const counted = countedRead<{ n: number; tag: string }>('test_counted_per_row', WINDOW, sql.placeholder('max'), read, { keySuffix: sql`found.tag`, when: sql`found.n = ${sql.placeholder('pick')}::integer` });
    const first = await counted(handle.db, 'row:', { upTo: 3, pick: 2, max: 1 });
    expect(first.hit).toMatchObject({ current: 1 });
    expect(first.rows.map((row) => row.tag)).toEqual(['k1', 'k2', 'k3']);
    // past the max (a placeholder here) the count goes on
    expect((await counted(handle.db, 'row:', { upTo: 2, pick: 2, max: 1 })).hit).toMatchObject({ current: 2 });
    // no row meets the condition, the read finds nothing, or the key is null: nothing counted, the rows all the same
    expect(await counted(handle.db, 'row:', { upTo: 3, pick: 5, max: 1 })).toMatchObject({ hit: null, rows: [{ n: 1 }, { n: 2 }, { n: 3 }] });
    expect(await counted(handle.db, 'row:', { upTo: 0, pick: 1, max: 1 })).toEqual({ hit: null, rows: [] });
    expect(await counted(handle.db, null, { upTo: 2, pick: 1, max: 1 })).toMatchObject({ hit: null, rows: [{ n: 1 }, { n: 2 }] });
    const keys = await queryRows<{ key: string; count: number }>(handle.db, sql`SELECT key, count FROM rate_limits WHERE key LIKE 'row:%' ORDER BY key`);
    expect(keys).toEqual([{ key: 'row:k2', count: 2 }]);
  });
});

describe.each(CONCURRENT_DRIVERS)('PostgreSQL rate-limit store under concurrency (%s)', (driver) => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  let other: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(driver);
    // a second pool on the same database: a second process's connections
    if (!handle.url) throw new Error('no database URL');
    other = openPostgres(handle.url);
  });
  afterAll(async () => {
    await other.close();
    await handle.close();
  });

  it('gives 20 simultaneous hits from two instances 20 distinct numbers 1..20', async () => {
    const first = routeStore(handle, '/api/race');
    const second = routeStore(other, '/api/race');
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => incr(i % 2 ? second : first, '10.6.0.1')));
    expect(hits.map((h) => h.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('gives 20 simultaneous counted reads from two instances 20 distinct numbers, each with its read', async () => {
    const read = sql`SELECT ${sql.placeholder('value')}::integer AS value`;
    const counted = countedRead<{ value: number }>('test_counted_race', WINDOW, 5, read);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => counted(i % 2 ? other.db : handle.db, 'race:1', { value: i })));
    expect(answers.map((a) => a.hit.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(answers.map((a) => a.rows[0].value)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
