import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, exchange, signIn } from '../../test/auth';
import { DRIVERS } from '../../test/db';

const ISSUER = 'https://securetoken.example.test/tessera-prod';
const AUDIENCE = 'tessera-prod';
const SIGN_IN_URL = 'https://identity.example.test/v1/accounts:signInWithPassword';

async function serveJwks(body: () => unknown): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks` };
}

describe.each(DRIVERS)('external identity provider (%s)', (driver) => {
  let t: TestApp;
  let jwks: { server: Server; url: string };
  let privateKey: CryptoKey;
  const now = () => Math.floor(Date.now() / 1000);

  function token(email: string, overrides: Record<string, unknown> = {}, key: CryptoKey = privateKey) {
    const claims = { iss: ISSUER, aud: AUDIENCE, sub: 'firebase-uid-123', email, firebase: { tenant: 'acme-tenant', sign_in_provider: 'password' } };
    return new SignJWT({ ...claims, ...overrides })
      .setProtectedHeader({ alg: 'RS256', kid: 'ext-1' })
      .setIssuedAt(now() - 5)
      .setExpirationTime(now() + 600)
      .sign(key);
  }

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'ext-1', alg: 'RS256', use: 'sig' };
    jwks = await serveJwks(() => ({ keys: [publicJwk] }));
    t = await createTestApp(driver, {
      env: {
        IDENTITY_PROVIDER: 'external',
        IDENTITY_JWKS_URL: jwks.url,
        IDENTITY_ISSUER: ISSUER,
        IDENTITY_AUDIENCE: AUDIENCE,
        IDENTITY_SIGN_IN_URL: SIGN_IN_URL,
        IDENTITY_TENANT_ID: 'acme-tenant',
        IDENTITY_API_KEY: 'AIza-public-key',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => jwks.server.close(resolve));
  });

  it('maps a verified token to the active user with that e-mail (any case)', async () => {
    const res = await exchange(t.app, await token('Operator@ACME.test'));
    expect(res.statusCode).toBe(200);
    const conf = await t.app.inject({ method: 'GET', url: '/api/user/configuration', headers: bearer(res.json().accessToken) });
    expect(conf.json().user.email).toBe('operator@acme.test');
  });

  it('refuses unknown e-mails, disabled users, wrong tenant, wrong key, wrong issuer and wrong audience', async () => {
    expect((await exchange(t.app, await token('stranger@acme.test'))).json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    expect((await exchange(t.app, await token('disabled@acme.test'))).json().error.message).toBe('USER_DISABLED');
    const other = (await generateKeyPair('RS256')).privateKey;
    for (const forged of [
      await token('operator@acme.test', { firebase: { tenant: 'tessera' } }),
      await token('operator@acme.test', {}, other),
      await token('operator@acme.test', { iss: 'https://evil.test' }),
      await token('operator@acme.test', { aud: 'other' }),
    ]) {
      const res = await exchange(t.app, forged);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('INVALID_ID_TOKEN');
    }
  });

  it('turns the built-in provider off and tells the SPA where to sign in', async () => {
    expect((await signIn(t.app, 'operator@acme.test')).statusCode).toBe(404);
    const config = await t.app.inject({ method: 'GET', url: '/config.js' });
    expect(config.body).toContain(`"identitySignInUrl":"${SIGN_IN_URL}"`);
    expect(config.body).toContain('"tenantId":"acme-tenant"');
    expect(config.body).toContain('"identityApiKey":"AIza-public-key"');
    expect(config.headers['content-security-policy']).toContain('connect-src \'self\' https://identity.example.test');
  });
});

describe.each(DRIVERS)('external mode pointed at a built-in provider (%s)', (driver) => {
  let provider: TestApp;
  let consumer: TestApp;
  let providerUrl: string;

  beforeAll(async () => {
    provider = await createTestApp(driver);
    providerUrl = await provider.app.listen({ port: 0, host: '127.0.0.1' });
    consumer = await createTestApp(driver, {
      db: provider.db,
      env: {
        IDENTITY_PROVIDER: 'external',
        IDENTITY_JWKS_URL: `${providerUrl}/identity/v1/jwks`,
        IDENTITY_ISSUER: 'http://tessera.test/identity',
        IDENTITY_SIGN_IN_URL: `${providerUrl}/identity/v1/accounts:signInWithPassword`,
      },
    });
  });
  afterAll(async () => {
    await consumer.close();
    await provider.close();
  });

  it('accepts idTokens of the built-in provider verified through its public JWKS', async () => {
    const signed = await signIn(provider.app, 'admin@tessera.test');
    const res = await exchange(consumer.app, signed.json().idToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().companyId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
