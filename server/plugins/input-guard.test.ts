import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { createApiHost, type ApiHost } from '../host/api-host';
import { fetchVia } from '../host/fetch';
import { createMemoryStorage } from '../lib/files.memory';
import { findNul } from '../lib/nul';
import { multipartFile, PNG_BYTES } from '../test/support/companies';
import { idem, integrationWorld, type IntegrationWorld } from '../test/support/integration';
import { INTEGRATION_PREFIX } from '../modules/integration-api/plugin';
import { EVERY_TYPE, REQUIRED_ANSWERS } from '../test/support/tickets';
import { DEMO_PASSWORD } from '../seed/demo';
import { bearer, login, SIGN_IN_URL, uniqueIp } from '../test/auth';
import { companyIdOf } from '../test/builders';
import { DRIVERS } from '../test/db';

const NUL = '\u0000';
const refusal = (field: string) => ({ status: 400, error: { message: 'VALIDATION_ERROR' }, errors: { [field]: 'validation.nulCharacter' } });

describe('findNul', () => {
  it('names the path of the first string or key holding a NUL, at any depth', () => {
    expect(findNul({ a: 'ok', b: [1, { c: `x${NUL}` }] })).toBe('b.1.c');
    expect(findNul({ [`k${NUL}`]: 'v' })).toBe('k');
    expect(findNul(`a${NUL}`, 'code')).toBe('code');
    expect(findNul({ a: 'clean', n: 1, t: true, z: null, list: ['x', 'y'] })).toBeNull();
    expect(findNul(undefined)).toBeNull();
  });

  it('walks a very deep body without overflowing the stack', () => {
    let deep: unknown = `x${NUL}`;
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findNul(deep)).toMatch(/^0(\.0)+$/);
  });
});

describe.each(DRIVERS)('the server-wide text guard: NUL, controls, bidi, line breaks, NFC (%s)', (driver) => {
  let w: IntegrationWorld;
  let operator: string;
  let categoryId: string;
  const count = async (table: string) => (await queryRows<{ n: number }>(w.t.db.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0].n;

  beforeAll(async () => {
    w = await integrationWorld(driver);
    operator = (await login(w.t.app, 'operator@acme.test')).accessToken;
    const made = await w.call(w.admin, 'POST', `/api/company/${await tesseraId()}/ticket-categories`, EVERY_TYPE);
    expect(made.statusCode, made.body).toBe(201);
    categoryId = made.json().id;
  });
  afterAll(() => w?.t.close());
  const tesseraId = () => companyIdOf(w.t.db.db, 'TESSERA');

  it('refuses a NUL in the integration API: consume code and storeCode, and an order number in the path (%00); nothing moves', async () => {
    const till = await w.key({ name: 'Till', scopes: ['giftcards.balance', 'giftcards.move'] });
    const shop = await w.key({ name: 'Shop', scopes: ['orders.create'] }, w.admin);
    const card = await w.card(5000);
    const moves = await count('gift_card_transactions');
    const code = await w.api(till.key, '/giftcards/consume', { code: `${card.code}${NUL}`, amountCents: 100 }, idem());
    expect(code.statusCode, code.body).toBe(400);
    expect(code.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(code.json()).toMatchObject(refusal('code'));
    const store = await w.api(till.key, '/giftcards/consume', { code: card.code, amountCents: 100, storeCode: `ACME${NUL}-T1` }, idem());
    expect(store.json()).toMatchObject(refusal('storeCode'));
    const balance = await w.api(till.key, '/giftcards/balance', { code: `${NUL}` });
    expect(balance.json()).toMatchObject(refusal('code'));
    const order = await w.t.app.inject({ method: 'GET', url: `${INTEGRATION_PREFIX}/orders/WEB-1%00`, headers: bearer(shop.key) });
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json()).toMatchObject(refusal('orderNumber'));
    const header = await w.t.app.inject({ method: 'POST', url: `${INTEGRATION_PREFIX}/giftcards/consume`, headers: { ...bearer(till.key), 'idempotency-key': `till${NUL}1` }, payload: { code: card.code, amountCents: 100 } });
    expect(header.statusCode, header.body).toBe(400);
    expect(header.json()).toMatchObject(refusal('idempotency-key'));
    expect(await count('gift_card_transactions')).toBe(moves);
    expect(w.t.rawLogs.join('\n')).not.toContain('invalid byte sequence');
  });

  it('refuses a NUL in the profile address; the row keeps its value', async () => {
    const nora = (await login(w.t.app, 'noaccess@acme.test')).accessToken;
    const before = await queryRows(w.t.db.db, sql`SELECT address, city, updated_at FROM users WHERE email = 'noaccess@acme.test'`);
    const profile = { firstName: 'Nora', lastName: 'Nessuno', email: 'noaccess@acme.test', phoneCountry: '+39', phone: '3339876543', address: `Via Roma 1${NUL}`, city: 'Milano', state: 'MI', zip: '20100', country: 'Italia' };
    const res = await w.t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: bearer(nora), payload: profile });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject(refusal('address'));
    expect(await queryRows(w.t.db.db, sql`SELECT address, city, updated_at FROM users WHERE email = 'noaccess@acme.test'`)).toEqual(before);
  });

  it('refuses a NUL in a ticket: the description, an answer at depth, an attachment name; a list query; a path parameter; no ticket written', async () => {
    const tickets = await count('tickets');
    const url = `/api/company/${w.acmeId}/tickets`;
    const open = (extra: Record<string, unknown>) =>
      w.call(operator, 'POST', url, { categoryId, priority: 'MEDIUM', description: 'The card does not work', answers: REQUIRED_ANSWERS, ...extra });
    expect((await open({ description: `The card${NUL} does not work` })).json()).toMatchObject(refusal('description'));
    expect((await open({ answers: { ...REQUIRED_ANSWERS, title: `Broken${NUL}` } })).json()).toMatchObject(refusal('answers.title'));
    const attachment = await open({ attachments: [{ name: `a${NUL}.png`, type: 'image/png', content: PNG_BYTES.toString('base64') }] });
    expect(attachment.json()).toMatchObject(refusal('attachments.0.name'));
    expect(await count('tickets')).toBe(tickets);

    const list = await w.call(operator, 'GET', `${url}?filter=${encodeURIComponent(`{"q":"card${NUL}"}`)}`);
    expect(list.statusCode, list.body).toBe(400);
    expect(list.json()).toMatchObject(refusal('filter'));
    // written as \u0000 inside the filter's JSON: refused on the filter's own field
    const escaped = await w.call(operator, 'GET', `${url}?filter=${encodeURIComponent(JSON.stringify({ q: `card${NUL}` }))}`);
    expect(escaped.statusCode, escaped.body).toBe(400);
    expect(escaped.json()).toMatchObject(refusal('q'));
    const path = await w.call(operator, 'GET', `${url}/abc%00`);
    expect(path.json()).toMatchObject(refusal('id'));
    // an unauthenticated caller is refused the same way: nothing reads the request first
    const anonymous = await w.t.app.inject({ method: 'GET', url: `/api/company/${w.acmeId}%00/tickets` });
    expect(anonymous.json()).toMatchObject(refusal('companyId'));
  });

  it('an impossible day in the tickets list filter answers 400 on its field, never 500 (issue 38)', async () => {
    const list = (filter: Record<string, string>) => w.call(operator, 'GET', `/api/company/${w.acmeId}/tickets?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    for (const [field, value] of [['createdFrom', '2026-02-31'], ['createdTo', '2026-13-01'], ['createdFrom', '2026-02-31T10:00:00Z']]) {
      const res = await list({ [field]: value });
      expect(res.statusCode, `${field}=${value}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: 'VALIDATION_ERROR' }, errors: { [field]: 'validation.invalid' } });
    }
    expect((await list({ createdFrom: '2024-02-29', createdTo: '2026-02-28T23:59:59.999Z' })).statusCode).toBe(200);
  });

  it('refuses a NUL in a multipart file name (a company logo); the company keeps no logo', async () => {
    const target = w.acmeId;
    const body = multipartFile(`logo${NUL}.png`, 'image/png', PNG_BYTES);
    const res = await w.t.app.inject({ method: 'POST', url: `/api/company/${await tesseraId()}/companies/${target}/logo`, headers: { ...bearer(w.admin), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject(refusal('file'));
    const shown = await w.call(w.admin, 'GET', `/api/company/${await tesseraId()}/companies/${target}`);
    expect(shown.json().hasLogo).toBe(false);
  });

  // ---- issue 38: the whole text rule, not NUL alone

  const nora = async () => (await login(w.t.app, 'noaccess@acme.test')).accessToken;
  const noraProfile = { firstName: 'Nora', lastName: 'Nessuno', email: 'noaccess@acme.test', phoneCountry: '+39', phone: '3339876543', address: 'Via Roma 1', city: 'Milano', state: 'MI', zip: '20100', country: 'Italia' };
  const noraRow = () => queryRows<{ first_name: string; address: string | null; city: string | null; country: string | null; updated_at: unknown }>(w.t.db.db, sql`SELECT first_name, address, city, country, updated_at FROM users WHERE email = 'noaccess@acme.test'`);
  const putProfile = async (token: string, changes: Record<string, unknown>) =>
    w.t.app.inject({ method: 'PUT', url: '/api/user/profile', headers: bearer(token), payload: { ...noraProfile, ...changes } });
  const refused = (field: string, message: string) => ({ status: 400, error: { message: 'VALIDATION_ERROR' }, errors: { [field]: message } });

  it('refuses a bidi override and terminal escapes in the profile, naming the field and the character; the row keeps its values', async () => {
    const token = await nora();
    const before = await noraRow();
    const bidi = await putProfile(token, { city: 'Tor\u202Eino' });
    expect(bidi.statusCode, bidi.body).toBe(400);
    expect(bidi.json()).toMatchObject(refused('city', 'validation.bidiCharacter?char=U%2B202E'));
    const escape = await putProfile(token, { country: 'Ita\u001b[31mlia\u0007' });
    expect(escape.statusCode, escape.body).toBe(400);
    expect(escape.json()).toMatchObject(refused('country', 'validation.controlCharacter?char=U%2B001B'));
    const c1 = await putProfile(token, { address: 'Via Roma\u0085 1' });
    expect(c1.json()).toMatchObject(refused('address', 'validation.controlCharacter?char=U%2B0085'));
    expect(await noraRow()).toEqual(before);
  });

  it('refuses a line break in a single-line field (the city), where the guard lets it through', async () => {
    const token = await nora();
    const before = await noraRow();
    for (const city of ['Mil\nano', 'Mil\r\nano', 'Mil\tano']) {
      const res = await putProfile(token, { city });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ city: expect.stringMatching(/^validation\.lineBreak\?char=U%2B000[9AD]$/) });
    }
    expect(await noraRow()).toEqual(before);
  });

  it('stores a name typed decomposed in NFC: "Jose\u0301" is "José"', async () => {
    const token = await nora();
    const res = await putProfile(token, { firstName: 'Jose\u0301', city: '  Zu\u0308rich  ' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await noraRow();
    expect(row.first_name).toBe('Jos\u00e9');
    expect(row.first_name).toHaveLength(4);
    expect(row.city).toBe('Z\u00fcrich');
    const again = await putProfile(token, { firstName: 'Nora' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses a ticket attachment named with a bidi override (invoice\u202Efdp.png); nothing written', async () => {
    const tickets = await count('tickets');
    const attachments = await count('ticket_attachments');
    const res = await w.call(operator, 'POST', `/api/company/${w.acmeId}/tickets`, {
      categoryId,
      priority: 'MEDIUM',
      description: 'The invoice',
      answers: REQUIRED_ANSWERS,
      attachments: [{ name: 'invoice\u202Efdp.png', type: 'image/png', content: PNG_BYTES.toString('base64') }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject(refused('attachments.0.name', 'validation.bidiCharacter?char=U%2B202E'));
    expect(await count('tickets')).toBe(tickets);
    expect(await count('ticket_attachments')).toBe(attachments);
  });

  it('takes a ticket description on several lines (a multi-line field) and keeps its line breaks', async () => {
    const description = 'The card does not work.\nTried twice:\n\t- at the till\n\t- online';
    const res = await w.call(operator, 'POST', `/api/company/${w.acmeId}/tickets`, { categoryId, priority: 'MEDIUM', description, answers: REQUIRED_ANSWERS });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await queryRows<{ description: string }>(w.t.db.db, sql`SELECT description FROM tickets WHERE id = ${res.json().id}`);
    expect(row.description).toBe(description);
  });

  it('refuses a control character in a multipart file name (a company logo); the company keeps no logo', async () => {
    const target = w.acmeId;
    const body = multipartFile('logo\u0007.png', 'image/png', PNG_BYTES);
    const res = await w.t.app.inject({ method: 'POST', url: `/api/company/${await tesseraId()}/companies/${target}/logo`, headers: { ...bearer(w.admin), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject(refused('file', 'validation.controlCharacter?char=U%2B0007'));
    const shown = await w.call(w.admin, 'GET', `/api/company/${await tesseraId()}/companies/${target}`);
    expect(shown.json().hasLogo).toBe(false);
  });

  it('answers the Identity Toolkit way under /identity: INVALID_ARGUMENT', async () => {
    const res = await w.t.app.inject({ method: 'POST', url: SIGN_IN_URL, remoteAddress: uniqueIp(), payload: { email: `admin${NUL}@tessera.test`, password: DEMO_PASSWORD, tenantId: 'tessera', returnSecureToken: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('INVALID_ARGUMENT');
  });
});

describe('the NUL guard on the in-process host (demo mode)', () => {
  let w: IntegrationWorld;
  let host: ApiHost;
  beforeAll(async () => {
    w = await integrationWorld('pglite');
    const t = w.t;
    host = await createApiHost({ config: t.config, db: t.db.db, keys: t.app.ctx.keys, clock: t.app.ctx.clock, mailTransport: null, files: createMemoryStorage() });
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await w?.t.close();
  });

  it('refuses a NUL in a JSON body, a query and a path parameter with the same 400', async () => {
    const doFetch = fetchVia(host.handle);
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await doFetch(url, { method, headers: { authorization: `Bearer ${w.admin}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, json: JSON.parse(await res.text()) as unknown };
    };
    const profile = await call('PUT', '/api/user/profile', { firstName: 'Ke', lastName: `Ys${NUL}` });
    expect(profile).toMatchObject({ status: 400, json: refusal('lastName') });
    const list = await call('GET', `/api/company/${w.acmeId}/tickets?filter=${encodeURIComponent(`{"q":"${NUL}"}`)}`);
    expect(list).toMatchObject({ status: 400, json: refusal('filter') });
    const path = await call('GET', `/api/company/${w.acmeId}/tickets/x%00`);
    expect(path).toMatchObject({ status: 400, json: refusal('id') });
  });
});
