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
    expect(await seedDemoData(db.db)).toEqual({ companies: 3, users: 6 });
    expect(await seedDemoData(db.db)).toEqual({ companies: 0, users: 0 });
    const rows = await db.db.select().from(users);
    const byEmail = Object.fromEntries(rows.map((u) => [u.email, u]));
    expect(Object.keys(byEmail).sort()).toEqual(['admin@tessera.test', 'disabled@acme.test', 'noaccess@acme.test', 'operator@acme-nord.test', 'operator@acme.test', 'referent@acme.test']);
    // the reloadable programme's accounts: Acme's referent (a parent company) and Acme Nord's operator
    expect(byEmail['referent@acme.test'].role).toBe('REFERENT');
    expect(byEmail['referent@acme.test'].permissions).toMatchObject({ reloadable: { wallet: true, cards: true, notifications: true, reloads: true, isParentCompany: true } });
    expect(byEmail['operator@acme-nord.test'].permissions).toEqual({ reloadable: { wallet: true, cards: true, notifications: true, reloads: true }, ticketing: true });
    expect(byEmail['admin@tessera.test'].permissions).toEqual(ALL_PERMISSIONS);
    expect(byEmail['noaccess@acme.test'].permissions).toEqual({});
    expect(byEmail['disabled@acme.test'].status).toBe('DISABLED');
    expect(byEmail['operator@acme.test'].permissions).toEqual({
      privative: { management: { read: true, searchByCode: true }, transactions: true, stores: true, orders: true },
      report: true,
      ticketing: true,
      square: { orders: true, codes: true, communications: true },
    });
    expect(await verifyPassword(byEmail['operator@acme.test'].passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
  });
});
