import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_LIMITS, type ApiKey } from '../../../domain/integration';
import { queryRows } from '../../db/client';
import { sha256 } from '../../lib/tokens';
import { authenticateKey } from './keys.service';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { idem, integrationWorld, type IntegrationWorld } from '../../test/support/integration';

describe.each(DRIVERS)('API keys and the integration API auth (%s)', (driver) => {
  let w: IntegrationWorld;
  beforeAll(async () => {
    w = await integrationWorld(driver);
  });
  afterAll(() => w.t.close());

  const rowOf = async (id: string) => (await queryRows<{ prefix: string; secret_hash: string; scopes: string[]; created_by_user_id: string }>(w.t.db.db, sql`SELECT * FROM api_keys WHERE id = ${id}`))[0];
  const list = (query = '') => w.call(w.manager, 'GET', `/api/company/${w.acmeId}/api-keys${query}`);
  const filter = (value: unknown) => `?filter=${encodeURIComponent(JSON.stringify(value))}`;

  it('creates a key shown once: tsk_<prefix>_<secret>, only the SHA-256 of the secret kept, the creator recorded', async () => {
    const created = await w.key({ name: 'Cassa 1', storeId: w.tillStoreId });
    expect(created.key).toMatch(/^tsk_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Cassa 1', state: 'active', storeId: w.tillStoreId, storeName: 'Store ACME-T1', companyId: w.acmeId, scopes: ['giftcards.balance', 'giftcards.move'], revokedAt: null, lastUsedAt: null });
    const [, prefix, secret] = created.key.split(/^tsk_([0-9a-f]{10})_/);
    expect(created.prefix).toBe(`tsk_${prefix}`);
    const row = await rowOf(created.id);
    expect(row).toMatchObject({ prefix, secret_hash: sha256(secret), created_by_user_id: w.managerId });
    expect(JSON.stringify(row)).not.toContain(secret);
    // listed without its secret
    const listed = (await list()).json<Array<ApiKey & { key?: string }>>().find((k) => k.id === created.id)!;
    expect(listed.key).toBeUndefined();
    expect(listed.prefix).toBe(created.prefix);
  });

  it('refuses a scope the creator lacks (403 API_KEY_SCOPE_NOT_HELD, nothing stored) and a store of another company (404)', async () => {
    const count = async () => (await queryRows(w.t.db.db, sql`SELECT id FROM api_keys`)).length;
    const before = await count();
    const refused = await w.createKey({ name: 'Rita shop', scopes: ['giftcards.balance', 'orders.create'] }, w.referent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('API_KEY_SCOPE_NOT_HELD');
    expect(await count()).toBe(before);
    // what Rita holds (privative.management.read, privative.transactions) she may give
    expect((await w.createKey({ name: 'Rita seller', scopes: ['giftcards.sell'] }, w.referent)).statusCode).toBe(201);
    const otherStore = await w.createKey({ name: 'Foreign till', storeId: w.otherStoreId });
    expect(otherStore.statusCode).toBe(404);
    expect(await count()).toBe(before + 1);
    // a user without `management` manages no keys
    const operator = (await login(w.t.app, 'operator@acme.test')).accessToken;
    expect((await w.call(operator, 'GET', `/api/company/${w.acmeId}/api-keys`)).statusCode).toBe(403);
    expect((await w.createKey({ name: 'Operator till', scopes: ['giftcards.balance'] }, operator)).statusCode).toBe(403);
  });

  it('lists newest first with an exact total, filtered by name or prefix, state and store', async () => {
    const a = await w.key({ name: 'Listed alpha' });
    const b = await w.key({ name: 'Listed beta', storeId: w.tillStoreId });
    const all = await list(filter({ q: 'Listed' }));
    expect(all.json<ApiKey[]>().map((k) => k.name)).toEqual(['Listed beta', 'Listed alpha']);
    expect(all.headers['content-range']).toBe('api-keys 0-1/2');
    expect((await list(filter({ q: a.prefix }))).json<ApiKey[]>().map((k) => k.id)).toEqual([a.id]);
    expect((await list(filter({ q: 'Listed', storeId: w.tillStoreId }))).json<ApiKey[]>().map((k) => k.id)).toEqual([b.id]);
    expect((await list(filter({ q: 'Listed', state: 'revoked' }))).json()).toEqual([]);
  });

  it('revokes a key: its calls answer 401, a second revoke 409 API_KEY_ALREADY_REVOKED', async () => {
    const created = await w.key({ name: 'To revoke' });
    const card = await w.card();
    expect((await w.api(created.key, '/giftcards/balance', { code: card.code })).statusCode).toBe(200);
    const revoked = await w.call(w.manager, 'POST', `/api/company/${w.acmeId}/api-keys/${created.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: created.id, state: 'revoked' });
    expect(revoked.json().revokedAt).not.toBeNull();
    expect(revoked.json().lastUsedAt).not.toBeNull();
    const again = await w.call(w.manager, 'POST', `/api/company/${w.acmeId}/api-keys/${created.id}/revoke`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('API_KEY_ALREADY_REVOKED');
    const call = await w.api(created.key, '/giftcards/balance', { code: card.code });
    expect(call.statusCode).toBe(401);
    expect(call.json().error.message).toBe('API_KEY_INVALID');
    expect((await list(filter({ q: 'To revoke', state: 'revoked' }))).json<ApiKey[]>().map((k) => k.id)).toEqual([created.id]);
  });

  it('answers every bad key with the same 401 body: unknown, wrong secret, expired, revoked, none', async () => {
    const card = await w.card();
    // a key is not made expired; one that has run out is refused as a revoked one is
    const past = await w.createKey({ name: 'Born expired', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ expiresAt: 'validation.invalid' });
    const expired = await w.key({ name: 'Expired', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await w.api(expired.key, '/giftcards/balance', { code: card.code })).statusCode).toBe(200);
    await w.t.db.db.execute(sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${expired.id}`);
    expect((await list(filter({ q: 'Expired', state: 'expired' }))).json<ApiKey[]>().map((k) => k.id)).toEqual([expired.id]);
    const live = await w.key({ name: 'Live' });
    const wrongSecret = `${live.key.slice(0, -4)}AAAA`;
    const unknown = `tsk_0123456789_${'A'.repeat(43)}`;
    const bodies = [];
    for (const key of [expired.key, wrongSecret, unknown, 'not-a-key', null]) {
      const answer = await w.api(key, '/giftcards/balance', { code: card.code });
      expect(answer.statusCode).toBe(401);
      bodies.push(answer.json());
    }
    expect(bodies[0].error.message).toBe('API_KEY_INVALID');
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it('counts a call against its key’s limit only when it presents the key’s secret, a revoked or expired key’s included; an unknown prefix counts nothing', async () => {
    const db = w.t.db.db;
    const counted = async (id: string) => (await queryRows<{ count: number }>(db, sql`SELECT count FROM rate_limits WHERE key = ${`integration:${id}`}`))[0]?.count ?? 0;
    const refused = (key: string | undefined, max: number) => expect(authenticateKey(db, `Bearer ${key}`, max)).rejects.toMatchObject({ statusCode: 401, message: 'API_KEY_INVALID' });
    const live = await w.key({ name: 'Counted' });
    const first = await authenticateKey(db, `Bearer ${live.key}`, 2);
    expect(first.caller).toMatchObject({ keyId: live.id, prefix: live.key.slice(4, 14), storeId: null, storeCode: null, actor: { companyId: w.acmeId, companyIds: expect.arrayContaining([w.acmeId]) } });
    expect(first.hit).toMatchObject({ current: 1 });
    expect(first.hit!.ttl).toBeGreaterThan(0);
    expect((await authenticateKey(db, `Bearer ${live.key}`, 2)).hit).toMatchObject({ current: 2 });
    // past the limit the count goes on (the plugin answers 429); no limit: not counted, no hit
    expect((await authenticateKey(db, `Bearer ${live.key}`, 2)).hit).toMatchObject({ current: 3 });
    expect(await authenticateKey(db, `Bearer ${live.key}`, 0)).toMatchObject({ caller: { keyId: live.id }, hit: null });
    expect(await counted(live.id)).toBe(3);
    // a wrong secret spends nothing of the key's budget, nor does a prefix nobody holds
    const integrationRows = async () => (await queryRows(db, sql`SELECT key FROM rate_limits WHERE key LIKE 'integration:%'`)).length;
    const rowsBefore = await integrationRows();
    await refused(`${live.key.slice(0, -4)}AAAA`, 2);
    await refused(`tsk_0123456789_${'A'.repeat(43)}`, 2);
    expect(await counted(live.id)).toBe(3);
    expect(await integrationRows()).toBe(rowsBefore);
    // a revoked or expired key with its secret is refused and counted
    const revoked = await w.key({ name: 'Counted revoked' });
    const expired = await w.key({ name: 'Counted expired' });
    await db.execute(sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${revoked.id}`);
    await db.execute(sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${expired.id}`);
    for (const key of [revoked.key, expired.key, revoked.key]) await refused(key, 2);
    expect([await counted(revoked.id), await counted(expired.id)]).toEqual([2, 1]);
    await db.execute(sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${live.id}`);
  });

  it('keeps the two APIs apart: a key on a back-office route and a session on an integration route answer 401', async () => {
    const created = await w.key({ name: 'Apart' });
    const onBackOffice = await w.t.app.inject({ method: 'GET', url: `/api/company/${w.acmeId}/api-keys`, headers: { authorization: `Bearer ${created.key}` } });
    expect(onBackOffice.statusCode).toBe(401);
    const card = await w.card();
    const session = await w.api(w.manager, '/giftcards/balance', { code: card.code });
    expect(session.statusCode).toBe(401);
    expect(session.json().error.message).toBe('API_KEY_INVALID');
  });

  it('refuses a call outside the key’s scopes (403 API_KEY_SCOPE_MISSING) before reading its body', async () => {
    const balanceOnly = await w.key({ name: 'Balance only', scopes: ['giftcards.balance'] });
    const card = await w.card(5000);
    const refused = await w.api(balanceOnly.key, '/giftcards/consume', { code: card.code, amountCents: 100, storeCode: 'ACME-T1' }, idem());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('API_KEY_SCOPE_MISSING');
    expect((await w.api(balanceOnly.key, '/giftcards/consume', { nonsense: true }, idem())).statusCode).toBe(403);
    expect((await w.api(balanceOnly.key, '/giftcards/balance', { code: card.code })).json().balanceCents).toBe(5000);
  });

  it(`holds a company to ${API_KEY_LIMITS.maxActivePerCompany} active keys: the next create answers 409 API_KEYS_LIMIT and writes nothing`, async () => {
    const max = API_KEY_LIMITS.maxActivePerCompany;
    const active = async () =>
      (await queryRows<{ n: number }>(w.t.db.db, sql`SELECT count(*)::int AS n FROM api_keys WHERE company_id = ${w.acmeId} AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`))[0].n;
    const rows = async () => (await queryRows(w.t.db.db, sql`SELECT id FROM api_keys`)).length;
    const room = max - (await active());
    expect(room).toBeGreaterThan(2);
    // all at once, two more than there is room for: the count is taken with the company row locked
    const answers = await Promise.all(Array.from({ length: room + 2 }, (_, i) => w.createKey({ name: `Bulk ${i}` })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(room);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(2);
    expect(await active()).toBe(max);
    const before = await rows();
    const refused = await w.createKey({ name: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: 'API_KEYS_LIMIT' }, params: { max } });
    expect(await rows()).toBe(before);
    // a revoked key frees its place
    const bulk = answers.find((a) => a.statusCode === 201)!.json<ApiKey>();
    expect((await w.call(w.manager, 'POST', `/api/company/${w.acmeId}/api-keys/${bulk.id}/revoke`)).statusCode).toBe(200);
    expect((await w.createKey({ name: 'In its place' })).statusCode).toBe(201);
    // the others back out of the way of the tests that follow
    await w.t.db.db.execute(sql`UPDATE api_keys SET revoked_at = now() WHERE name LIKE 'Bulk %' OR name = 'In its place'`);
  });

  it('documents the integration API in /docs: its own tag, the API-key scheme, every call with its body and answers', async () => {
    const doc = (await w.t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain('Integration API');
    for (const call of ['balance', 'consume', 'freeze', 'unfreeze', 'return', 'cancel', 'activate-and-sell']) {
      const op = doc.paths[`/api/integration/v1/giftcards/${call}`]?.post;
      expect(op, call).toBeDefined();
      expect(op.tags).toEqual(['Integration API']);
      expect(op.security).toEqual([{ apiKey: [] }]);
      expect(op.requestBody).toBeDefined();
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
    }
    expect(doc.paths['/api/company/{companyId}/api-keys'].post).toBeDefined();
  });
});
