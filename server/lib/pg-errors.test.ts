import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { DRIVERS } from '../test/db';
import { databaseFault, isDatabaseUnavailable, isRecordBusy, loggableError } from './pg-errors';

const EMAIL = 'mario.rossi.private@example.test';

describe('loggableError', () => {
  it('keeps a database error\'s code, constraint, table and message, drops its parameters and detail', () => {
    const driver = Object.assign(new Error(`duplicate key value violates unique constraint "users_email_key"`), {
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
      detail: `Key (email)=(${EMAIL}) already exists.`,
      params: [EMAIL, 'Mario'],
      query: 'INSERT INTO users (email, first_name) VALUES ($1, $2)',
    });
    const wrapped = Object.assign(new Error(`Failed query: INSERT INTO users (email, first_name) VALUES ($1, $2)\nparams: ${EMAIL},Mario`), {
      query: 'INSERT INTO users (email, first_name) VALUES ($1, $2)',
      params: [EMAIL, 'Mario'],
      cause: driver,
    });
    const safe = loggableError(wrapped) as Error & Record<string, unknown>;
    expect(safe).toMatchObject({ name: 'DatabaseError', code: '23505', constraint: 'users_email_key', table: 'users' });
    expect(safe.message).toBe('Failed query: INSERT INTO users (email, first_name) VALUES ($1, $2) — duplicate key value violates unique constraint "users_email_key"');
    expect(JSON.stringify({ ...safe, message: safe.message, stack: safe.stack })).not.toContain(EMAIL);
    expect(safe.stack).not.toContain('Mario');
    const plain = new Error('not a database error');
    expect(loggableError(plain)).toBe(plain);
  });
});

/** An error as drizzle throws it: "Failed query" wrapping the driver's error in `cause`, parameters included. */
const failedQuery = (driver: Error) => Object.assign(new Error(`Failed query: UPDATE gift_cards SET balance_cents = $1\nparams: 100,${EMAIL}`), { query: 'UPDATE gift_cards SET balance_cents = $1', params: [100, EMAIL], cause: driver });
const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code, severity: 'ERROR' });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });

describe('databaseFault', () => {
  it.each([
    ['connection refused', socketError('ECONNREFUSED')],
    ['connection reset', socketError('ECONNRESET')],
    ['a broken pipe', socketError('EPIPE')],
    ['connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['a connection timeout of a new client', new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') })],
    ['pg-pool\'s wait for a connection', new Error('timeout exceeded when trying to connect')],
    ['a client no longer queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['pg\'s read timeout', new Error('Query read timeout')],
    ['class 08 (connection failure)', pgError('08006')],
    ['class 08 (cannot establish)', pgError('08001')],
    ['administrator command (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown (57P02)', pgError('57P02')],
    ['starting up (57P03)', pgError('57P03', 'the database system is starting up')],
    ['too many connections (53300)', pgError('53300')],
    ['statement timeout (57014)', pgError('57014', 'canceling statement due to statement timeout')],
    ['idle in transaction timeout (25P03)', pgError('25P03')],
    ['a reset inside drizzle\'s wrapper', failedQuery(socketError('ECONNRESET'))],
    ['57P01 inside drizzle\'s wrapper', failedQuery(pgError('57P01'))],
    ['a refused connection of several addresses (AggregateError)', Object.assign(new AggregateError([socketError('ECONNREFUSED')], ''), { code: 'ECONNREFUSED' })],
  ])('%s: unavailable', (_, error) => {
    expect(databaseFault(error)).toBe('unavailable');
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isRecordBusy(error)).toBe(false);
  });

  it.each([
    ['lock timeout (55P03)', pgError('55P03', 'canceling statement due to lock timeout')],
    ['a deadlock\'s victim (40P01)', pgError('40P01')],
    ['a serialization failure (40001)', pgError('40001')],
    ['55P03 inside drizzle\'s wrapper', failedQuery(pgError('55P03'))],
  ])('%s: busy', (_, error) => {
    expect(databaseFault(error)).toBe('busy');
    expect(isRecordBusy(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it.each([
    ['a unique violation', failedQuery(pgError('23505'))],
    ['invalid input', pgError('22P02')],
    ['a missing table', pgError('42P01')],
    ['a wrong password for the database (a configuration error, not an outage)', pgError('28P01')],
    ['a plain error', new Error('something else')],
    ['not an error', 'Connection terminated unexpectedly'],
    ['nothing', undefined],
  ])('%s: no database fault', (_, error) => {
    expect(databaseFault(error)).toBeUndefined();
  });
});

describe('the error handler on database faults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    t.app.get('/test/unavailable', async () => {
      throw failedQuery(socketError('ECONNRESET'));
    });
    t.app.get('/test/busy', async () => {
      throw failedQuery(pgError('55P03', 'canceling statement due to lock timeout'));
    });
    t.app.post('/identity/v1/test-unavailable', async () => {
      throw failedQuery(pgError('57P01', 'terminating connection due to administrator command'));
    });
    t.app.post('/identity/v1/test-busy', async () => {
      throw pgError('40P01', 'deadlock detected');
    });
  });
  afterAll(() => t?.close());

  it('answers an unreachable database 503 DATABASE_UNAVAILABLE with Retry-After, as problem+json, logged at warn without parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/unavailable' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ status: 503, error: { message: 'DATABASE_UNAVAILABLE' }, instance: '/test/unavailable' });
    expect(res.body).not.toContain(EMAIL);
    const line = t.logs.find((l) => l.msg === 'database unavailable');
    expect(line).toMatchObject({ level: 40, err: { type: 'DatabaseError' } });
    expect(t.logs.some((l) => l.msg === 'unhandled error')).toBe(false);
    expect(t.rawLogs.join('\n')).not.toContain(EMAIL);
  });

  it('answers a row held by another transaction 409 RECORD_BUSY with Retry-After', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/busy' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ status: 409, error: { message: 'RECORD_BUSY' } });
    expect(t.logs.find((l) => l.msg === 'record busy')).toMatchObject({ level: 40, err: { type: 'DatabaseError', code: '55P03' } });
    expect(t.rawLogs.join('\n')).not.toContain(EMAIL);
  });

  it('answers them in the Identity Toolkit\'s format under /identity/', async () => {
    const down = await t.app.inject({ method: 'POST', url: '/identity/v1/test-unavailable' });
    expect(down.statusCode).toBe(503);
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    expect(down.json()).toMatchObject({ error: { code: 503, message: 'DATABASE_UNAVAILABLE' } });
    const busy = await t.app.inject({ method: 'POST', url: '/identity/v1/test-busy' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ error: { code: 409, message: 'RECORD_BUSY' } });
  });
});

describe.each(DRIVERS)('database errors in the log (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
    // a route that fails in the database with an e-mail among its parameters (and quoted back in the driver's message)
    t.app.get('/test/database-failure', async () => t.db.db.execute(sql`SELECT ${EMAIL}::int AS n`));
  });
  afterAll(() => t?.close());

  it('logs the failure with its code and message, never the parameter values', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/database-failure' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(EMAIL);
    const line = t.logs.find((l) => l.msg === 'unhandled error');
    expect(line?.err).toMatchObject({ type: 'DatabaseError', code: '22P02' });
    expect(String((line?.err as { message?: string }).message)).toMatch(/^Failed query: SELECT \$1::int AS n — invalid input syntax for type integer/);
    expect(t.rawLogs.join('\n')).not.toContain(EMAIL);
  });
});
