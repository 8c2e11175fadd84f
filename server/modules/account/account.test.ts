import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../domain/permissions';
import { emailOutbox, oneTimeTokens, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, login, refresh, signIn, uniqueIp } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { sendActivation } from './service';

const NEW_PASSWORD = 'Brand-New-Pass-42!';

async function lastEmail(t: TestApp, to: string) {
  const [row] = await t.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.createdAt)).limit(1);
  return row;
}

function linkToken(text: string, path: string): string {
  const match = new RegExp(`http://tessera\\.test${path}\\?t=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

function post(t: TestApp, url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: uniqueIp() });
}

describe.each(DRIVERS)('user account API (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('GET /api/user/configuration answers the user, the company and the permissions', async () => {
    const admin = await login(t.app, 'admin@tessera.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(admin.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ email: 'admin@tessera.test', status: 'ACTIVE', language: 'it', role: 'ADMIN', phone: null }),
      company: { id: admin.companyId, name: 'Tessera', parentId: null, isProvider: true },
      permissions: ALL_PERMISSIONS,
    });
    const none = await login(t.app, 'noaccess@acme.test');
    const empty = await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(none.accessToken) });
    expect(empty.json().permissions).toEqual({});
  });

  it('forgot-password answers the same for known, unknown and disabled e-mails; only the active one gets a link', async () => {
    const known = await post(t, '/api/user/forgot-password', { email: 'operator@acme.test' });
    const unknown = await post(t, '/api/user/forgot-password', { email: 'nobody@acme.test' });
    const disabled = await post(t, '/api/user/forgot-password', { email: 'disabled@acme.test' });
    expect(known.statusCode).toBe(204);
    for (const res of [unknown, disabled]) {
      expect(res.statusCode).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
    }
    await t.app.ctx.jobs.drain();
    expect(await lastEmail(t, 'nobody@acme.test')).toBeUndefined();
    expect(await lastEmail(t, 'disabled@acme.test')).toBeUndefined();
    const mail = await lastEmail(t, 'operator@acme.test');
    expect(mail).toMatchObject({ template: 'reset', language: 'it', status: 'logged', subject: 'Reimposta la password di Tessera' });
  });

  it('forgot-password validates the body as problem+json with field keys', async () => {
    const res = await post(t, '/api/user/forgot-password', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is not valid',
      instance: '/api/user/forgot-password',
      error: { message: 'VALIDATION_ERROR' },
      errors: { email: 'validation.emailError' },
    });
    expect((await post(t, '/api/user/forgot-password', {})).json().errors).toEqual({ email: 'validation.required' });
  });

  it('resets the password with the e-mailed link once, ending every session', async () => {
    const session = await login(t.app, 'operator@acme.test');
    await post(t, '/api/user/forgot-password', { email: 'operator@acme.test' });
    expect(await t.app.ctx.jobs.drain()).toBe(2); // the request, then its e-mail
    const mail = await lastEmail(t, 'operator@acme.test');
    expect(mail.status).toBe('logged');
    const token = linkToken(mail.textBody, '/forgot-password');
    // Without SMTP the message, link included, is in the server log.
    expect(t.rawLogs.join('\n')).toContain(`/forgot-password?t=${token}`);

    const weak = await post(t, '/api/user/reset-password', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ password: 'validation.passwordMinLength?min=12' });
    const noSymbol = await post(t, '/api/user/reset-password', { token, password: 'Abcdefghijk12' });
    expect(noSymbol.json().errors).toEqual({ password: 'validation.passwordWeak' });

    expect((await post(t, '/api/user/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(204);
    const again = await post(t, '/api/user/reset-password', { token, password: NEW_PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('INVALID_OOB_CODE');

    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
    expect((await signIn(t.app, 'operator@acme.test', DEMO_PASSWORD)).json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    expect((await signIn(t.app, 'operator@acme.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses expired and unknown reset tokens, and an older link once a newer one exists', async () => {
    await post(t, '/api/user/forgot-password', { email: 'admin@tessera.test' });
    await t.app.ctx.jobs.drain();
    const first = linkToken((await lastEmail(t, 'admin@tessera.test')).textBody, '/forgot-password');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await post(t, '/api/user/forgot-password', { email: 'admin@tessera.test' });
    await t.app.ctx.jobs.drain();
    const second = linkToken((await lastEmail(t, 'admin@tessera.test')).textBody, '/forgot-password');
    expect(second).not.toBe(first);
    expect((await post(t, '/api/user/reset-password', { token: first, password: NEW_PASSWORD })).json().error.message).toBe('INVALID_OOB_CODE');

    await t.db.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post(t, '/api/user/reset-password', { token: second, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: { message: 'EXPIRED_OOB_CODE' }, instance: '/api/user/reset-password' });
    expect((await post(t, '/api/user/reset-password', { token: 'made-up', password: NEW_PASSWORD })).json().error.message).toBe('INVALID_OOB_CODE');
    expect((await signIn(t.app, 'admin@tessera.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('activates a pending account once with its link, in the user language', async () => {
    const [company] = await t.db.db.select({ id: users.companyId }).from(users).where(eq(users.email, 'noaccess@acme.test'));
    const [pending] = await t.db.db
      .insert(users)
      .values({ companyId: company.id, email: 'new.user@acme.test', firstName: 'Nina', lastName: 'Nuova', language: 'en' })
      .returning();
    await sendActivation(t.app.ctx, pending);
    const mail = await lastEmail(t, 'new.user@acme.test');
    expect(mail).toMatchObject({ template: 'activation', language: 'en', subject: 'Activate your Tessera account' });
    expect(mail.textBody).toContain('Hello Nina');
    const token = linkToken(mail.textBody, '/user-account-activation');
    expect((await post(t, '/api/user/reset-password', { token, password: NEW_PASSWORD })).json().error.message).toBe('INVALID_OOB_CODE');

    expect((await post(t, '/api/user/activate-account', { token, password: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await post(t, '/api/user/activate-account', { token, password: NEW_PASSWORD })).json().error.message).toBe('INVALID_OOB_CODE');
    const [row] = await t.db.db.select().from(users).where(eq(users.id, pending.id));
    expect(row.status).toBe('ACTIVE');
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signIn(t.app, 'new.user@acme.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('change-password checks the old password and ends the other sessions only', async () => {
    const mine = await login(t.app, 'noaccess@acme.test');
    const other = await login(t.app, 'noaccess@acme.test');
    const put = (payload: Record<string, unknown>, token = mine.accessToken) =>
      t.app.inject({ method: 'PUT', url: '/api/user/change-password', headers: bearer(token), payload });

    const wrong = await put({ oldPassword: 'Not-The-Password-1!', newPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('WRONG_PASSWORD');
    expect((await put({ oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD })).json().error.message).toBe('PASSWORD_REUSED');
    expect((await put({ oldPassword: DEMO_PASSWORD, newPassword: 'weak' })).json().errors).toEqual({ newPassword: 'validation.passwordMinLength?min=12' });
    expect((await put({ oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD }, 'bad')).statusCode).toBe(401);

    expect((await put({ oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(mine.accessToken) })).statusCode).toBe(200);
    expect((await refresh(t.app, mine.refreshToken)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(other.accessToken) })).statusCode).toBe(401);
    expect((await refresh(t.app, other.refreshToken)).statusCode).toBe(401);
    expect((await signIn(t.app, 'noaccess@acme.test', NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe.each(DRIVERS)('forgot-password rate limit (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { FORGOT_PASSWORD_MAX_PER_IP: '2' } });
  });
  afterAll(() => t.close());

  it('limits requests per address with RATE_LIMITED', async () => {
    const send = (ip: string) => t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: 'x@acme.test' }, remoteAddress: ip });
    expect((await send('10.9.9.1')).statusCode).toBe(204);
    expect((await send('10.9.9.1')).statusCode).toBe(204);
    const limited = await send('10.9.9.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, error: { message: 'RATE_LIMITED' }, instance: '/api/user/forgot-password' });
    expect((await send('10.9.9.2')).statusCode).toBe(204);
  });
});
