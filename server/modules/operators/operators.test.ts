import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFrom } from '../../../domain/permissions';
import { CUSTOMER_OPERATOR_PERMISSION_KEYS, CUSTOMER_REFERENT_PERMISSION_KEYS } from '../../../domain/roles';
import { emailOutbox, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { addActiveUser, addCompany, companyId } from '../../test/support/companies';

const operator = { firstName: 'Olga', lastName: 'Operativa', phoneCountry: '+39', phone: '3330001111', email: 'olga@acme.test' };

describe.each(DRIVERS)('operators API (%s)', (driver) => {
  let t: TestApp;
  let admin: string;
  let acme: string;
  const ids: Record<string, string> = {};
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

  beforeAll(async () => {
    t = await createTestApp(driver);
    for (const code of ['TESSERA', 'ACME', 'ACME-NORD']) ids[code] = await companyId(t.db.db, code);
    ids.OTHER = await addCompany(t.db.db, 'OTHER', ids.TESSERA);
    ids.otherUser = await addActiveUser(t.db.db, 'someone@other.test', ids.OTHER, {}, 'OPERATOR');
    await addActiveUser(t.db.db, 'registry.referent@acme.test', ids.ACME, permissionsFrom(CUSTOMER_REFERENT_PERMISSION_KEYS));
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    acme = (await login(t.app, 'registry.referent@acme.test')).accessToken;
  });
  afterAll(() => t.close());

  it('creates a pending operator of a sub-company with the default operator flags and an activation e-mail', async () => {
    const res = await call(acme, 'POST', `/api/company/${ids.ACME}/operators`, { ...operator, companyId: ids['ACME-NORD'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...operator, companyId: ids['ACME-NORD'], companyName: 'Acme Nord S.r.l.', role: 'OPERATOR', status: 'PENDING_ACTIVATION' });
    ids.olga = res.json().id;
    const [user] = await t.db.db.select().from(users).where(eq(users.id, ids.olga));
    expect(user.permissions).toEqual(permissionsFrom(CUSTOMER_OPERATOR_PERMISSION_KEYS));
    await t.app.ctx.jobs.drain();
    const [mail] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, operator.email)).orderBy(desc(emailOutbox.createdAt));
    expect(mail.textBody).toMatch(/http:\/\/tessera\.test\/user-account-activation\?t=[\w-]+/);
  });

  it('applies the SPEC operator rules (names of at least 3 letters) and refuses a used e-mail', async () => {
    const bad = await call(acme, 'POST', `/api/company/${ids.ACME}/operators`, { ...operator, firstName: 'Al', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ firstName: 'validation.operatorName?min=3&max=40', email: 'validation.email' });
    const dup = await call(acme, 'POST', `/api/company/${ids.ACME}/operators`, { ...operator, email: 'Olga@ACME.test' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('EMAIL_EXISTS');
  });

  it('lists operators of the subtree only; a companyId filter or body never widens it', async () => {
    const mine = await call(acme, 'GET', `/api/company/${ids.ACME}/operators?range=[0,49]`);
    const emails = mine.json().map((o: { email: string }) => o.email);
    expect(emails).toContain('olga@acme.test');
    expect(emails).toContain('operator@acme.test');
    expect(emails).not.toContain('someone@other.test');
    expect(mine.headers['content-range']).toMatch(/^operators 0-\d+\/\d+$/);
    const widened = await call(acme, 'GET', `/api/company/${ids.ACME}/operators?filter=${encodeURIComponent(JSON.stringify({ companyId: ids.OTHER }))}`);
    expect(widened.json()).toEqual([]);
    const sneak = await call(acme, 'POST', `/api/company/${ids.ACME}/operators`, { ...operator, email: 'sneak@acme.test', companyId: ids.OTHER });
    expect(sneak.statusCode).toBe(400);
    expect(sneak.json().errors).toEqual({ companyId: 'validation.invalid' });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(acme, method, `/api/company/${ids.ACME}/operators/${ids.otherUser}`, method === 'PUT' ? operator : undefined);
      expect(res.statusCode, method).toBe(404);
    }
    expect((await call(acme, 'GET', `/api/company/${ids.TESSERA}/operators`)).statusCode).toBe(404);
    const all = await call(admin, 'GET', `/api/company/${ids.TESSERA}/operators?range=[0,49]`);
    expect(all.json().map((o: { email: string }) => o.email)).toContain('someone@other.test');
  });

  it('updates the contact data', async () => {
    const res = await call(acme, 'PUT', `/api/company/${ids.ACME}/operators/${ids.olga}`, { ...operator, lastName: 'Rossi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().lastName).toBe('Rossi');
  });

  it('each operator carries what the caller may do: nothing on one holding flags the caller lacks, and which flags (issue 37)', async () => {
    const rita = (await login(t.app, 'referent@acme.test')).accessToken;
    const idOf = async (email: string) => (await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
    const oscar = await idOf('operator@acme.test');
    // Rita (Acme's referent, privative.companies) lacks the order and Square flags Oscar holds
    const shown = await call(rita, 'GET', `/api/company/${ids.ACME}/operators/${oscar}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ email: 'operator@acme.test', actions: [], outOfScope: ['privative.orders', 'square.orders', 'square.codes', 'square.communications'] });
    const listed = await call(rita, 'GET', `/api/company/${ids.ACME}/operators?range=[0,49]`);
    const byEmail = new Map<string, { actions: string[]; outOfScope: string[] }>(listed.json().map((o: { email: string; actions: string[]; outOfScope: string[] }) => [o.email, o]));
    expect(byEmail.get('operator@acme.test')).toMatchObject({ actions: [], outOfScope: ['privative.orders', 'square.orders', 'square.codes', 'square.communications'] });
    // Nico (Acme Nord) holds only flags Rita holds too: hers to edit and disable
    expect(byEmail.get('operator@acme-nord.test')).toMatchObject({ actions: ['edit', 'delete'], outOfScope: [] });
    // what the record leaves out is what the server refuses
    const refused = await call(rita, 'PUT', `/api/company/${ids.ACME}/operators/${oscar}`, { ...operator, email: 'operator@acme.test' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('USER_OUT_OF_SCOPE');
    // the admin holds every flag; a disabled operator offers no second disable
    expect((await call(admin, 'GET', `/api/company/${ids.ACME}/operators/${oscar}`)).json()).toMatchObject({ actions: ['edit', 'delete'], outOfScope: [] });
    expect((await call(admin, 'GET', `/api/company/${ids.ACME}/operators/${await idOf('disabled@acme.test')}`)).json()).toMatchObject({ actions: ['edit'], outOfScope: [] });
    // an operator created by the registry's referent holds a subset of her flags
    expect((await call(acme, 'GET', `/api/company/${ids.ACME}/operators/${ids.olga}`)).json()).toMatchObject({ actions: ['edit', 'delete'], outOfScope: [] });
  });

  it('delete disables the operator and ends its sessions at once; nobody disables themselves, nor an operator holding a flag they lack', async () => {
    const session = await login(t.app, 'operator@acme.test');
    const [{ id }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, 'operator@acme.test'));
    // Oscar holds flags the registry referent lacks (the order and voucher ones): not hers to disable (issue 37)
    const refused = await call(acme, 'DELETE', `/api/company/${ids.ACME}/operators/${id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('USER_OUT_OF_SCOPE');
    const res = await call(admin, 'DELETE', `/api/company/${ids.ACME}/operators/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('DISABLED');
    const after = await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(session.accessToken) });
    expect(after.statusCode).toBe(401);
    const selfId = (await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@tessera.test')))[0].id;
    await t.db.db.update(users).set({ role: 'OPERATOR' }).where(eq(users.id, selfId));
    // one's own record offers no disable
    expect((await call(admin, 'GET', `/api/company/${ids.TESSERA}/operators/${selfId}`)).json().actions).toEqual(['edit']);
    const self = await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/operators/${selfId}`);
    expect(self.statusCode).toBe(409);
  });

  it('needs the privative.companies flag', async () => {
    const noFlag = (await login(t.app, 'noaccess@acme.test')).accessToken;
    expect((await call(noFlag, 'GET', `/api/company/${ids.ACME}/operators`)).statusCode).toBe(403);
  });
});
