import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFrom } from '../../domain/permissions';
import type { DbHandle } from '../db/client';
import { runBulk } from '../modules/giftcards/bulk.service';
import { reload } from '../modules/giftcards/moves.service';
import { addCompany, companyIdOf } from '../test/builders';
import { addCard, addTypology, ledgerCheck } from '../test/support/giftcards';
import { seedDemoData } from '../seed/demo';
import { createTestDb, DRIVERS } from '../test/db';
import { assertCan, authorize, type Principal } from './access';
import { subtreeIds } from '../db/company-scope';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'allowed';
};

/**
 * The checks outside HTTP: what a job or an integration API acting for a user gets. They read
 * the same access table (domain/access.ts) as the routes and the SPA.
 */
describe.each(DRIVERS)('access checks callable from services (%s)', (driver) => {
  let db: DbHandle;
  let acme: string;
  let other: string;
  const principal = (companyId: string, keys: Parameters<typeof permissionsFrom>[0]): Principal => ({
    userId: '00000000-0000-4000-8000-000000000001',
    permissions: permissionsFrom(keys),
    company: { id: companyId, isProvider: false },
    language: 'it',
  });

  beforeAll(async () => {
    db = await createTestDb(driver);
    await seedDemoData(db.db);
    acme = await companyIdOf(db.db, 'ACME');
    other = await addCompany(db.db, 'OTHER-A', await companyIdOf(db.db, 'TESSERA'));
  });
  afterAll(() => db.close());

  it('allows what the table gives, denies the rest and anything it does not name', () => {
    const stores = principal(acme, ['privative.stores']);
    expect(codeOf(() => assertCan(stores, 'privative/stores', 'import'))).toBe('allowed');
    expect(codeOf(() => assertCan(stores, 'privative/giftcards', 'bulk'))).toBe('FORBIDDEN');
    expect(codeOf(() => assertCan(stores, 'privative/stores', 'no-such-action'))).toBe('FORBIDDEN');
    expect(codeOf(() => assertCan(principal(acme, ['privative.stores', 'privative.companies']), 'no/such-resource', 'list'))).toBe('FORBIDDEN');
  });

  it('authorize: permission first (403), then the company scope (404)', async () => {
    const who = principal(acme, ['privative.stores']);
    await expect(authorize(db.db, who, 'privative/stores', 'list', acme)).resolves.toMatchObject({ companyId: acme });
    await expect(authorize(db.db, who, 'privative/stores', 'list', other)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(authorize(db.db, who, 'privative/batches', 'list', other)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('gift-card services refuse an actor the table does not allow, before anything moves', async () => {
    const typologyId = await addTypology(db.db);
    const card = await addCard(db.db, { companyId: acme, typologyId, balanceCents: 1000 });
    const companyIds = await subtreeIds(db.db, acme);
    const till = { ...principal(acme, ['privative.transactions']), companyId: acme, companyIds };
    await expect(runBulk(db.db, till, { action: 'reload', ids: [card.id], params: { amountCents: 100 } }, 100_000)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(reload(db.db, till, card.id, 100, { maxTransactionCents: 100_000, idempotency: null })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await ledgerCheck(db.db, card.id)).toMatchObject({ balance: 1000, sum: 1000 });
  });
});
