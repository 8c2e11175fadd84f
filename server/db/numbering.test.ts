import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, DRIVERS } from '../test/db';
import { queryRows, type DbHandle } from './client';
import { nextPrintedNumber } from './numbering';

describe.each(DRIVERS)('printed numbers of a sequence (%s)', (driver) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(driver);
  });
  afterAll(() => handle.close());

  it('pads to six digits, and past 999,999 grows a digit instead of repeating a number', async () => {
    await handle.db.execute(sql`SELECT setval('order_number_seq', 41)`);
    const next = async () => (await queryRows<{ n: string }>(handle.db, sql`SELECT ${nextPrintedNumber('ORD-', 'order_number_seq')} AS n`))[0].n;
    expect(await next()).toBe('ORD-000042');
    await handle.db.execute(sql`SELECT setval('order_number_seq', 999998)`);
    expect([await next(), await next(), await next()]).toEqual(['ORD-999999', 'ORD-1000000', 'ORD-1000001']);
  });
});
