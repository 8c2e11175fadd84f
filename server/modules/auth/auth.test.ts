import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema';
import { ID_TOKEN_ALG } from '../../lib/keys';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, exchange, login, refresh, signIn } from '../../test/auth';
import { CONCURRENT_DRIVERS, DRIVERS } from '../../test/db';

async function userId(t: TestApp, email: string): Promise<string> {
  const [row] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

describe.each(DRIVERS)('sessions (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('exchanges an idToken for access token, refresh token and company id', async () => {
    const session = await login(t.app, 'operator@acme.test');
    expect(session.accessToken.split('.')).toHaveLength(3);
    expect(session.refreshToken.length).toBeGreaterThanOrEqual(43);
    const conf = await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(session.accessToken) });
    expect(conf.statusCode).toBe(200);
    expect(conf.json().company.id).toBe(session.companyId);
    expect(conf.json().company.name).toBe('Acme S.p.A.');
  });

  it('rotates the refresh token at every use; reusing an old one revokes the whole family', async () => {
    const session = await login(t.app, 'operator@acme.test');
    const first = await refresh(t.app, session.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json<{ accessToken: string; refreshToken: string }>();
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(rotated.accessToken) })).statusCode).toBe(200);

    const reuse = await refresh(t.app, session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.message).toBe('INVALID_REFRESH_TOKEN');
    // The newest token of the family is dead too, and so is the session's access token.
    expect((await refresh(t.app, rotated.refreshToken)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(rotated.accessToken) })).statusCode).toBe(401);
  });

  it('refuses unknown refresh tokens and a wrong grant type', async () => {
    expect((await refresh(t.app, 'not-a-token')).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/access-token', payload: { refresh_token: 'x', grant_type: 'password' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: 'VALIDATION_ERROR' }, errors: { grant_type: 'validation.invalid' } });
  });

  it('refuses to refresh a session of a user disabled meanwhile', async () => {
    const session = await login(t.app, 'noaccess@acme.test');
    await t.db.db.update(users).set({ status: 'DISABLED' }).where(eq(users.email, 'noaccess@acme.test'));
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(session.accessToken) })).statusCode).toBe(401);
      expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
    } finally {
      await t.db.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.email, 'noaccess@acme.test'));
    }
  });

  it('logout revokes the family, answers 204 for any token, and never logs the query string', async () => {
    const session = await login(t.app, 'operator@acme.test');
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/logout?refreshToken=${encodeURIComponent(session.refreshToken)}` });
    expect(res.statusCode).toBe(204);
    expect((await refresh(t.app, session.refreshToken)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(session.accessToken) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/logout?refreshToken=unknown-token-value' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/logout' })).statusCode).toBe(204);

    const logged = t.rawLogs.join('\n');
    expect(logged).toContain('/api/auth/logout');
    expect(logged).not.toContain(session.refreshToken);
    expect(logged).not.toContain('unknown-token-value');
  });

  it('answers 401 problem+json with the request path as instance', async () => {
    for (const headers of [{}, bearer('garbage'), { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/configuration?x=1', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized', instance: '/api/user/configuration', error: { message: 'UNAUTHORIZED' } });
    }
  });

  it('refuses an expired access token', async () => {
    const expired = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(await userId(t, 'admin@tessera.test'))
      .setIssuer('tessera-api')
      .setAudience('tessera-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(t.app.ctx.keys.accessTokenSecret);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('UNAUTHORIZED');
  });

  it('refuses an idToken of a user disabled after sign-in', async () => {
    const signed = (await signIn(t.app, 'noaccess@acme.test')).json<{ idToken: string }>();
    await t.db.db.update(users).set({ status: 'DISABLED' }).where(eq(users.email, 'noaccess@acme.test'));
    try {
      const res = await exchange(t.app, signed.idToken);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('USER_DISABLED');
    } finally {
      await t.db.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.email, 'noaccess@acme.test'));
    }
  });

  describe('forged idTokens are refused and nothing is issued', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const claims = (sub: string) => ({ email: 'admin@tessera.test', firebase: { tenant: 'tessera', sign_in_provider: 'password' }, sub });
    const base = { iss: 'http://tessera.test/identity', aud: 'tessera' };

    async function builtinSigned(sub: string, overrides: Record<string, unknown> = {}, exp = now() + 600) {
      return new SignJWT({ ...claims(sub), ...base, ...overrides })
        .setProtectedHeader({ alg: ID_TOKEN_ALG, kid: t.app.ctx.keys.identityPublicJwk.kid })
        .setIssuedAt(now() - 10)
        .setExpirationTime(exp)
        .sign(t.app.ctx.keys.identityPrivateKey);
    }

    const cases: Array<[string, (sub: string) => Promise<string>]> = [
      ['alg none', async (sub) => new UnsecuredJWT({ ...claims(sub), ...base }).setIssuedAt().setExpirationTime('10m').encode()],
      [
        'HS256 signed with the public key',
        async (sub) => {
          const secret = new TextEncoder().encode(JSON.stringify(t.app.ctx.keys.identityPublicJwk));
          return new SignJWT({ ...claims(sub), ...base }).setProtectedHeader({ alg: 'HS256', kid: t.app.ctx.keys.identityPublicJwk.kid }).setIssuedAt().setExpirationTime('10m').sign(secret);
        },
      ],
      [
        'another key',
        async (sub) => {
          const { privateKey } = await generateKeyPair('ES256');
          return new SignJWT({ ...claims(sub), ...base }).setProtectedHeader({ alg: 'ES256', kid: t.app.ctx.keys.identityPublicJwk.kid }).setIssuedAt().setExpirationTime('10m').sign(privateKey);
        },
      ],
      ['wrong issuer', (sub) => builtinSigned(sub, { iss: 'https://evil.test/identity' })],
      ['wrong audience', (sub) => builtinSigned(sub, { aud: 'other-project' })],
      ['wrong tenant', (sub) => builtinSigned(sub, { firebase: { tenant: 'other', sign_in_provider: 'password' } })],
      ['no tenant', (sub) => builtinSigned(sub, { firebase: undefined })],
      ['expired', (sub) => builtinSigned(sub, {}, now() - 60)],
      ['tampered payload', async (sub) => {
        const token = await builtinSigned(sub);
        const [h, , s] = token.split('.');
        const payload = Buffer.from(JSON.stringify({ ...claims(sub), ...base, exp: now() + 99999 })).toString('base64url');
        return `${h}.${payload}.${s}`;
      }],
    ];

    it('accepts the genuine control token', async () => {
      const res = await exchange(t.app, await builtinSigned(await userId(t, 'admin@tessera.test')));
      expect(res.statusCode).toBe(200);
    });

    it.each(cases)('%s', async (_name, make) => {
      const before = (await t.db.db.select({ id: refreshTokens.id }).from(refreshTokens)).length;
      const res = await exchange(t.app, await make(await userId(t, 'admin@tessera.test')));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: 'INVALID_ID_TOKEN' }, instance: '/api/auth/token-exchange' });
      expect(res.body).not.toContain('accessToken');
      expect((await t.db.db.select({ id: refreshTokens.id }).from(refreshTokens)).length).toBe(before);
    });
  });
});

describe.each(CONCURRENT_DRIVERS)('refresh races (%s)', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('lets exactly one of several concurrent uses of one refresh token succeed', async () => {
    for (let round = 0; round < 5; round++) {
      const session = await login(t.app, 'operator@acme.test');
      const results = await Promise.all(Array.from({ length: 6 }, () => refresh(t.app, session.refreshToken)));
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 401)).toHaveLength(results.length - 1);
      // The losers reused a rotated token: the family is revoked, the winner's token too.
      expect((await refresh(t.app, ok[0].json().refreshToken)).statusCode).toBe(401);
    }
  });
});
