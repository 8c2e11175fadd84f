import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn, uniqueIp } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { users } from '../../db/schema';

const identityError = (code: string) => ({
  error: { code: 400, message: code, errors: [{ message: code, domain: 'global', reason: 'invalid' }] },
});

describe.each(DRIVERS)('built-in identity provider (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('signs an active user in with an ES256 idToken carrying issuer, audience, subject and tenant', async () => {
    const res = await signIn(t.app, 'Admin@Tessera.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: 'admin@tessera.test', registered: true, expiresIn: '3600' });
    expect(typeof body.refreshToken).toBe('string');

    const jwks = (await t.app.inject({ method: 'GET', url: '/identity/v1/jwks' })).json<JSONWebKeySet>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const header = decodeProtectedHeader(body.idToken);
    expect(header).toMatchObject({ alg: 'ES256', kid: jwks.keys[0].kid });
    const { payload } = await jwtVerify(body.idToken, createLocalJWKSet(jwks), {
      issuer: 'http://tessera.test/identity',
      audience: 'tessera',
    });
    expect(payload.sub).toBe(body.localId);
    expect(payload.email).toBe('admin@tessera.test');
    expect(payload.firebase).toMatchObject({ tenant: 'tessera', sign_in_provider: 'password' });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it.each([
    ['missing e-mail', { password: 'x', tenantId: 'tessera' }, 'MISSING_EMAIL'],
    ['malformed e-mail', { email: 'not-an-email', password: 'x', tenantId: 'tessera' }, 'INVALID_EMAIL'],
    ['missing password', { email: 'admin@tessera.test', tenantId: 'tessera' }, 'MISSING_PASSWORD'],
    ['wrong tenant', { email: 'admin@tessera.test', password: DEMO_PASSWORD, tenantId: 'other' }, 'OPERATION_NOT_ALLOWED'],
    ['missing tenant', { email: 'admin@tessera.test', password: DEMO_PASSWORD }, 'OPERATION_NOT_ALLOWED'],
  ])('answers an Identity Toolkit error for %s', async (_name, payload, code) => {
    const res = await t.app.inject({ method: 'POST', url: '/identity/v1/accounts:signInWithPassword', payload, remoteAddress: uniqueIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(identityError(code));
  });

  it('answers unknown e-mail and wrong password identically', async () => {
    const unknown = await signIn(t.app, 'nobody@tessera.test', 'Wrong-Password-1!');
    const wrong = await signIn(t.app, 'operator@acme.test', 'Wrong-Password-1!');
    expect(unknown.statusCode).toBe(400);
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
    expect(unknown.json()).toEqual(identityError('INVALID_LOGIN_CREDENTIALS'));
    expect(wrong.headers['content-type']).toBe(unknown.headers['content-type']);
  });

  it('spends the same password-hashing work on unknown e-mails as on wrong passwords', async () => {
    // The fastest of several runs is the intrinsic cost: other work on a loaded machine only ever
    // adds time. The two kinds of sign-in alternate, so a busy spell of the machine (tests run on
    // both cores) falls on both alike rather than on one series.
    const wrongEmails = ['operator@acme.test', 'admin@tessera.test', 'noaccess@acme.test', 'disabled@acme.test', 'referent@acme.test', 'operator@acme-nord.test'];
    const timed = async (email: string) => {
      const start = performance.now();
      await signIn(t.app, email, 'Wrong-Password-1!');
      return performance.now() - start;
    };
    const [wrongTimes, unknownTimes]: [number[], number[]] = [[], []];
    // different accounts, so the per-account brute-force limit never answers early
    for (const [i, email] of wrongEmails.entries()) {
      wrongTimes.push(await timed(email));
      unknownTimes.push(await timed(`timing${i}@nowhere.test`));
    }
    const [wrongPassword, unknown] = [Math.min(...wrongTimes), Math.min(...unknownTimes)];
    expect(unknown).toBeGreaterThan(wrongPassword * 0.5);
  });

  it('answers USER_DISABLED to a disabled user only with the right password', async () => {
    expect((await signIn(t.app, 'disabled@acme.test')).json()).toEqual(identityError('USER_DISABLED'));
    expect((await signIn(t.app, 'disabled@acme.test', 'Wrong-Password-1!')).json()).toEqual(identityError('INVALID_LOGIN_CREDENTIALS'));
  });

  it('refuses a pending-activation user as invalid credentials', async () => {
    const [company] = await t.db.db.select().from(users).limit(1);
    await t.db.db.insert(users).values({ companyId: company.companyId, email: 'pending@acme.test', firstName: 'P', lastName: 'P', status: 'PENDING_ACTIVATION' });
    const res = await signIn(t.app, 'pending@acme.test', DEMO_PASSWORD);
    expect(res.json()).toEqual(identityError('INVALID_LOGIN_CREDENTIALS'));
  });
});

describe.each(DRIVERS)('sign-in brute-force limit (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: { BRUTE_FORCE_WINDOW_SECONDS: '2', BRUTE_FORCE_MAX_PER_ACCOUNT: '3', BRUTE_FORCE_MAX_PER_IP: '5' },
    });
  });
  afterAll(() => t.close());

  it('blocks an account after repeated failures, even with the right password, and lifts after the window', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t.app, 'operator@acme.test', 'Wrong-Password-1!')).json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    }
    const blocked = await signIn(t.app, 'operator@acme.test');
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json()).toEqual(identityError('TOO_MANY_ATTEMPTS_TRY_LATER'));
    // Other accounts are not affected by this account's block.
    expect((await signIn(t.app, 'admin@tessera.test')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect((await signIn(t.app, 'operator@acme.test')).statusCode).toBe(200);
  });

  it('counts an unknown e-mail like a known one', async () => {
    for (let i = 0; i < 3; i++) await signIn(t.app, 'ghost@acme.test', 'Wrong-Password-1!');
    expect((await signIn(t.app, 'ghost@acme.test', 'Wrong-Password-1!')).json().error.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
  });

  it('blocks an address after failures across many accounts, and lifts after the window', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const res = await signIn(t.app, `spray${i}@acme.test`, 'Wrong-Password-1!', { ip });
      expect(res.json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    }
    expect((await signIn(t.app, 'admin@tessera.test', DEMO_PASSWORD, { ip })).json()).toEqual(identityError('TOO_MANY_ATTEMPTS_TRY_LATER'));
    // Another address signs the same account in.
    expect((await signIn(t.app, 'admin@tessera.test', DEMO_PASSWORD, { ip: uniqueIp() })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect((await signIn(t.app, 'admin@tessera.test', DEMO_PASSWORD, { ip })).statusCode).toBe(200);
  });
});
