import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantedKeys, permissionsFrom, type PermissionKey } from '../../../domain/permissions';
import { queryRows } from '../../db/client';
import { companies, emailOutbox, oneTimeTokens, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, login, refresh, signIn, uniqueIp } from '../../test/auth';
import { CONCURRENT_DRIVERS, DRIVERS } from '../../test/db';
import { addActiveUser, addCompany, companyId } from '../../test/support/companies';

const NEW_PASSWORD = 'Brand-New-Pass-42!';
const colleague = { firstName: 'Carla', lastName: 'Collega', email: 'carla@acme.test', phoneCountry: '+39', phone: '3331234567', role: 'OPERATOR', permissions: ['privative.management.read', 'ticketing'] };

function linkToken(text: string, path: string): string {
  const match = new RegExp(`http://tessera\\.test${path}\\?t=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

describe.each(DRIVERS)('users API (%s)', (driver) => {
  let t: TestApp;
  let admin: string;
  let rita: string;
  let ritaId: string;
  let carlaId: string;
  const ids: Record<string, string> = {};
  type Method = 'GET' | 'POST' | 'PUT';
  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const usersUrl = (path = '', company = ids.ACME) => `/api/company/${company}/users${path}`;
  const row = async (id: string) => (await t.db.db.select().from(users).where(eq(users.id, id)))[0];
  const lastEmail = async (to: string) => (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.createdAt)).limit(1))[0];
  const put = (token: string, id: string, changes: Record<string, unknown>, company = ids.ACME) => call(token, 'PUT', usersUrl(`/${id}`, company), { ...colleague, ...changes });
  const activate = async (email: string) => {
    await t.app.ctx.jobs.drain();
    const token = linkToken((await lastEmail(email)).textBody, '/user-account-activation');
    const res = await t.app.inject({ method: 'POST', url: '/api/user/activate-account', payload: { token, password: NEW_PASSWORD }, remoteAddress: uniqueIp() });
    expect(res.statusCode, res.body).toBe(204);
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    for (const code of ['TESSERA', 'ACME', 'ACME-NORD']) ids[code] = await companyId(t.db.db, code);
    ids.OTHER = await addCompany(t.db.db, 'USERS-OTHER', ids.TESSERA);
    ids.otherUser = await addActiveUser(t.db.db, 'someone@users-other.test', ids.OTHER, permissionsFrom(['ticketing']), 'OPERATOR');
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    rita = (await login(t.app, 'referent@acme.test')).accessToken;
    ritaId = (await t.db.db.select().from(users).where(eq(users.email, 'referent@acme.test')))[0].id;
  });
  afterAll(() => t.close());

  it('a referent creates a pending colleague with a subset of their flags; the activation e-mail goes out', async () => {
    const res = await call(rita, 'POST', usersUrl(), colleague);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: 'carla@acme.test', companyId: ids.ACME, role: 'OPERATOR', status: 'PENDING_ACTIVATION', permissions: colleague.permissions, pendingEmail: null });
    expect(res.json().actions).toEqual(['edit', 'disable', 'resendActivation']);
    carlaId = res.json().id;
    expect(grantedKeys((await row(carlaId)).permissions)).toEqual(colleague.permissions);
    await activate('carla@acme.test');
    expect((await call(rita, 'GET', usersUrl(`/${carlaId}`))).json().lastSignInAt).toBeNull();
    const carla = await login(t.app, 'carla@acme.test', NEW_PASSWORD);
    // the user's page says when they last signed in
    expect(Date.parse((await call(rita, 'GET', usersUrl(`/${carlaId}`))).json().lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
    const config = await call(carla.accessToken, 'GET', '/api/user/configuration');
    expect(grantedKeys(config.json().permissions)).toEqual(colleague.permissions);
  });

  it('applies SPEC §5 (phone of 10 digits, valid e-mail) and refuses a used e-mail', async () => {
    const bad = await call(rita, 'POST', usersUrl(), { ...colleague, email: 'nope', phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: 'validation.email', phone: 'validation.userPhone?digits=10' });
    const dup = await call(rita, 'POST', usersUrl(), { ...colleague, email: 'CARLA@acme.test' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('EMAIL_EXISTS');
  });

  it('lists the subtree only, with filters; another company is 404 and a caller without the flag 403', async () => {
    const list = await call(rita, 'GET', `${usersUrl()}?range=[0,49]`);
    expect(list.statusCode).toBe(200);
    const emails = list.json().map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['carla@acme.test', 'operator@acme.test', 'operator@acme-nord.test']));
    expect(emails).not.toContain('someone@users-other.test');
    expect(list.headers['content-range']).toMatch(/^users 0-\d+\/\d+$/);
    const filtered = await call(rita, 'GET', `${usersUrl()}?filter=${encodeURIComponent(JSON.stringify({ role: 'REFERENT', status: 'ACTIVE' }))}`);
    expect(filtered.json().map((u: { email: string }) => u.email)).toEqual(['referent@acme.test']);
    const widened = await call(rita, 'GET', `${usersUrl()}?filter=${encodeURIComponent(JSON.stringify({ companyId: ids.OTHER }))}`);
    expect(widened.json()).toEqual([]);
    expect((await call(rita, 'GET', usersUrl('', ids.OTHER))).statusCode).toBe(404);
    const operator = (await login(t.app, 'operator@acme.test')).accessToken;
    const refused = await call(operator, 'GET', usersUrl());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('FORBIDDEN');
    expect((await call(rita, 'GET', usersUrl('/grantable'))).json()).toEqual({ permissions: grantedKeys((await row(ritaId)).permissions), roles: ['REFERENT', 'OPERATOR'] });
  });

  it('refuses to grant a flag the referent lacks, with the list of what cannot be granted; nothing changes', async () => {
    const before = await row(carlaId);
    const res = await put(rita, carlaId, { permissions: [...colleague.permissions, 'privative.orders', 'square.codes'] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { message: 'PERMISSION_NOT_GRANTABLE' }, notGrantable: ['privative.orders', 'square.codes'], params: { permissions: 'privative.orders,square.codes' } });
    expect(await row(carlaId)).toEqual(before);
    const created = await call(rita, 'POST', usersUrl(), { ...colleague, email: 'greedy@acme.test', permissions: ['powerBi.reportPremium'] });
    expect(created.statusCode).toBe(403);
    expect(created.json().notGrantable).toEqual(['powerBi.reportPremium']);
    expect(await t.db.db.select().from(users).where(eq(users.email, 'greedy@acme.test'))).toEqual([]);
  });

  it("refuses a role above the caller, the caller's own flags or role, and users of another company; nothing changes", async () => {
    const before = await row(carlaId);
    const admined = await put(rita, carlaId, { role: 'ADMIN' });
    expect(admined.statusCode).toBe(403);
    expect(admined.json().error.message).toBe('ROLE_NOT_GRANTABLE');
    const ritaBefore = await row(ritaId);
    const own = await put(rita, ritaId, { firstName: 'Rita', lastName: 'Referente', email: 'referent@acme.test', role: 'REFERENT', permissions: ['management'] });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('OWN_PERMISSIONS');
    const ownRole = await put(rita, ritaId, { firstName: 'Rita', lastName: 'Referente', email: 'referent@acme.test', role: 'OPERATOR', permissions: grantedKeys(ritaBefore.permissions) });
    expect(ownRole.json().error.message).toBe('OWN_PERMISSIONS');
    expect(await row(ritaId)).toEqual(ritaBefore);
    const otherBefore = await row(ids.otherUser);
    expect((await put(rita, ids.otherUser, { permissions: ['ticketing'] })).statusCode).toBe(404);
    expect((await put(rita, ids.otherUser, { permissions: ['ticketing'] }, ids.OTHER)).statusCode).toBe(404);
    expect((await call(rita, 'POST', usersUrl(`/${ids.otherUser}/disable`))).statusCode).toBe(404);
    expect((await call(rita, 'GET', usersUrl(`/${ids.otherUser}`))).statusCode).toBe(404);
    expect(await row(ids.otherUser)).toEqual(otherBefore);
    expect(await row(carlaId)).toEqual(before);
  });

  it('edits data, role and flags within what the caller holds', async () => {
    const res = await put(rita, carlaId, { lastName: 'Rossi', role: 'REFERENT', permissions: ['ticketing', 'report'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Rossi', role: 'REFERENT', permissions: ['report', 'ticketing'] });
    const back = await put(rita, carlaId, {});
    expect(back.json()).toMatchObject({ lastName: 'Collega', role: 'OPERATOR', permissions: colleague.permissions });
  });

  it('cannot disable or strip management from the last active manager of a company; nothing changes', async () => {
    const before = await row(ritaId);
    const disabled = await call(admin, 'POST', usersUrl(`/${ritaId}/disable`));
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().error.message).toBe('LAST_USER_MANAGER');
    const stripped = await put(admin, ritaId, { firstName: 'Rita', lastName: 'Referente', email: 'referent@acme.test', role: 'REFERENT', permissions: ['report'] });
    expect(stripped.statusCode).toBe(409);
    expect(stripped.json().error.message).toBe('LAST_USER_MANAGER');
    expect(await row(ritaId)).toEqual(before);
    expect((await call(rita, 'POST', usersUrl(`/${ritaId}/disable`))).json().error.message).toBe('OWN_PERMISSIONS');
  });

  it('disabling ends the sessions at once (a still-valid access token is refused); enabling lets the user back', async () => {
    const carla = await login(t.app, 'carla@acme.test', NEW_PASSWORD);
    const res = await call(rita, 'POST', usersUrl(`/${carlaId}/disable`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DISABLED', actions: ['edit', 'enable'] });
    expect((await call(carla.accessToken, 'GET', '/api/user/configuration')).statusCode).toBe(401);
    expect((await refresh(t.app, carla.refreshToken)).statusCode).toBe(401);
    expect((await signIn(t.app, 'carla@acme.test', NEW_PASSWORD)).json().error.message).toBe('USER_DISABLED');
    expect((await call(rita, 'POST', usersUrl(`/${carlaId}/disable`))).json().error.message).toBe('USER_STATE_INVALID');
    const enabled = await call(rita, 'POST', usersUrl(`/${carlaId}/enable`));
    expect(enabled.json().status).toBe('ACTIVE');
    expect((await signIn(t.app, 'carla@acme.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('resends the activation of a pending user only, and the audit trail says who sent it and when', async () => {
    const created = await call(rita, 'POST', usersUrl(), { ...colleague, email: 'pending@acme.test' });
    await t.app.ctx.jobs.drain();
    const first = linkToken((await lastEmail('pending@acme.test')).textBody, '/user-account-activation');
    const sent = (id: string) =>
      queryRows<{ actor_id: string; company_id: string; action: string; after: { activationLinkSentAt: string } }>(
        t.db.db,
        sql`SELECT actor_id, company_id, action, after FROM audit_log WHERE entity = 'users' AND entity_id = ${id} AND operation = 'POST /api/company/:companyId/users/:id/resend-activation'`,
      );
    const before = Date.now();
    const resent = await call(rita, 'POST', usersUrl(`/${created.json().id}/resend-activation`));
    expect(resent.statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(linkToken((await lastEmail('pending@acme.test')).textBody, '/user-account-activation')).not.toBe(first);
    // the token and the e-mail are not audited tables: the service writes the row itself
    const [row, ...more] = await sent(created.json().id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ actor_id: ritaId, company_id: ids.ACME, action: 'update' });
    expect(Object.keys(row.after)).toEqual(['activationLinkSentAt']);
    expect(new Date(row.after.activationLinkSentAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const active = await call(rita, 'POST', usersUrl(`/${carlaId}/resend-activation`));
    expect(active.statusCode).toBe(409);
    expect(active.json().error.message).toBe('USER_STATE_INVALID');
    expect(await sent(carlaId)).toEqual([]);
  });

  it("editing another user's e-mail waits for the new address to confirm: sign-in and resets stay on the old one", async () => {
    const res = await put(rita, carlaId, { email: 'carla.new@acme.test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'carla@acme.test', pendingEmail: 'carla.new@acme.test' });
    await t.app.ctx.jobs.drain();
    const link = await lastEmail('carla.new@acme.test');
    expect(link.template).toBe('emailChange');
    expect((await signIn(t.app, 'carla.new@acme.test', NEW_PASSWORD)).statusCode).toBe(400);
    expect((await signIn(t.app, 'carla@acme.test', NEW_PASSWORD)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: 'carla.new@acme.test' }, remoteAddress: uniqueIp() });
    await t.app.ctx.jobs.drain();
    expect(await t.db.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, 'carla.new@acme.test'), eq(emailOutbox.template, 'reset')))).toEqual([]);
    await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: 'carla@acme.test' }, remoteAddress: uniqueIp() });
    await t.app.ctx.jobs.drain();
    expect((await lastEmail('carla@acme.test')).template).toBe('reset');

    const token = linkToken(link.textBody, '/confirm-email');
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/user/confirm-email', payload: { token }, remoteAddress: uniqueIp() });
    expect(confirmed.statusCode).toBe(204);
    expect(await row(carlaId)).toMatchObject({ email: 'carla.new@acme.test', pendingEmail: null });
    expect((await signIn(t.app, 'carla.new@acme.test', NEW_PASSWORD)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/user/confirm-email', payload: { token }, remoteAddress: uniqueIp() });
    expect(again.json().error.message).toBe('INVALID_OOB_CODE');
  });

  it('issue 43: Rita grants "Report" to Nora, stored (as seeded) without a phone: the stored data plus one permission saves', async () => {
    const noraId = (await t.db.db.select().from(users).where(eq(users.email, 'noaccess@acme.test')))[0].id;
    const stored = (await call(rita, 'GET', usersUrl(`/${noraId}`))).json();
    expect(stored).toMatchObject({ phone: null, phoneCountry: null, permissions: [] });
    const { firstName, lastName, email, phone, phoneCountry, role } = stored;
    const res = await call(rita, 'PUT', usersUrl(`/${noraId}`), { firstName, lastName, email, phone, phoneCountry, role, permissions: ['report'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phone: null, phoneCountry: null, permissions: ['report'] });
    // the form's empty texts are no phone too; a prefix alone (the form's +39) is not stored
    const empty = await call(rita, 'PUT', usersUrl(`/${noraId}`), { firstName, lastName, email, phone: '', phoneCountry: '+39', role, permissions: ['report'] });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await row(noraId)).toMatchObject({ phone: null, phoneCountry: null });
    // a phone needs its prefix (both or neither), and still has 10 digits
    const lone = await call(rita, 'PUT', usersUrl(`/${noraId}`), { firstName, lastName, email, phone: '3331234567', phoneCountry: null, role, permissions: ['report'] });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().errors).toEqual({ phoneCountry: 'validation.phoneCountry?min=1&max=4&example=%2B39' });
    const short = await call(rita, 'PUT', usersUrl(`/${noraId}`), { firstName, lastName, email, phone: '333', phoneCountry: '+39', role, permissions: ['report'] });
    expect(short.json().errors).toEqual({ phone: 'validation.userPhone?digits=10' });
    // back as seeded
    expect((await call(rita, 'PUT', usersUrl(`/${noraId}`), { firstName, lastName, email, phone, phoneCountry, role, permissions: [] })).statusCode).toBe(200);
  });

  describe('a user holding a flag the caller lacks is out of scope (issue 37)', () => {
    const OSCAR_OUT = ['privative.orders', 'square.orders', 'square.codes', 'square.communications'];
    const idOf = async (email: string) => (await t.db.db.select().from(users).where(eq(users.email, email)))[0].id;
    const bodyOf = async (id: string, changes: Record<string, unknown> = {}) => {
      const user = await row(id);
      return { firstName: user.firstName, lastName: user.lastName, email: user.email, phoneCountry: '+39', phone: '3331234567', role: user.role, permissions: grantedKeys(user.permissions), ...changes };
    };
    const mailsTo = async (to: string) => (await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).length;
    /** the users routes list the keys in `outOfScope` too; every route in `params.permissions` (the SPA's text) */
    const expectOutOfScope = (res: Awaited<ReturnType<typeof call>>, keys: string[], usersRoute = true) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: { message: 'USER_OUT_OF_SCOPE' }, params: { permissions: keys.join(',') }, ...(usersRoute ? { outOfScope: keys } : {}) });
    };

    it("Rita may read Oscar but not change his e-mail or data, nor disable him: 403, nothing written, his record offers nothing", async () => {
      const oscarId = await idOf('operator@acme.test');
      const oscar = await login(t.app, 'operator@acme.test');
      const shown = await call(rita, 'GET', usersUrl(`/${oscarId}`));
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ actions: [], outOfScope: OSCAR_OUT });
      const listed = (await call(rita, 'GET', `${usersUrl()}?range=[0,49]`)).json() as { email: string; actions: string[]; outOfScope: string[] }[];
      expect(listed.find((u) => u.email === 'operator@acme.test')).toMatchObject({ actions: [], outOfScope: OSCAR_OUT });
      expect(listed.find((u) => u.email === 'referent@acme.test')).toMatchObject({ actions: ['edit'], outOfScope: [] });

      const before = await row(oscarId);
      expectOutOfScope(await call(rita, 'PUT', usersUrl(`/${oscarId}`), await bodyOf(oscarId, { email: 'rita.reads@acme.test' })), OSCAR_OUT);
      expectOutOfScope(await call(rita, 'PUT', usersUrl(`/${oscarId}`), await bodyOf(oscarId, { lastName: 'Rubato' })), OSCAR_OUT);
      expectOutOfScope(await call(rita, 'POST', usersUrl(`/${oscarId}/disable`)), OSCAR_OUT);
      expect(await row(oscarId)).toEqual(before);
      await t.app.ctx.jobs.drain();
      expect(await mailsTo('rita.reads@acme.test')).toBe(0);
      // his session was not ended
      expect((await call(oscar.accessToken, 'GET', '/api/user/configuration')).statusCode).toBe(200);
      expect((await refresh(t.app, oscar.refreshToken)).statusCode).toBe(200);
    });

    it('Rita may not enable disabled@acme.test (holds the square flags) nor resend the activation of a pending user holding a flag she lacks', async () => {
      const darioId = await idOf('disabled@acme.test');
      const dario = await row(darioId);
      expectOutOfScope(await call(rita, 'POST', usersUrl(`/${darioId}/enable`)), OSCAR_OUT);
      expect(await row(darioId)).toEqual(dario);

      const created = await call(admin, 'POST', usersUrl(), { ...colleague, email: 'squared@acme.test', permissions: ['ticketing', 'square.orders'] });
      expect(created.statusCode, created.body).toBe(201);
      const squaredId = created.json().id as string;
      await t.app.ctx.jobs.drain();
      const sentBefore = await mailsTo('squared@acme.test');
      const pending = await row(squaredId);
      expectOutOfScope(await call(rita, 'POST', usersUrl(`/${squaredId}/resend-activation`)), ['square.orders']);
      expectOutOfScope(await call(rita, 'POST', usersUrl(`/${squaredId}/disable`)), ['square.orders']);
      expectOutOfScope(await call(rita, 'PUT', usersUrl(`/${squaredId}`), await bodyOf(squaredId, { email: 'squared.rita@acme.test' })), ['square.orders']);
      expect((await call(rita, 'GET', usersUrl(`/${squaredId}`))).json()).toMatchObject({ status: 'PENDING_ACTIVATION', actions: [], outOfScope: ['square.orders'] });
      await t.app.ctx.jobs.drain();
      expect(await mailsTo('squared@acme.test')).toBe(sentBefore);
      expect(await mailsTo('squared.rita@acme.test')).toBe(0);
      expect(await row(squaredId)).toEqual(pending);

      // the administrator holds every flag: all of it stays possible
      const resent = await call(admin, 'POST', usersUrl(`/${squaredId}/resend-activation`));
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toMatchObject({ actions: ['edit', 'disable', 'resendActivation'], outOfScope: [] });
      const enabled = await call(admin, 'POST', usersUrl(`/${darioId}/enable`));
      expect(enabled.statusCode, enabled.body).toBe(200);
      expect(enabled.json().status).toBe('ACTIVE');
      expect((await call(admin, 'POST', usersUrl(`/${darioId}/disable`))).json().status).toBe('DISABLED');
    });

    it('the administrator may still edit, re-address and disable Oscar; Rita still manages a user whose flags are a subset of hers', async () => {
      const oscarId = await idOf('operator@acme.test');
      const edited = await call(admin, 'PUT', usersUrl(`/${oscarId}`), await bodyOf(oscarId, { email: 'oscar.new@acme.test' }));
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ email: 'operator@acme.test', pendingEmail: 'oscar.new@acme.test', actions: ['edit', 'disable'] });
      // back to the current address: the waiting change is dropped
      expect((await call(admin, 'PUT', usersUrl(`/${oscarId}`), await bodyOf(oscarId))).json().pendingEmail).toBeNull();
      expect((await call(admin, 'POST', usersUrl(`/${oscarId}/disable`))).statusCode).toBe(200);
      expect((await call(admin, 'POST', usersUrl(`/${oscarId}/enable`))).json().status).toBe('ACTIVE');

      // Nora holds no flag at all: within Rita's scope
      const noraId = await idOf('noaccess@acme.test');
      expect((await call(rita, 'GET', usersUrl(`/${noraId}`))).json()).toMatchObject({ actions: ['edit', 'disable'], outOfScope: [] });
      const renamed = await call(rita, 'PUT', usersUrl(`/${noraId}`), await bodyOf(noraId, { lastName: 'Nessuna', permissions: ['ticketing'] }));
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ lastName: 'Nessuna', permissions: ['ticketing'] });
      expect((await call(rita, 'POST', usersUrl(`/${noraId}/disable`))).json().status).toBe('DISABLED');
      expect((await call(rita, 'POST', usersUrl(`/${noraId}/enable`))).json().status).toBe('ACTIVE');
      // and her own record: her data, not her role or flags
      const own = await call(rita, 'PUT', usersUrl(`/${ritaId}`), await bodyOf(ritaId, { lastName: 'Referentissima' }));
      expect(own.statusCode, own.body).toBe(200);
      expect((await call(rita, 'PUT', usersUrl(`/${ritaId}`), await bodyOf(ritaId, { role: 'OPERATOR' }))).json().error.message).toBe('OWN_PERMISSIONS');
    });

    it('a reset link mailed before an e-mail change stops working once the new address is confirmed (hole 3)', async () => {
      const noraId = await idOf('noaccess@acme.test');
      await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: 'noaccess@acme.test' }, remoteAddress: uniqueIp() });
      await t.app.ctx.jobs.drain();
      const reset = await lastEmail('noaccess@acme.test');
      expect(reset.template).toBe('reset');
      const resetToken = linkToken(reset.textBody, '/forgot-password');

      const moved = await call(rita, 'PUT', usersUrl(`/${noraId}`), await bodyOf(noraId, { email: 'nora.moved@acme.test' }));
      expect(moved.statusCode, moved.body).toBe(200);
      await t.app.ctx.jobs.drain();
      const confirmToken = linkToken((await lastEmail('nora.moved@acme.test')).textBody, '/confirm-email');
      const confirmed = await t.app.inject({ method: 'POST', url: '/api/user/confirm-email', payload: { token: confirmToken }, remoteAddress: uniqueIp() });
      expect(confirmed.statusCode, confirmed.body).toBe(204);
      const before = await row(noraId);
      expect(before.email).toBe('nora.moved@acme.test');

      const used = await t.app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { token: resetToken, password: NEW_PASSWORD }, remoteAddress: uniqueIp() });
      expect(used.statusCode).toBe(400);
      expect(used.json().error.message).toBe('INVALID_OOB_CODE');
      expect((await row(noraId)).passwordHash).toBe(before.passwordHash);
      expect((await signIn(t.app, 'nora.moved@acme.test', NEW_PASSWORD)).statusCode).toBe(400);
      expect((await signIn(t.app, 'nora.moved@acme.test')).statusCode).toBe(200);
    });

    it("the registry's operator and referent routes follow the same rule: Rita cannot re-address or disable Oscar there either", async () => {
      const registry = (token: string, method: 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
      const oscarId = await idOf('operator@acme.test');
      const before = await row(oscarId);
      const contact = { firstName: 'Oscar', lastName: 'Operatore', phoneCountry: '+39', phone: '3331234567' };
      const operatorUrl = `/api/company/${ids.ACME}/operators/${oscarId}`;
      expectOutOfScope(await registry(rita, 'PUT', operatorUrl, { ...contact, email: 'rita.reads@acme.test' }), OSCAR_OUT, false);
      expectOutOfScope(await registry(rita, 'DELETE', operatorUrl), OSCAR_OUT, false);
      expect(await row(oscarId)).toEqual(before);

      // a sub-company whose referent holds a flag Rita lacks
      const sub = await addCompany(t.db.db, 'ACME-SQUARE', ids.ACME);
      const referentId = await addActiveUser(t.db.db, 'square.referent@acme.test', sub, permissionsFrom(['management', 'square.orders']));
      await t.db.db.update(companies).set({ referentUserId: referentId }).where(eq(companies.id, sub));
      const referentBefore = await row(referentId);
      const referentUrl = `/api/company/${ids.ACME}/companies/${sub}/referent`;
      expectOutOfScope(await registry(rita, 'PUT', referentUrl, { ...contact, email: 'rita.reads@acme.test' }), ['square.orders'], false);
      expectOutOfScope(await registry(rita, 'DELETE', referentUrl), ['square.orders'], false);
      expect(await row(referentId)).toEqual(referentBefore);
      // the administrator holds it: he may
      expect((await registry(admin, 'PUT', referentUrl, { ...contact, email: 'square.referent@acme.test' })).statusCode).toBe(200);
    });

    it('an operator re-addressed at once through the registry: links mailed to the old address stop working', async () => {
      const noraId = await idOf('nora.moved@acme.test');
      await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: 'nora.moved@acme.test' }, remoteAddress: uniqueIp() });
      await t.app.ctx.jobs.drain();
      const resetToken = linkToken((await lastEmail('nora.moved@acme.test')).textBody, '/forgot-password');
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/company/${ids.ACME}/operators/${noraId}`,
        headers: bearer(rita),
        payload: { firstName: 'Nora', lastName: 'Nessuna', phoneCountry: '+39', phone: '3331234567', email: 'nora.third@acme.test' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await row(noraId)).email).toBe('nora.third@acme.test');
      const before = await row(noraId);
      const used = await t.app.inject({ method: 'POST', url: '/api/user/reset-password', payload: { token: resetToken, password: NEW_PASSWORD }, remoteAddress: uniqueIp() });
      expect(used.json().error.message).toBe('INVALID_OOB_CODE');
      expect((await row(noraId)).passwordHash).toBe(before.passwordHash);
    });

    it("changing a pending user's e-mail ends every link mailed to the old address", async () => {
      const created = await call(rita, 'POST', usersUrl(), { ...colleague, email: 'paola@acme.test' });
      const paolaId = created.json().id as string;
      await t.app.ctx.jobs.drain();
      const first = linkToken((await lastEmail('paola@acme.test')).textBody, '/user-account-activation');
      // a reset link cannot be asked for a pending account; one left from before would still go
      await t.db.db.insert(oneTimeTokens).values({ kind: 'reset', tokenHash: sha256('left-over-reset'), userId: paolaId, expiresAt: new Date(Date.now() + 3_600_000) });
      expect((await call(rita, 'PUT', usersUrl(`/${paolaId}`), { ...colleague, email: 'paola.new@acme.test' })).statusCode).toBe(200);
      const open = await t.db.db.select().from(oneTimeTokens).where(and(eq(oneTimeTokens.userId, paolaId), isNull(oneTimeTokens.usedAt)));
      expect(open.map((token) => token.kind)).toEqual(['activation']);
      const old = await t.app.inject({ method: 'POST', url: '/api/user/activate-account', payload: { token: first, password: NEW_PASSWORD }, remoteAddress: uniqueIp() });
      expect(old.json().error.message).toBe('INVALID_OOB_CODE');
      await activate('paola.new@acme.test');
    });
  });
});

describe.each(CONCURRENT_DRIVERS)('users API races (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('two concurrent strips of management from a company\'s two managers: one passes, the other is 409', async () => {
    const tessera = await companyId(t.db.db, 'TESSERA');
    const company = await addCompany(t.db.db, 'RACE-CO', tessera);
    const keys: PermissionKey[] = ['management', 'ticketing'];
    const managers = [await addActiveUser(t.db.db, 'm1@race.test', company, permissionsFrom(keys)), await addActiveUser(t.db.db, 'm2@race.test', company, permissionsFrom(keys))];
    const admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    const strip = (id: string, email: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/company/${company}/users/${id}`,
        headers: bearer(admin),
        payload: { firstName: 'Test', lastName: 'User', email, phoneCountry: '+39', phone: '3331234567', role: 'REFERENT', permissions: ['ticketing'] },
      });
    const answers = await Promise.all([strip(managers[0], 'm1@race.test'), strip(managers[1], 'm2@race.test')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db.db.select().from(users).where(eq(users.companyId, company));
    expect(rows.filter((r) => grantedKeys(r.permissions).includes('management'))).toHaveLength(1);
  });
});
