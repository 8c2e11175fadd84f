import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';
import { uniqueIp } from '../test/auth';
import { CONCURRENT_DRIVERS, createTestDb } from '../test/db';

const forgot = (t: TestApp, ip: string) => t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: 'x@acme.test' }, remoteAddress: ip });

describe.each(CONCURRENT_DRIVERS)('rate limits across instances (%s)', (driver) => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    db = await createTestDb(driver, 'seeded');
    // two instances of the server on one database
    one = await createTestApp(driver, { db });
    two = await createTestApp(driver, { db });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await db?.close();
  });

  it('spends one forgot-password budget per address whichever instance answers', async () => {
    const ip = uniqueIp();
    const max = one.config.forgotPasswordRateLimit.max;
    expect(max).toBeGreaterThan(0);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await forgot(i % 2 ? two : one, ip));
    expect(answers.filter((r) => r.statusCode === 204)).toHaveLength(max);
    const limited = answers.slice(max);
    expect(limited.map((r) => r.statusCode)).toEqual(Array(30 - max).fill(429));
    for (const r of limited) expect(r.json()).toMatchObject({ status: 429, error: { message: 'RATE_LIMITED' }, instance: '/api/user/forgot-password' });
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);

    // another address, and another limited route from the same address, have their own budgets
    expect((await forgot(two, uniqueIp())).statusCode).toBe(204);
    const reset = await one.app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { token: 'not-a-token', password: 'Brand-New-Pass-42!' }, remoteAddress: ip });
    expect(reset.statusCode).not.toBe(429);
  });

  it('lets requests through, logged, when the count cannot be written (the route stays up)', async () => {
    const broken = await createTestApp(driver, { env: { FORGOT_PASSWORD_MAX_PER_IP: '1' } });
    try {
      await broken.db.db.execute(sql`DROP TABLE rate_limits`);
      const ip = uniqueIp();
      expect((await forgot(broken, ip)).statusCode).toBe(204);
      expect((await forgot(broken, ip)).statusCode).toBe(204);
      expect(broken.logs.filter((l) => l.msg === 'rate limit not counted: the database failed')).toHaveLength(2);
    } finally {
      await broken.close();
    }
  });
});

describe('rate limits on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { FORGOT_PASSWORD_MAX_PER_IP: '1' } });
  });
  afterAll(() => t.close());

  it('are counted in memory: limited, with nothing written to rate_limits', async () => {
    const ip = uniqueIp();
    expect((await forgot(t, ip)).statusCode).toBe(204);
    expect((await forgot(t, ip)).statusCode).toBe(429);
    expect(await queryRows(t.db.db, sql`SELECT key FROM rate_limits`)).toEqual([]);
  });
});
