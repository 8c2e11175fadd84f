import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHost, type ApiHost } from '../../host/api-host';
import { fetchVia } from '../../host/fetch';
import { createMemoryStorage } from '../../lib/files.memory';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../test/app';
import { SIGN_IN_URL } from '../../test/auth';
import { csvFile, italianCsv } from '../../test/support/square';

/**
 * The demo runs the API in the browser on the in-process host (server/host/lite.ts) with files in
 * memory: an order's whole life works there too, refusals with their `validation` body included.
 */
describe('square orders on the in-process host (demo mode)', () => {
  let hostApp: TestApp;
  let host: ApiHost;
  let call: (method: string, url: string, body?: unknown) => Promise<{ status: number; type: string; text: string; json: () => any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  let token = '';

  beforeAll(async () => {
    hostApp = await createTestApp('pglite');
    host = await createApiHost({ config: hostApp.config, db: hostApp.db.db, keys: hostApp.app.ctx.keys, clock: hostApp.app.ctx.clock, mailTransport: null, files: createMemoryStorage() });
    const doFetch = fetchVia(host.handle);
    call = async (method, url, body) => {
      const res = await doFetch(url, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, type: res.headers.get('content-type') ?? '', text, json: () => JSON.parse(text) };
    };
    const signed = (await call('POST', SIGN_IN_URL, { email: 'admin@tessera.test', password: DEMO_PASSWORD, tenantId: 'tessera', returnSecureToken: true })).json();
    token = (await call('POST', '/api/auth/token-exchange', { fireBaseToken: signed.idToken })).json().accessToken;
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await hostApp?.close();
  });

  it('validates, refuses with the validation, creates, confirms, activates and exports', async () => {
    const company = (await call('GET', '/api/user/configuration')).json().company.id as string;
    const url = (path: string) => `/api/company/${company}/square${path}`;
    const order = { host: 'shop.example.com', referentEmail: 'r@tessera.test', typology: 'GIFT', validMonths: 12 };
    const bad = await call('POST', url('/orders'), { ...order, file: csvFile(italianCsv([['nope', 'Anna', 'Verdi', '10,00']])) });
    expect(bad.status).toBe(400);
    expect(bad.type).toContain('application/problem+json');
    expect(bad.json()).toMatchObject({ error: { message: 'SQUARE_ROWS_INVALID' }, validation: { errorCount: 1, problems: [{ line: 2, column: 'email' }] } });

    const created = await call('POST', url('/orders'), { ...order, file: csvFile(italianCsv([['anna@example.com', 'Anna', 'Verdi', '10,00']])) });
    expect(created.status, created.text).toBe(201);
    const id = created.json().id as string;
    await host.ctx.jobs.drain();
    for (const action of ['confirm', 'activate']) {
      expect((await call('POST', url(`/orders/${id}/${action}`))).status).toBe(200);
      await host.ctx.jobs.drain();
    }
    const active = (await call('GET', url(`/orders/${id}`))).json();
    expect(active.status).toBe('ACTIVE');
    // one e-mail, in whatever state the sender left it
    expect(Object.values(active.deliveries as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(1);
    const csv = await call('GET', url(`/orders/${id}/reconciliation?lang=it`));
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(';anna@example.com;Anna;Verdi;10,00;10,00;Venduto;');
    expect((await call('GET', url(`/codes?filter=${encodeURIComponent(JSON.stringify({ orderId: id }))}`))).json()).toEqual([expect.objectContaining({ email: 'anna@example.com', status: 'SOLD' })]);
  });
});
