import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_REFERENT_PERMISSION_KEYS } from '../../../domain/roles';
import { permissionsFrom } from '../../../domain/permissions';
import { auditEvents, companies, emailOutbox, refreshTokens, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, login, signIn } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { addActiveUser, addCompany, companyId } from '../../test/support/companies';

const company = {
  code: 'BETA',
  companyName: 'Beta',
  businessName: 'Beta S.r.l.',
  vatNumber: 'IT01234567890',
  address: 'Via Roma 1',
  city: 'Milano',
  municipality: 'Milano',
  province: 'MI',
  zip: '20121',
};
const referent = { firstName: 'Rita', lastName: 'Referente', phoneCountry: '+39', phone: '3331234567', email: 'rita@beta.test' };

describe.each(DRIVERS)('companies API (%s)', (driver) => {
  let t: TestApp;
  let admin: string;
  let acmeReferent: string;
  let operator: string;
  const ids: Record<string, string> = {};
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

  beforeAll(async () => {
    t = await createTestApp(driver);
    for (const code of ['TESSERA', 'ACME', 'ACME-NORD']) ids[code] = await companyId(t.db.db, code);
    ids.OTHER = await addCompany(t.db.db, 'OTHER', ids.TESSERA);
    await addActiveUser(t.db.db, 'registry.referent@acme.test', ids.ACME, permissionsFrom(CUSTOMER_REFERENT_PERMISSION_KEYS));
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    acmeReferent = (await login(t.app, 'registry.referent@acme.test')).accessToken;
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
  });
  afterAll(() => t.close());

  it('lists the companies below {companyId} with Content-Range, filtered by q', async () => {
    const res = await call(admin, 'GET', `/api/company/${ids.TESSERA}/companies?sort=${encodeURIComponent('["code","ASC"]')}&range=[0,9]`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { code: string }) => c.code)).toEqual(['ACME', 'ACME-NORD', 'OTHER']);
    expect(res.headers['content-range']).toBe('companies 0-2/3');
    const filtered = await call(admin, 'GET', `/api/company/${ids.TESSERA}/companies?filter=${encodeURIComponent('{"q":"nord"}')}`);
    expect(filtered.json().map((c: { code: string }) => c.code)).toEqual(['ACME-NORD']);
    const bad = await call(admin, 'GET', `/api/company/${ids.TESSERA}/companies?sort=${encodeURIComponent('["password","ASC"]')}`);
    expect(bad.statusCode).toBe(400);
  });

  it('creates a company under {companyId} by default; bad input is 400 with field errors and changes nothing', async () => {
    const created = await call(admin, 'POST', `/api/company/${ids.TESSERA}/companies`, company);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...company, parentId: ids.TESSERA, hasLogo: false, referent: null });
    ids.BETA = created.json().id;

    const bad = await call(admin, 'POST', `/api/company/${ids.TESSERA}/companies`, { ...company, code: 'X', vatNumber: 'it 1', zip: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: { message: 'VALIDATION_ERROR' },
      errors: { code: 'validation.lengthRange?min=2&max=40', vatNumber: 'validation.vatNumber?min=5&max=16', zip: 'validation.zip?length=5' },
    });
    const dup = await call(admin, 'POST', `/api/company/${ids.TESSERA}/companies`, { ...company, companyName: 'Beta bis' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: { message: 'DUPLICATE_CODE' }, errors: { code: 'validation.duplicateCode' } });
    const rows = await t.db.db.select().from(companies).where(eq(companies.code, 'X'));
    expect(rows).toEqual([]);
  });

  it('updates a company and refuses a parent that would make a cycle', async () => {
    const res = await call(admin, 'PUT', `/api/company/${ids.TESSERA}/companies/${ids.BETA}`, { ...company, city: 'Torino', parentId: ids.ACME });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Torino', parentId: ids.ACME, parentName: 'Acme S.p.A.' });
    const cycle = await call(admin, 'PUT', `/api/company/${ids.TESSERA}/companies/${ids.ACME}`, { ...company, code: 'ACME', parentId: ids.BETA });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors).toEqual({ parentId: 'validation.invalid' });
    const back = await call(admin, 'PUT', `/api/company/${ids.TESSERA}/companies/${ids.BETA}`, { ...company, parentId: ids.TESSERA });
    expect(back.json().parentId).toBe(ids.TESSERA);
  });

  it('creates the referent as a pending user of the company with an activation e-mail, who can then sign in', async () => {
    const res = await call(admin, 'POST', `/api/company/${ids.TESSERA}/companies/${ids.BETA}/referent`, referent);
    expect(res.statusCode).toBe(200);
    expect(res.json().referent).toMatchObject({ ...referent, status: 'PENDING_ACTIVATION', actions: ['edit', 'remove'], outOfScope: [] });
    expect(res.json().referent).not.toHaveProperty('permissions');
    const [user] = await t.db.db.select().from(users).where(eq(users.email, referent.email));
    expect(user).toMatchObject({ companyId: ids.BETA, role: 'REFERENT', status: 'PENDING_ACTIVATION' });
    expect(user.permissions).toEqual(permissionsFrom(CUSTOMER_REFERENT_PERMISSION_KEYS));
    expect((await signIn(t.app, referent.email)).json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');

    const [mail] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, referent.email)).orderBy(desc(emailOutbox.createdAt));
    const token = /user-account-activation\?t=([\w-]+)/.exec(mail.textBody)?.[1];
    expect(token).toBeTruthy();
    const activated = await t.app.inject({ method: 'POST', url: '/api/user/activate-account', payload: { token, password: 'Referent-Pass-2026!' } });
    expect(activated.statusCode).toBe(204);
    expect((await signIn(t.app, referent.email, 'Referent-Pass-2026!')).statusCode).toBe(200);

    // An update changes the same user; an e-mail of another account is refused.
    const updated = await call(admin, 'PUT', `/api/company/${ids.TESSERA}/companies/${ids.BETA}/referent`, { ...referent, phone: '3339999999' });
    expect(updated.json().referent).toMatchObject({ id: user.id, phone: '3339999999', status: 'ACTIVE' });
    const taken = await call(admin, 'PUT', `/api/company/${ids.TESSERA}/companies/${ids.BETA}/referent`, { ...referent, email: 'OPERATOR@acme.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { message: 'EMAIL_EXISTS' }, errors: { email: 'validation.emailExists' } });
    const bad = await call(admin, 'PUT', `/api/company/${ids.TESSERA}/companies/${ids.BETA}/referent`, { ...referent, firstName: 'R2' });
    expect(bad.json().errors).toEqual({ firstName: 'validation.personName?min=2&max=40' });
  });

  it('refuses to delete a company that still has users or sub-companies, deletes an empty one', async () => {
    const withUsers = await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/companies/${ids.BETA}`);
    expect(withUsers.statusCode).toBe(409);
    expect(withUsers.json()).toMatchObject({ error: { message: 'COMPANY_IN_USE' } });
    expect(withUsers.json().detail).toContain('users');
    expect(withUsers.json().errors).toEqual({ users: 'companies.inUse.users' });
    const withChild = await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/companies/${ids.ACME}`);
    expect(withChild.json().errors).toMatchObject({ companies: 'companies.inUse.companies' });

    const empty = await call(admin, 'POST', `/api/company/${ids.TESSERA}/companies`, { ...company, code: 'EMPTY' });
    const deleted = await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/companies/${empty.json().id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/company/${ids.TESSERA}/companies/${empty.json().id}`)).statusCode).toBe(404);
  });

  it('removes an active referent by disabling it (sessions end, audited), after which the company can be deleted', async () => {
    const [rita] = await t.db.db.select().from(users).where(eq(users.email, referent.email));
    const session = await login(t.app, referent.email, 'Referent-Pass-2026!');
    const removed = await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/companies/${ids.BETA}/referent`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().referent).toBeNull();
    const [after] = await t.db.db.select().from(users).where(eq(users.id, rita.id));
    expect(after.status).toBe('DISABLED');
    const live = await t.db.db.select().from(refreshTokens).where(eq(refreshTokens.userId, rita.id));
    expect(live.every((token) => token.revokedAt !== null)).toBe(true);
    expect((await call(session.accessToken, 'GET', '/api/user/configuration')).statusCode).toBe(401);
    const [audit] = await t.db.db.select().from(auditEvents).where(eq(auditEvents.kind, 'referent_removed'));
    expect(audit).toMatchObject({ subject: referent.email, details: { companyId: ids.BETA, userId: rita.id, outcome: 'disabled' } });
    expect((await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/companies/${ids.BETA}/referent`)).statusCode).toBe(404);

    const deleted = await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/companies/${ids.BETA}`);
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.db.select().from(users).where(eq(users.id, rita.id))).toEqual([]);
  });

  it('removes a never-activated referent by deleting the account; until then the company keeps it', async () => {
    const gamma = (await call(admin, 'POST', `/api/company/${ids.TESSERA}/companies`, { ...company, code: 'GAMMA' })).json().id;
    await call(admin, 'POST', `/api/company/${ids.TESSERA}/companies/${gamma}/referent`, { ...referent, email: 'pending@gamma.test' });
    const refused = await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/companies/${gamma}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ users: 'companies.inUse.users' });

    const removed = await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/companies/${gamma}/referent`);
    expect(removed.statusCode).toBe(200);
    expect(await t.db.db.select().from(users).where(eq(users.email, 'pending@gamma.test'))).toEqual([]);
    const audits = await t.db.db.select().from(auditEvents).where(eq(auditEvents.subject, 'pending@gamma.test'));
    expect(audits.map((a) => a.details)).toEqual([expect.objectContaining({ outcome: 'deleted', companyId: gamma })]);
    expect((await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/companies/${gamma}`)).statusCode).toBe(200);
  });

  it("the referent carries what the caller may do: nothing on one holding flags the caller lacks, and which flags (issue 37)", async () => {
    const rita = (await login(t.app, 'referent@acme.test')).accessToken;
    const nord = `/api/company/${ids.ACME}/companies/${ids['ACME-NORD']}`;
    // the admin gives Acme Nord a referent with the customer referent's flags (orders ones included)
    const created = await call(admin, 'POST', `/api/company/${ids.TESSERA}/companies/${ids['ACME-NORD']}/referent`, { ...referent, email: 'nord.referent@acme-nord.test' });
    expect(created.json().referent).toMatchObject({ actions: ['edit', 'remove'], outOfScope: [] });
    // Rita (Acme's referent, privative.companies) lacks privative.orders and privative.acquiredOrders
    const outOfScope = ['privative.orders', 'privative.acquiredOrders'];
    expect((await call(rita, 'GET', nord)).json().referent).toMatchObject({ email: 'nord.referent@acme-nord.test', actions: [], outOfScope });
    const listed = await call(rita, 'GET', `/api/company/${ids.ACME}/companies`);
    expect(listed.json().find((c: { id: string }) => c.id === ids['ACME-NORD']).referent).toMatchObject({ actions: [], outOfScope });
    // what the record leaves out is what the server refuses
    for (const method of ['PUT', 'DELETE'] as const) {
      const refused = await call(rita, method, `${nord}/referent`, method === 'PUT' ? { ...referent, email: 'nord.referent@acme-nord.test' } : undefined);
      expect(refused.statusCode, method).toBe(403);
      expect(refused.json().error.message).toBe('USER_OUT_OF_SCOPE');
    }
    // the registry's referent holds every flag of a customer referent: the referent is hers to manage
    expect((await call(acmeReferent, 'GET', nord)).json().referent).toMatchObject({ actions: ['edit', 'remove'], outOfScope: [] });
    expect((await call(admin, 'DELETE', `/api/company/${ids.TESSERA}/companies/${ids['ACME-NORD']}/referent`)).statusCode).toBe(200);
  });

  it('a referent cannot remove itself, and another tree cannot remove ours (404)', async () => {
    const own = await call(acmeReferent, 'DELETE', `/api/company/${ids.ACME}/companies/${ids.OTHER}/referent`);
    expect(own.statusCode).toBe(404);
    const [acmeRow] = await t.db.db.select().from(companies).where(eq(companies.id, ids.ACME));
    const selfId = (await t.db.db.select().from(users).where(eq(users.email, 'registry.referent@acme.test')))[0].id;
    await t.db.db.update(companies).set({ referentUserId: selfId }).where(eq(companies.id, ids.ACME));
    // one's own referent record offers no removal
    expect((await call(acmeReferent, 'GET', `/api/company/${ids.ACME}/companies/${ids.ACME}`)).json().referent).toMatchObject({ actions: ['edit'], outOfScope: [] });
    const self = await call(acmeReferent, 'DELETE', `/api/company/${ids.ACME}/companies/${ids.ACME}/referent`);
    expect(self.statusCode).toBe(409);
    await t.db.db.update(companies).set({ referentUserId: acmeRow.referentUserId }).where(eq(companies.id, ids.ACME));
  });

  it('a malformed id in the path is 404 NOT_FOUND on every route (never a field error), 401 without a session; a malformed id in a list filter matches nothing', async () => {
    const base = `/api/company/${ids.TESSERA}/companies`;
    for (const [method, url, body] of [
      ['GET', `${base}/not-a-uuid`],
      ['PUT', `${base}/not-a-uuid`, { code: 'X' }],
      ['DELETE', `${base}/not-a-uuid`],
      ['PUT', `${base}/not-a-uuid/referent`, { firstName: '1' }],
      ['DELETE', `${base}/not-a-uuid/referent`],
      ['GET', `${base}/not-a-uuid/logo`],
      ['GET', `/api/company/${ids.TESSERA}/operators/not-a-uuid`],
      ['PUT', `/api/company/${ids.TESSERA}/operators/not-a-uuid`, { email: 'x' }],
    ] as const) {
      const res = await call(admin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message).toBe('NOT_FOUND');
    }
    const anonymous = await t.app.inject({ method: 'PUT', url: `${base}/not-a-uuid`, payload: { code: 'X' } });
    expect(anonymous.statusCode).toBe(401);
    const many = await call(admin, 'GET', `${base}?filter=${encodeURIComponent(JSON.stringify({ id: ['not-a-uuid', ids.ACME] }))}`);
    expect(many.statusCode).toBe(200);
    expect(many.json().map((c: { id: string }) => c.id)).toEqual([ids.ACME]);
  });

  describe('scope', () => {
    it("an Acme user sees Acme's subtree only; other companies are 404 whatever the path", async () => {
      const list = await call(acmeReferent, 'GET', `/api/company/${ids.ACME}/companies`);
      expect(list.json().map((c: { code: string }) => c.code)).toEqual(['ACME-NORD']);
      const own = await call(acmeReferent, 'GET', `/api/company/${ids.ACME}/companies/${ids['ACME-NORD']}`);
      expect(own.statusCode).toBe(200);
      for (const url of [
        `/api/company/${ids.ACME}/companies/${ids.TESSERA}`,
        `/api/company/${ids.ACME}/companies/${ids.OTHER}`,
        `/api/company/${ids.TESSERA}/companies`,
        `/api/company/${ids.OTHER}/companies/${ids.OTHER}`,
        `/api/company/${ids.ACME}/companies/not-a-uuid`,
      ]) {
        const res = await call(acmeReferent, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.message).toBe('NOT_FOUND');
      }
      for (const [method, suffix] of [['PUT', ''], ['DELETE', ''], ['POST', '/referent']] as const) {
        const res = await call(acmeReferent, method, `/api/company/${ids.ACME}/companies/${ids.OTHER}${suffix}`, method === 'DELETE' ? undefined : suffix ? referent : company);
        expect(res.statusCode, `${method} ${suffix}`).toBe(404);
      }
    });

    it('a parentId in the body never widens the scope', async () => {
      const res = await call(acmeReferent, 'POST', `/api/company/${ids.ACME}/companies`, { ...company, code: 'SNEAK', parentId: ids.OTHER });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ parentId: 'validation.invalid' });
      const ok = await call(acmeReferent, 'POST', `/api/company/${ids.ACME}/companies`, { ...company, code: 'ACME-SUD', parentId: ids['ACME-NORD'] });
      expect(ok.statusCode).toBe(201);
      const [row] = await t.db.db.select().from(companies).where(eq(companies.code, 'SNEAK'));
      expect(row).toBeUndefined();
    });

    it('needs the privative.companies flag (403) and a session (401)', async () => {
      const res = await call(operator, 'GET', `/api/company/${ids.ACME}/companies`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('FORBIDDEN');
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/company/${ids.ACME}/companies` });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
