import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { DRIVERS } from '../test/db';
import { loggableError } from './pg-errors';

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
