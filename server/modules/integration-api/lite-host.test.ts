import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHost, type ApiHost } from '../../host/api-host';
import { fetchVia } from '../../host/fetch';
import { createMemoryStorage } from '../../lib/files.memory';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../test/app';
import { SIGN_IN_URL } from '../../test/auth';
import { addStore, companyIdOf } from '../../test/builders';
import { addCard, addTypology } from '../../test/support/giftcards';

/** The demo serves the API on the in-process host (server/host/lite.ts): keys are made there, and the integration API answers at its own paths. */
describe('API keys and the integration API on the in-process host (demo mode)', () => {
  let hostApp: TestApp;
  let host: ApiHost;
  let call: (method: string, url: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; headers: Headers; json: () => any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  let token = '';

  beforeAll(async () => {
    hostApp = await createTestApp('pglite');
    host = await createApiHost({ config: hostApp.config, db: hostApp.db.db, keys: hostApp.app.ctx.keys, clock: hostApp.app.ctx.clock, mailTransport: null, files: createMemoryStorage() });
    const doFetch = fetchVia(host.handle);
    call = async (method, url, body, headers = {}) => {
      const res = await doFetch(url, { method, headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, headers: res.headers, json: () => JSON.parse(text) };
    };
    const signed = (await call('POST', SIGN_IN_URL, { email: 'admin@tessera.test', password: DEMO_PASSWORD, tenantId: 'tessera', returnSecureToken: true })).json();
    token = (await call('POST', '/api/auth/token-exchange', { fireBaseToken: signed.idToken })).json().accessToken;
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await hostApp?.close();
  });

  it('creates a key, consumes with it once under its Idempotency-Key, refuses the session there', async () => {
    const db = hostApp.db.db;
    const acmeId = await companyIdOf(db, 'ACME');
    await addStore(db, acmeId, 'DEMO-T1');
    const card = await addCard(db, { companyId: acmeId, typologyId: await addTypology(db), balanceCents: 3000 });
    const created = await call('POST', `/api/company/${acmeId}/api-keys`, { name: 'Demo shop', scopes: ['giftcards.balance', 'giftcards.move'] });
    expect(created.status).toBe(201);
    const key = created.json().key as string;
    const session = await call('POST', '/api/integration/v1/giftcards/balance', { code: card.code });
    expect(session.status).toBe(401);
    expect(session.json().error.message).toBe('API_KEY_INVALID');
    token = key;
    const body = { code: card.code, amountCents: 1250, storeCode: 'DEMO-T1' };
    const first = await call('POST', '/api/integration/v1/giftcards/consume', body, { 'idempotency-key': 'demo-1' });
    expect(first.status).toBe(200);
    expect(first.json().card.balanceCents).toBe(1750);
    const replay = await call('POST', '/api/integration/v1/giftcards/consume', body, { 'idempotency-key': 'demo-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await call('POST', '/api/integration/v1/giftcards/balance', { code: card.code })).json().balanceCents).toBe(1750);
    // the key is not a session
    expect((await call('GET', `/api/company/${acmeId}/api-keys`)).status).toBe(401);
  });
});
