import { beforeEach, describe, expect, it } from 'vitest';
import { ACCESS } from '../../domain/access';
import { DEMO_PASSWORD } from './data';
import { freshDemo } from './testSupport';

type Demo = ReturnType<typeof freshDemo>;
const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; message: string; body: { error?: { message: string }; errors?: Record<string, string> } };
    return { status: e.status, code: e.body?.error?.message, message: e.message, errors: e.body?.errors };
  }
  throw new Error('expected a refusal');
};

describe('demo data', () => {
  it('is big enough for the lists, deterministic and consistent with the ledger rules', () => {
    const started = performance.now();
    const { db } = freshDemo();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(db.cards.length).toBeGreaterThanOrEqual(2000);
    expect(db.transactions.length).toBeGreaterThan(db.cards.length);
    expect(db.companies.length).toBeGreaterThan(10);
    expect(db.stores.length).toBeGreaterThan(20);
    expect(db.users.filter((u) => u.role === 'OPERATOR').length).toBeGreaterThan(20);
    expect(freshDemo().db.cards.slice(0, 50).map((c) => c.code)).toEqual(db.cards.slice(0, 50).map((c) => c.code));
    for (const card of db.cards) {
      const rows = (db.ledgerByCard.get(card.id) ?? []).filter((r) => r.result === 'SUCCESS');
      expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(card.balanceCents);
      expect(card.balanceCents).toBeGreaterThanOrEqual(0);
      expect(card.frozenCents).toBeLessThanOrEqual(card.balanceCents);
    }
  });
});

describe('demo sign-in', () => {
  let demo: Demo;
  beforeEach(() => {
    demo = freshDemo();
  });

  it('signs in the operator with its permissions and keeps the session under the real keys', async () => {
    await demo.authProvider.login({ email: 'Operator@Acme.test ', password: DEMO_PASSWORD });
    expect(localStorage.getItem('accessToken')).toBeTruthy();
    expect(localStorage.getItem('refreshToken')).toBeTruthy();
    expect(localStorage.getItem('companyId')).toBe(demo.authProvider.getCompanyId());
    expect(await demo.authProvider.canAccess!({ resource: 'privative/giftcards', action: 'reload' })).toBe(true);
    expect(await demo.authProvider.canAccess!({ resource: 'privative-orders/companies', action: 'list' })).toBe(false);
    expect((await demo.authProvider.getConfiguration()).company.name).toBe('Acme S.p.A.');
  });

  it('gives the admin every resource and the no-access user none', async () => {
    await demo.authProvider.login({ email: 'admin@tessera.test', password: DEMO_PASSWORD });
    for (const resource of Object.keys(ACCESS)) expect(await demo.authProvider.canAccess!({ resource, action: 'list' }), resource).toBe(true);
    await demo.authProvider.logout({});
    await demo.authProvider.login({ email: 'noaccess@acme.test', password: DEMO_PASSWORD });
    for (const resource of Object.keys(ACCESS)) expect(await demo.authProvider.canAccess!({ resource, action: 'list' }), resource).toBe(false);
  });

  it('refuses the disabled account and a wrong password with the identity codes and texts', async () => {
    const disabled = await failure(demo.authProvider.login({ email: 'disabled@acme.test', password: DEMO_PASSWORD }));
    expect(disabled).toMatchObject({ status: 400, code: 'USER_DISABLED' });
    expect(disabled.message).not.toBe('USER_DISABLED');
    expect(await failure(demo.authProvider.login({ email: 'operator@acme.test', password: 'wrong' }))).toMatchObject({ code: 'INVALID_LOGIN_CREDENTIALS' });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('changes the password only with the current one', async () => {
    await demo.authProvider.login({ email: 'operator@acme.test', password: DEMO_PASSWORD });
    expect(await failure(demo.authProvider.changePassword('not-it', 'Another-Strong-Pass-42!'))).toMatchObject({ code: 'WRONG_PASSWORD' });
    await demo.authProvider.changePassword(DEMO_PASSWORD, 'Another-Strong-Pass-42!');
    await demo.authProvider.logout({});
    expect(await failure(demo.authProvider.login({ email: 'operator@acme.test', password: DEMO_PASSWORD }))).toMatchObject({ code: 'INVALID_LOGIN_CREDENTIALS' });
  });

  it('ends the session on a 401 only when it is over: a late 401 from before a new sign-in leaves the new session alone', async () => {
    await demo.authProvider.login({ email: 'operator@acme.test', password: DEMO_PASSWORD });
    // signed out (in another tab): a call fails with 401 and the session ends
    localStorage.removeItem('accessToken');
    const refused = await failure(demo.dataProvider.getList('privative/stores', { pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' }, filter: {} }));
    expect(refused.status).toBe(401);
    // signed in again before that 401 reached react-admin's checkError
    await demo.authProvider.login({ email: 'operator@acme.test', password: DEMO_PASSWORD });
    await expect(demo.authProvider.checkError({ status: 401 })).resolves.toBeUndefined();
    expect(demo.authProvider.hasSession()).toBe(true);
    // with no valid session, the same 401 signs out
    localStorage.removeItem('accessToken');
    await expect(demo.authProvider.checkError({ status: 401 })).rejects.toEqual({ message: false });
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});
