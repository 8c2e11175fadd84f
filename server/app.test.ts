import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from './db/schema';
import type { ResourceName } from '../domain/access';
import { routeAccess } from './lib/route-access';
import { createTestApp, type TestApp } from './test/app';
import { bearer, login } from './test/auth';
import { DRIVERS } from './test/db';

function addProbeRoutes(app: FastifyInstance) {
  app.get('/api/test/boom', { config: { public: true } }, async () => {
    throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
  });
  app.get('/api/company/:companyId/probe', { config: routeAccess('report', 'list') }, async () => ({ ok: true }));
  // entries the access table (domain/access.ts) does not have: denied to everyone, provider staff too
  app.get('/api/company/:companyId/unlisted-resource', { config: routeAccess('no/such-resource' as ResourceName, 'list') }, async () => ({ ok: true }));
  app.get('/api/company/:companyId/unlisted-action', { config: routeAccess('privative/stores', 'no-such-action') }, async () => ({ ok: true }));
  // a route that declares no access at all: closed to everyone, a signed-in caller's own routes too
  app.get('/api/company/:companyId/undeclared', async () => ({ ok: true }));
  app.get('/api/user/undeclared', async () => ({ ok: true }));
}

describe.each(DRIVERS)('app shell (%s)', (driver) => {
  let t: TestApp;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { APP_ENV: 'staging' } });
    addProbeRoutes(t.app);
    const rows = await t.db.db.select({ id: companies.id, code: companies.code }).from(companies);
    ids = Object.fromEntries(rows.map((r) => [r.code ?? '', r.id]));
  });
  afterAll(() => t.close());

  it('serves /config.js for the SPA, not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    const match = /^window\.__TESSERA_CONFIG__ = (.*);\n$/.exec(res.body);
    expect(JSON.parse(match?.[1] ?? 'null')).toEqual({
      appEnv: 'staging',
      identitySignInUrl: '/identity/v1/accounts:signInWithPassword',
      identityApiKey: 'tessera-dev-public-key',
      tenantId: 'tessera',
      version: '0.6.2',
      maxTransactionCents: 100000,
    });
  });

  it('answers unknown API routes with a 404 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here?token=abc', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found', instance: '/api/nothing/here', error: { message: 'NOT_FOUND' } });
    const identity = await t.app.inject({ method: 'POST', url: '/identity/v1/accounts:nothing' });
    expect(identity.statusCode).toBe(404);
    expect(identity.json().error).toMatchObject({ code: 404, message: 'NOT_FOUND' });
  });

  it('answers an over-long path parameter or a broken URL with a problem that does not echo the URL', async () => {
    const long = 'x'.repeat(150);
    const res = await t.app.inject({ method: 'GET', url: `/api/company/${long}/users` });
    expect(res.statusCode).toBe(414);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 414, error: { message: 'VALIDATION_ERROR' } });
    expect(res.body).not.toContain(long);
    const broken = await t.app.inject({ method: 'GET', url: '/api/company/%E0%A4%A/users' });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toContain('application/problem+json');
    expect(broken.body).not.toContain('%E0%A4%A');
  });

  it('never shows a stack or SQL text in a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An unexpected error occurred',
      instance: '/api/test/boom',
      error: { message: 'INTERNAL_ERROR' },
    });
    expect(res.body).not.toContain('secret_table');
  });

  it('answers malformed and unexpected bodies with 400 problems', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/token-exchange', headers: { 'content-type': 'application/json' }, payload: '{oops' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, error: { message: 'VALIDATION_ERROR' }, instance: '/api/auth/token-exchange' });
    const extra = await t.app.inject({ method: 'POST', url: '/api/auth/token-exchange', payload: { fireBaseToken: 'x', admin: true } });
    expect(extra.json()).toMatchObject({ error: { message: 'VALIDATION_ERROR' }, errors: { admin: 'validation.invalid' } });
  });

  it('guards routes by permission (403) and company scope (404)', async () => {
    const operator = await login(t.app, 'operator@acme.test');
    const admin = await login(t.app, 'admin@tessera.test');
    const noAccess = await login(t.app, 'noaccess@acme.test');
    const probe = (companyId: string, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/company/${companyId}/probe`, headers: bearer(token) });

    expect((await probe(ids.ACME, operator.accessToken)).statusCode).toBe(200);
    expect((await probe(ids['ACME-NORD'], operator.accessToken)).statusCode).toBe(200);
    for (const other of [ids.TESSERA, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await probe(other, operator.accessToken);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('NOT_FOUND');
    }
    expect((await probe(ids['ACME-NORD'], admin.accessToken)).statusCode).toBe(200);
    expect((await probe('00000000-0000-4000-8000-000000000000', admin.accessToken)).statusCode).toBe(404);
    const forbidden = await probe(ids.ACME, noAccess.accessToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ status: 403, error: { message: 'FORBIDDEN' } });
    expect((await probe(ids.ACME, 'nope')).statusCode).toBe(401);
  });

  it('denies a resource or action missing from the access table, or a route declaring none (403), whatever the caller holds', async () => {
    const admin = await login(t.app, 'admin@tessera.test');
    for (const url of ['unlisted-resource', 'unlisted-action', 'undeclared'].map((path) => `/api/company/${ids.TESSERA}/${path}`).concat('/api/user/undeclared')) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin.accessToken) });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('FORBIDDEN');
    }
  });

  it('publishes the OpenAPI document and the browsable reference', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    const json = doc.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(json.openapi).toMatch(/^3\./);
    for (const p of ['/api/auth/token-exchange', '/api/auth/access-token', '/api/auth/logout', '/api/user/configuration', '/api/user/forgot-password', '/api/user/reset-password', '/api/user/activate-account', '/api/user/change-password']) {
      expect(json.paths).toHaveProperty([p]);
    }
    // 204 answers and error answers are described too (DESIGN §4 problem+json)
    type Answers = Record<string, { description: string; content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
    const answers = (p: string, method: string) => (json.paths[p] as Record<string, { responses: Answers }>)[method].responses;
    expect(answers('/api/auth/logout', 'get')).toHaveProperty(['204']);
    expect(answers('/api/user/change-password', 'put')).toHaveProperty(['204']);
    expect(answers('/api/user/change-password', 'put')['401'].content).toHaveProperty(['application/problem+json']);
    const bulk = answers('/api/company/{companyId}/giftcard/cards/bulk', 'post');
    for (const status of ['200', '400', '401', '403', '404', '409', 'default']) expect(bulk).toHaveProperty([status]);
    expect(Object.keys(bulk['404'].content!['application/problem+json'].schema.properties!)).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'detail', 'instance', 'error', 'errors']),
    );
    expect(answers('/identity/v1/accounts:signInWithPassword', 'post')).toHaveProperty(['400']);
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('sends security headers with a CSP that lets the SPA run', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.js' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 503 for SPA pages when the SPA is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/privative/giftcards', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe('SPA not built: run npm run build');
  });

  it('keeps companies of the seed in a tree', async () => {
    const [nord] = await t.db.db.select().from(companies).where(eq(companies.code, 'ACME-NORD'));
    expect(nord.parentId).toBe(ids.ACME);
  });
});

describe('SPA serving with a build', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'tessera-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tessera SPA</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp('pglite', { env: { SPA_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('falls back to index.html for history routes and serves hashed assets as immutable', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/users/list', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tessera SPA');
    expect(page.headers['cache-control']).toBe('no-cache');
    const root = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('Tessera SPA');
    expect(root.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } })).statusCode).toBe(404);
    // API and docs paths never fall back to the SPA.
    expect((await t.app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });
});
