import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHost, type ApiHost } from '../../host/api-host';
import { fetchVia } from '../../host/fetch';
import { createMemoryStorage } from '../../lib/files.memory';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../test/app';
import { SIGN_IN_URL } from '../../test/auth';
import { EVERY_TYPE, fileOf, PNG_BYTES, REQUIRED_ANSWERS } from '../../test/support/tickets';

/** The demo runs the API in the browser on the in-process host (server/host/lite.ts) with files in memory: a ticket's life works there too, its files included. */
describe('tickets on the in-process host (demo mode)', () => {
  let hostApp: TestApp;
  let host: ApiHost;
  let call: (method: string, url: string, body?: unknown) => Promise<{ status: number; headers: Headers; bytes: Uint8Array; json: () => any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  let token = '';

  beforeAll(async () => {
    hostApp = await createTestApp('pglite');
    host = await createApiHost({ config: hostApp.config, db: hostApp.db.db, keys: hostApp.app.ctx.keys, clock: hostApp.app.ctx.clock, mailTransport: null, files: createMemoryStorage() });
    const doFetch = fetchVia(host.handle);
    call = async (method, url, body) => {
      const res = await doFetch(url, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(new TextDecoder().decode(bytes)) };
    };
    const signed = (await call('POST', SIGN_IN_URL, { email: 'admin@tessera.test', password: DEMO_PASSWORD, tenantId: 'tessera', returnSecureToken: true })).json();
    token = (await call('POST', '/api/auth/token-exchange', { fireBaseToken: signed.idToken })).json().accessToken;
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await hostApp?.close();
  });

  it('creates a category and a ticket with a file, refuses a renamed one, answers and downloads the file', async () => {
    const company = (await call('GET', '/api/user/configuration')).json().company.id as string;
    const url = (path: string) => `/api/company/${company}${path}`;
    const category = await call('POST', url('/ticket-categories'), EVERY_TYPE);
    expect(category.status).toBe(201);
    const ticket = { categoryId: category.json().id, priority: 'LOW', description: 'Demo ticket', answers: REQUIRED_ANSWERS };
    const renamed = await call('POST', url('/tickets'), { ...ticket, attachments: [fileOf(PNG_BYTES, 'scan.pdf', 'application/pdf')] });
    expect(renamed.status).toBe(415);
    const created = await call('POST', url('/tickets'), { ...ticket, attachments: [fileOf(PNG_BYTES, 'scan.png', 'image/png')] });
    expect(created.status).toBe(201);
    const { id, attachments } = created.json();
    const answered = await call('POST', url(`/tickets/${id}/messages`), { body: 'Seen', status: 'WAITING_FOR_CUSTOMER' });
    expect(answered.json()).toMatchObject({ status: 'WAITING_FOR_CUSTOMER', messageCount: 1 });
    await host.ctx.jobs.drain();
    const file = await call('GET', url(`/tickets/${id}/attachments/${attachments[0].id}`));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''scan.png");
    expect(Buffer.from(file.bytes).equals(PNG_BYTES)).toBe(true);
  });
});
