import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../domain/permissions';
import type { DbHandle } from '../db/client';
import { users } from '../db/schema';
import { verifyPassword } from '../lib/passwords';
import { DRIVERS, createTestDb } from '../test/db';
import { DEMO_PASSWORD, seedDemoData } from './demo';

describe.each(DRIVERS)('demo data (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
  });
  afterAll(() => db.close());

  it('creates the demo companies and accounts once (idempotent)', async () => {
    expect(await seedDemoData(db.db)).toEqual({ companies: 3, users: 4 });
    expect(await seedDemoData(db.db)).toEqual({ companies: 0, users: 0 });
    const rows = await db.db.select().from(users);
    const byEmail = Object.fromEntries(rows.map((u) => [u.email, u]));
    expect(Object.keys(byEmail).sort()).toEqual(['admin@tessera.test', 'disabled@acme.test', 'noaccess@acme.test', 'operator@acme.test']);
    expect(byEmail['admin@tessera.test'].permissions).toEqual(ALL_PERMISSIONS);
    expect(byEmail['noaccess@acme.test'].permissions).toEqual({});
    expect(byEmail['disabled@acme.test'].status).toBe('DISABLED');
    expect(byEmail['operator@acme.test'].permissions).toEqual({
      privative: { management: { read: true, searchByCode: true }, transactions: true, stores: true, orders: true },
      report: true,
      ticketing: true,
    });
    expect(await verifyPassword(byEmail['operator@acme.test'].passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
  });
});
