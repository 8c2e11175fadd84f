import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseFault } from '../lib/pg-errors';
import { CONCURRENT_DRIVERS, createTestDb } from '../test/db';
import { runMigrations } from './migrate';
import { openPostgres } from './postgres';
import { rawDriverOf, type DbHandle } from './client';

/**
 * Issue 40: the pools' session settings and their guards, on the shared test server (only
 * session-level statements, no tables): the timeouts every connection starts with, a checked-out
 * client whose connection dies without taking the process with it, pg's read timeout dropping the
 * connection it gave up on, and the wait for a connection bounded.
 */
describe.each(CONCURRENT_DRIVERS)('openPostgres: session settings and guarded clients (%s)', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const opened: DbHandle[] = [];
  const open = (...args: Parameters<typeof openPostgres> extends [string, ...infer Rest] ? Rest : never) => {
    const handle = openPostgres(url, ...args);
    opened.push(handle);
    return handle;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((handle) => handle.close()));
  });
  const show = async (pool: pg.Pool, name: string) => ((await pool.query<Record<string, string>>(`SHOW ${name}`)).rows[0] ?? {})[name];

  it('gives every connection of the request pool the three timeouts; the export pool all but the statement timeout; 0 is no limit', async () => {
    const handle = open(2, 1, { poolWaitMs: 2000, statementTimeoutMs: 1500, lockTimeoutMs: 700, idleInTransactionTimeoutMs: 60_000 });
    const pool = handle.pool!;
    expect(await show(pool, 'statement_timeout')).toBe('1500ms');
    expect(await show(pool, 'lock_timeout')).toBe('700ms');
    expect(await show(pool, 'idle_in_transaction_session_timeout')).toBe('1min');
    const driver = rawDriverOf(handle.db);
    const exportPool = driver?.kind === 'postgres' ? driver.exportPool! : null;
    expect(exportPool).not.toBeNull();
    expect(await show(exportPool!, 'statement_timeout')).toBe('0');
    expect(await show(exportPool!, 'lock_timeout')).toBe('700ms');
    expect(await show(exportPool!, 'idle_in_transaction_session_timeout')).toBe('1min');

    const unlimited = open(1, 1, { statementTimeoutMs: 0, lockTimeoutMs: 0, idleInTransactionTimeoutMs: 0 }).pool!;
    expect(await show(unlimited, 'statement_timeout')).toBe('0');
    expect(await show(unlimited, 'lock_timeout')).toBe('0');
  });

  it('cancels a statement past the statement timeout: 57014, a database fault', async () => {
    const pool = open(1, 1, { statementTimeoutMs: 500 }).pool!;
    const started = Date.now();
    const failure = await pool.query('SELECT pg_sleep(5)').catch((err: unknown) => err);
    expect(failure).toMatchObject({ code: '57014' });
    expect(databaseFault(failure)).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('a checked-out client whose connection is terminated does not take the process down, and is discarded at its release', async () => {
    const pool = open(2, 1, { poolWaitMs: 2000 }).pool!;
    const client = await pool.connect();
    // pg-pool listens only while a client is idle: checked out, this one has the pool's permanent guard alone
    expect(client.listenerCount('error')).toBe(1);
    const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
    const errors: unknown[] = [];
    client.on('error', (err) => errors.push(err));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    // no statement runs: the death comes as the client's 'error' event, which would be unhandled without the pool's guard
    const deadline = Date.now() + 5000;
    while (errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(errors.length).toBeGreaterThan(0);
    expect(databaseFault(errors[0])).toBe('unavailable');
    const next = await client.query('SELECT 1').catch((err: unknown) => err);
    expect(databaseFault(next)).toBe('unavailable');
    client.release();
    expect(pool.totalCount).toBe(0);
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('after pg\'s read timeout (a connection that answers nothing) the connection is dropped, not reused, and so are the idle ones', async () => {
    // statement timeout 1 s: the client gives up a second later; the session's own timeout is lifted so only the client's fires
    const pool = open(2, 1, { statementTimeoutMs: 1000, poolWaitMs: 2000 }).pool!;
    const client = await pool.connect();
    const idle = await pool.connect();
    idle.release();
    expect(pool.idleCount).toBe(1);
    await client.query('SET statement_timeout = 0');
    const started = Date.now();
    const failure = await client.query('SELECT pg_sleep(6)').catch((err: unknown) => err);
    expect(failure).toMatchObject({ message: 'Query read timeout' });
    expect(databaseFault(failure)).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(4000);
    const deadline = Date.now() + 2000;
    while ((client as unknown as { _queryable: boolean })._queryable && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect((client as unknown as { _queryable: boolean })._queryable).toBe(false);
    // the idle one shares the way that stopped answering: dropped too
    while (pool.idleCount > 0 && Date.now() < deadline + 2000) await new Promise((r) => setTimeout(r, 20));
    expect(pool.idleCount).toBe(0);
    client.release();
    expect(pool.totalCount).toBe(0);
    const again = Date.now();
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    // a fresh connection, not one queued behind the abandoned sleep
    expect(Date.now() - again).toBeLessThan(2000);
  });

  it('the migrator waits for another instance\'s migration lock past the pool\'s lock and statement timeouts, and its session is not reused', async () => {
    const database = await createTestDb('postgres');
    const other = new pg.Client({ connectionString: database.url! });
    await other.connect();
    try {
      const handle = openPostgres(database.url!, 2, 1, { lockTimeoutMs: 200, statementTimeoutMs: 300 });
      opened.push(handle);
      await other.query('SELECT pg_advisory_lock(7262013001)');
      let settled = false;
      const migrating = runMigrations(handle).finally(() => void (settled = true));
      await new Promise((r) => setTimeout(r, 1000));
      expect(settled).toBe(false);
      await other.query('SELECT pg_advisory_unlock(7262013001)');
      await expect(migrating).resolves.toBe(false);
      // the pool's connections still have the configured timeouts
      expect(await show(handle.pool!, 'lock_timeout')).toBe('200ms');
      expect(await show(handle.pool!, 'statement_timeout')).toBe('300ms');
    } finally {
      await other.end();
      await database.close();
    }
  });

  it('a statement\'s own read timeout (a probe\'s) drops its connection only', async () => {
    const pool = open(2, 1, { statementTimeoutMs: 5000, poolWaitMs: 2000 }).pool!;
    const client = await pool.connect();
    const idle = await pool.connect();
    idle.release();
    const failure = await client.query({ text: 'SELECT pg_sleep(3)', query_timeout: 300 } as pg.QueryConfig).catch((err: unknown) => err);
    expect(failure).toMatchObject({ message: 'Query read timeout' });
    await new Promise((r) => setTimeout(r, 200));
    expect((client as unknown as { _queryable: boolean })._queryable).toBe(false);
    expect(pool.idleCount).toBe(1);
    client.release();
    expect(pool.totalCount).toBe(1);
  });

  it('bounds the wait for a connection by poolWaitMs: pg-pool\'s timeout, a database fault', async () => {
    const pool = open(1, 1, { poolWaitMs: 300 }).pool!;
    const held = await pool.connect();
    try {
      const started = Date.now();
      const failure = await pool.connect().catch((err: unknown) => err);
      expect(failure).toMatchObject({ message: 'timeout exceeded when trying to connect' });
      expect(databaseFault(failure)).toBe('unavailable');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      held.release();
    }
  });
});
