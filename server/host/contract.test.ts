import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo';
import { seedDemoData } from '../seed/demo';
import { createMemoryStorage } from '../lib/files.memory';
import { createTestApp, type TestApp } from '../test/app';
import { SIGN_IN_URL } from '../test/auth';
import { injectFetch } from '../test/inject-fetch';
import { createApiHost, type ApiHost } from './api-host';
import { fetchVia } from './fetch';

/**
 * The contract between the Node server and the in-process host (issue 15): the same scenarios,
 * as HTTP requests, against the server (`inject`) and against the host's request handler, each
 * on its own PGlite seeded as `npm start` seeds it. Each run writes a transcript of what a
 * client relies on (status, error code, field errors, body shape, Content-Range shape); the
 * two transcripts must be equal. Ids differ between the two databases, so a scenario finds the
 * ids it needs in its own answers.
 */

interface Answer {
  status: number;
  headers: Record<string, string>;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}
type Call = (method: string, url: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }) => Promise<Answer>;

/** A value's shape: its keys and their types, arrays by their first element. */
function shape(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (typeof value === 'object') return Object.fromEntries(Object.keys(value as object).sort().map((key) => [key, shape((value as Record<string, unknown>)[key])]));
  return typeof value;
}

const parse = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Requests through a `fetch`: the server's through `inject`, the host's through `fetchVia`. */
function callVia(doFetch: typeof fetch): Call {
  return async (method, url, options = {}) => {
    const res = await doFetch(url, {
      method,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => (headers[name] = value));
    // the bytes as sent: a file's byte-order mark is kept (res.text() would drop it)
    return { status: res.status, headers, json: parse(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())) };
  };
}

interface Entry {
  step: string;
  status: number;
  code?: string;
  errors?: unknown;
  range?: string;
  type?: string;
  shape: unknown;
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const list = (range: [number, number], sort: [string, 'ASC' | 'DESC'] | null, filter: Record<string, unknown>) =>
  `range=${q(range)}${sort ? `&sort=${q(sort)}` : ''}&filter=${q(filter)}`;

/** The whole scenario on one host: its transcript. */
async function scenario(call: Call, drain: () => Promise<unknown>): Promise<Entry[]> {
  const transcript: Entry[] = [];
  const record = async (step: string, method: string, url: string, options?: Parameters<Call>[2]) => {
    const answer = await call(method, url, options);
    const contentType = answer.headers['content-type']?.split(';')[0];
    transcript.push({
      step,
      status: answer.status,
      ...(answer.json?.error?.message ? { code: answer.json.error.message } : {}),
      ...(answer.json?.errors ? { errors: answer.json.errors } : {}),
      ...(answer.headers['content-range'] ? { range: answer.headers['content-range'].replace(/\d+/g, 'n') } : {}),
      ...(contentType ? { type: contentType } : {}),
      shape: shape(answer.json),
    });
    return answer;
  };
  const signIn = async (email: string) => {
    const signed = await record(`sign-in ${email}`, 'POST', SIGN_IN_URL, { body: { email, password: DEMO_PASSWORD, tenantId: 'tessera', returnSecureToken: true } });
    const session = await record(`token exchange ${email}`, 'POST', '/api/auth/token-exchange', { body: { fireBaseToken: signed.json.idToken } });
    const config = await record(`configuration ${email}`, 'GET', '/api/user/configuration', { token: session.json.accessToken });
    return { token: session.json.accessToken as string, companyId: config.json.company.id as string };
  };

  // --- session refusals
  await record('wrong password', 'POST', SIGN_IN_URL, { body: { email: 'admin@tessera.test', password: 'not-it', tenantId: 'tessera', returnSecureToken: true } });
  await record('no token', 'GET', '/api/user/configuration');
  await record('no route', 'GET', '/api/nothing-here');

  const admin = await signIn('admin@tessera.test');
  const operator = await signIn('operator@acme.test');
  const referent = await signIn('referent@acme.test');
  const nord = await signIn('operator@acme-nord.test');
  const noAccess = await signIn('noaccess@acme.test');
  const api = (companyId: string, path: string) => `/api/company/${companyId}${path}`;

  // --- companies, operators, stores: list with a filter and a sort, a record, a create and an edit
  const companies = await record('companies list', 'GET', `${api(admin.companyId, '/companies')}?${list([0, 9], ['companyName', 'ASC'], { q: 'Acme' })}`, { token: admin.token });
  const acme = companies.json.find((c: { companyName: string }) => c.companyName === 'Acme S.p.A.');
  expect(acme, 'Acme among the companies').toBeDefined();
  await record('company record', 'GET', api(admin.companyId, `/companies/${acme.id}`), { token: admin.token });
  await record('company out of scope', 'GET', api(operator.companyId, `/companies/${admin.companyId}`), { token: operator.token });
  await record('company scope refused', 'GET', `${api(admin.companyId, '/companies')}?${list([0, 9], null, {})}`, { token: operator.token });
  await record('operators list', 'GET', `${api(admin.companyId, '/operators')}?${list([0, 9], ['lastName', 'ASC'], { q: 'a' })}`, { token: admin.token });
  await record('stores list', 'GET', `${api(operator.companyId, '/stores')}?${list([0, 9], ['name', 'DESC'], { q: 'a' })}`, { token: operator.token });
  const store = await record('store create', 'POST', api(operator.companyId, '/stores'), { token: operator.token, body: { code: 'CONTRACT-1', name: 'Contract store', storeCategoryId: 'RETAIL' } });
  await record('store create twice', 'POST', api(operator.companyId, '/stores'), { token: operator.token, body: { code: 'CONTRACT-1', name: 'Contract store', storeCategoryId: 'RETAIL' } });
  await record('store create invalid', 'POST', api(operator.companyId, '/stores'), { token: operator.token, body: { code: '', name: 'x'.repeat(500) } });
  await record('store record', 'GET', api(operator.companyId, `/stores/${store.json.id}`), { token: operator.token });
  await record('store edit', 'PUT', api(operator.companyId, `/stores/${store.json.id}`), { token: operator.token, body: { code: 'CONTRACT-1', name: 'Contract store, renamed', storeCategoryId: 'RETAIL' } });
  await record('store malformed id', 'GET', api(operator.companyId, '/stores/not-a-uuid'), { token: operator.token });
  await record('stores without permission', 'GET', `${api(noAccess.companyId, '/stores')}?${list([0, 9], null, {})}`, { token: noAccess.token });

  // --- catalog: typologies, batches (a job run to completion)
  const typologies = await record('typologies list', 'GET', `${api(operator.companyId, '/giftcard/typologies')}?${list([0, 49], ['name', 'ASC'], { type: 'PHYSICAL' })}`, { token: operator.token });
  const physical = typologies.json[0];
  expect(physical, 'a physical typology of Acme').toBeDefined();
  await record('typology record', 'GET', api(operator.companyId, `/giftcard/typologies/${physical.id}`), { token: operator.token });
  await record('batches without permission', 'GET', `${api(operator.companyId, '/giftcard/batches')}?${list([0, 9], null, {})}`, { token: operator.token });
  await record('batches list', 'GET', `${api(acme.id, '/giftcard/batches')}?${list([0, 9], ['createdAt', 'DESC'], { status: 'COMPLETED' })}`, { token: admin.token });
  const batch = await record('batch create', 'POST', api(acme.id, '/giftcard/batches'), { token: admin.token, body: { lotNumber: 'CONTRACT-LOT', typologyId: physical.id, quantity: 25 } });
  await record('batch create refused', 'POST', api(acme.id, '/giftcard/batches'), { token: admin.token, body: { lotNumber: 'CONTRACT-LOT-2', typologyId: physical.id, quantity: 0 } });
  await drain();
  const completed = await record('batch completed', 'GET', api(acme.id, `/giftcard/batches/${batch.json.id}`), { token: admin.token });
  expect(completed.json.status, 'the batch job ran to completion').toBe('COMPLETED');
  // the PDF archive: made by its job into the file storage, then streamed back from it
  await record('batch archive not ready', 'GET', api(acme.id, `/giftcard/batches/${batch.json.id}/archive`), { token: admin.token });
  await record('batch archive requested', 'POST', api(acme.id, `/giftcard/batches/${batch.json.id}/archive`), { token: admin.token });
  await drain();
  const archived = await record('batch archived', 'GET', api(acme.id, `/giftcard/batches/${batch.json.id}`), { token: admin.token });
  expect(archived.json, 'the archive job ran to completion').toMatchObject({ archiveStatus: 'COMPLETED', archiveCount: 25 });
  const archive = await record('batch archive download', 'GET', api(acme.id, `/giftcard/batches/${batch.json.id}/archive`), { token: admin.token });
  expect(String(archive.json).slice(0, 5), 'a PDF').toBe('%PDF-');

  // --- gift cards and their ledger: a reload replayed with its Idempotency-Key
  const cards = await record('cards list', 'GET', `${api(operator.companyId, '/giftcard/cards')}?${list([0, 9], ['progressive', 'DESC'], { status: 'active' })}`, { token: operator.token });
  const card = cards.json[0];
  expect(card, 'an active card of Acme').toBeDefined();
  await record('card record', 'GET', api(operator.companyId, `/giftcard/cards/${card.id}`), { token: operator.token });
  const key = randomUUID();
  await record('card reload', 'POST', api(operator.companyId, `/giftcard/cards/${card.id}/reload`), { token: operator.token, body: { amountCents: 1234 }, headers: { 'idempotency-key': key } });
  await record('card reload replayed', 'POST', api(operator.companyId, `/giftcard/cards/${card.id}/reload`), { token: operator.token, body: { amountCents: 1234 }, headers: { 'idempotency-key': key } });
  await record('card reload key reused', 'POST', api(operator.companyId, `/giftcard/cards/${card.id}/reload`), { token: operator.token, body: { amountCents: 99 }, headers: { 'idempotency-key': key } });
  await record('card reload refused', 'POST', api(operator.companyId, `/giftcard/cards/${card.id}/reload`), { token: operator.token, body: { amountCents: -5 } });
  await record('card transactions', 'GET', `${api(operator.companyId, `/giftcard/cards/${card.id}/transactions`)}?${list([0, 9], ['createdAt', 'DESC'], {})}`, { token: operator.token });
  await record('transactions list', 'GET', `${api(operator.companyId, '/giftcard/transactions')}?${list([0, 9], ['createdAt', 'DESC'], { type: 'recharge' })}`, { token: operator.token });
  await record('transactions bad filter', 'GET', `${api(operator.companyId, '/giftcard/transactions')}?${list([0, 9], null, { type: 'RECHARGE' })}`, { token: operator.token });
  const csv = await record('cards CSV', 'GET', `${api(operator.companyId, '/giftcard/cards/export')}?lang=it&filter=${q({ status: 'active' })}`, { token: operator.token });
  expect(String(csv.json).split('\r\n')[0], 'the CSV header row').toContain(';');
  await record('cards CSV bad language', 'GET', `${api(operator.companyId, '/giftcard/cards/export')}?lang=xx`, { token: operator.token });
  await record('card of another company', 'GET', api(nord.companyId, `/giftcard/cards/${card.id}`), { token: admin.token });

  // --- orders: list, record, a draft created and edited, a refusal
  const orders = await record('orders list', 'GET', `${api(admin.companyId, '/giftcard/orders')}?${list([0, 9], ['number', 'DESC'], { state: 'COMPLETED' })}`, { token: admin.token });
  if (orders.json[0]) {
    await record('order record', 'GET', api(admin.companyId, `/giftcard/orders/${orders.json[0].id}`), { token: admin.token });
    await record('order codes CSV', 'GET', `${api(admin.companyId, `/giftcard/orders/${orders.json[0].id}/codes`)}?format=csv&lang=en`, { token: admin.token });
    await record('order codes PDF', 'GET', `${api(admin.companyId, `/giftcard/orders/${orders.json[0].id}/codes`)}?format=pdf`, { token: admin.token });
  }
  await record('acquired orders list', 'GET', `${api(acme.id, '/giftcard/acquired-orders')}?${list([0, 9], ['createdAt', 'DESC'], {})}`, { token: admin.token });
  const draft = await record('order draft create', 'POST', api(admin.companyId, '/giftcard/orders'), { token: admin.token, body: { subCompanyId: acme.id, shippingType: 'DIGITAL' } });
  await record('order draft confirm refused', 'POST', api(admin.companyId, `/giftcard/orders/${draft.json.id}/confirm`), { token: admin.token, body: {}, headers: { 'idempotency-key': randomUUID() } });

  // --- reloadables: wallet and its ledger, cards, users, runs, notifications
  await record('wallet', 'GET', api(nord.companyId, '/reloadable/wallet'), { token: nord.token });
  await record('wallet movements', 'GET', `${api(nord.companyId, '/reloadable/wallet/movements')}?${list([0, 9], ['createdAt', 'DESC'], { type: 'WALLET_RELOAD' })}`, { token: nord.token });
  const subs = await record('sub-company wallets', 'GET', `${api(referent.companyId, '/reloadable/wallet/sub-companies')}?${list([0, 9], null, {})}`, { token: referent.token });
  const sub = subs.json[0];
  expect(sub, 'a sub-company wallet').toBeDefined();
  const transferKey = randomUUID();
  const transfer = { amountCents: 1000, direction: 'TO_SUB' };
  await record('wallet transfer', 'POST', api(referent.companyId, `/reloadable/wallet/sub-companies/${sub.id}/transfer`), { token: referent.token, body: transfer, headers: { 'idempotency-key': transferKey } });
  await record('wallet transfer replayed', 'POST', api(referent.companyId, `/reloadable/wallet/sub-companies/${sub.id}/transfer`), { token: referent.token, body: transfer, headers: { 'idempotency-key': transferKey } });
  await record('wallet transfer refused', 'POST', api(referent.companyId, `/reloadable/wallet/sub-companies/${sub.id}/transfer`), { token: referent.token, body: { amountCents: 999_999_999_99, direction: 'TO_SUB' }, headers: { 'idempotency-key': randomUUID() } });
  const rcards = await record('reloadable cards list', 'GET', `${api(nord.companyId, '/reloadable/cards')}?${list([0, 9], ['number', 'ASC'], { status: 'ACTIVE' })}`, { token: nord.token });
  const rcard = rcards.json[0];
  expect(rcard, 'an active reloadable card').toBeDefined();
  await record('reloadable card record', 'GET', api(nord.companyId, `/reloadable/cards/${rcard.id}`), { token: nord.token });
  await record('reloadable card history', 'GET', `${api(nord.companyId, `/reloadable/cards/${rcard.id}/history`)}?${list([0, 9], null, {})}`, { token: nord.token });
  await record('reloadable card search too short', 'GET', `${api(nord.companyId, '/reloadable/cards')}?${list([0, 9], null, { q: '53' })}`, { token: nord.token });
  await record('reloadable users', 'GET', `${api(nord.companyId, '/reloadable/users')}?${list([0, 9], null, { q: 'a' })}`, { token: nord.token });
  await record('planned reloads', 'GET', `${api(nord.companyId, '/reloadable/reloads/planned')}?${list([0, 9], null, {})}`, { token: nord.token });
  await record('reload history', 'GET', `${api(nord.companyId, '/reloadable/reloads/history')}?${list([0, 9], null, { source: 'MANUAL' })}`, { token: nord.token });
  await record('notification settings', 'GET', api(nord.companyId, '/reloadable/notifications'), { token: nord.token });
  await record('reloadables out of scope', 'GET', api(acme.id, '/reloadable/wallet'), { token: nord.token });

  // --- tickets: categories, a ticket with a file and its answers, refusals, a message, staff's move, the file
  const categories = await record('ticket categories', 'GET', `${api(operator.companyId, '/ticket-categories')}?${list([0, 49], ['name', 'ASC'], {})}`, { token: operator.token });
  const orderProblem = categories.json.find((c: { fields: Array<{ id: string }> }) => c.fields.some((f) => f.id === 'orderNumber'));
  expect(orderProblem, 'the seed category asking for an order number').toBeDefined();
  await record('ticket category record', 'GET', api(operator.companyId, `/ticket-categories/${orderProblem.id}`), { token: operator.token });
  await record('ticket category write refused', 'PUT', api(operator.companyId, `/ticket-categories/${orderProblem.id}`), { token: operator.token, body: { name: { it: 'x', en: 'x' }, fields: [], active: true } });
  const pdf = { type: 'application/pdf', name: 'contract.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64') };
  const answers = { orderNumber: 42, happenedOn: '2026-11-20' };
  const ticket = await record('ticket create', 'POST', api(operator.companyId, '/tickets'), { token: operator.token, body: { categoryId: orderProblem.id, priority: 'HIGH', description: 'Contract ticket', answers, attachments: [pdf] } });
  await record('ticket create invalid answers', 'POST', api(operator.companyId, '/tickets'), { token: operator.token, body: { categoryId: orderProblem.id, priority: 'HIGH', description: 'Contract ticket', answers: { orderNumber: 'x' } } });
  await record('ticket create file refused', 'POST', api(operator.companyId, '/tickets'), { token: operator.token, body: { categoryId: orderProblem.id, priority: 'HIGH', description: 'Contract ticket', answers, attachments: [{ ...pdf, content: Buffer.from('MZ not a pdf').toString('base64') }] } });
  await record('tickets list', 'GET', `${api(operator.companyId, '/tickets')}?${list([0, 9], ['createdAt', 'DESC'], { status: 'TO_DO' })}`, { token: operator.token });
  await record('ticket record', 'GET', api(operator.companyId, `/tickets/${ticket.json.id}`), { token: operator.token });
  await record('ticket message', 'POST', api(operator.companyId, `/tickets/${ticket.json.id}/messages`), { token: operator.token, body: { body: 'More detail' } });
  await record('ticket status by customer refused', 'POST', api(operator.companyId, `/tickets/${ticket.json.id}/status`), { token: operator.token, body: { status: 'COMPLETED' } });
  await record('ticket status by staff', 'POST', api(admin.companyId, `/tickets/${ticket.json.id}/status`), { token: admin.token, body: { status: 'WAITING_FOR_CUSTOMER' } });
  await record('ticket attachment', 'GET', api(operator.companyId, `/tickets/${ticket.json.id}/attachments/${ticket.json.attachments[0].id}`), { token: operator.token });
  await record('ticket of another company', 'GET', api(nord.companyId, `/tickets/${ticket.json.id}`), { token: nord.token });

  // --- users: list, a colleague created and edited, a grant the referent does not hold, another company's user
  await record('users list', 'GET', `${api(referent.companyId, '/users')}?${list([0, 9], ['lastName', 'ASC'], { q: 'a' })}`, { token: referent.token });
  const colleague = { firstName: 'Carla', lastName: 'Contratto', email: 'carla.contract@acme.test', phoneCountry: '+39', phone: '3331234567', role: 'OPERATOR', permissions: ['ticketing'] };
  const user = await record('user create', 'POST', api(referent.companyId, '/users'), { token: referent.token, body: colleague });
  await record('user record', 'GET', api(referent.companyId, `/users/${user.json.id}`), { token: referent.token });
  await record('user edit', 'PUT', api(referent.companyId, `/users/${user.json.id}`), { token: referent.token, body: { ...colleague, permissions: ['ticketing', 'privative.management.read'] } });
  await record('user grant refused', 'PUT', api(referent.companyId, `/users/${user.json.id}`), { token: referent.token, body: { ...colleague, permissions: ['square.orders'] } });
  const adminUser = await record('configuration of admin', 'GET', '/api/user/configuration', { token: admin.token });
  await record('user of another company', 'GET', api(referent.companyId, `/users/${adminUser.json.user.id}`), { token: referent.token });

  // --- square: orders and codes lists
  await record('square orders', 'GET', `${api(admin.companyId, '/square/orders')}?${list([0, 9], ['createdAt', 'DESC'], { status: 'ACTIVE' })}`, { token: admin.token });
  await record('square codes', 'GET', `${api(admin.companyId, '/square/codes')}?${list([0, 9], ['activationDate', 'DESC'], {})}`, { token: admin.token });
  await record('square without permission', 'GET', `${api(operator.companyId, '/square/orders')}?${list([0, 9], null, {})}`, { token: noAccess.token });

  // the dashboard (issue 21): the summaries the seed's rollup wrote, a year to today
  const year = `from=${new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`;
  await record('dashboard stats', 'GET', `${api(referent.companyId, '/dashboard/stats')}?${year}`, { token: referent.token });
  await record('dashboard stats premium', 'GET', `${api(acme.id, '/dashboard/stats')}?${year}`, { token: admin.token });
  await record('dashboard stats invalid', 'GET', `${api(referent.companyId, '/dashboard/stats')}?from=2026-03-31&to=2026-03-01`, { token: referent.token });
  await record('dashboard without permission', 'GET', `${api(operator.companyId, '/dashboard/stats')}?${year}`, { token: operator.token });
  await record('dashboard embed', 'GET', api(referent.companyId, '/dashboard/embed'), { token: referent.token });
  // --- reports: the types, a generation refused and one run by its job to a file, the download before and after
  await record('report types', 'GET', `${api(operator.companyId, '/giftcard/report')}?lang=en`, { token: operator.token });
  await record('report generate invalid', 'POST', api(operator.companyId, '/giftcard/report/outstanding-balances/generate'), { token: operator.token, body: { parameters: { date: '' } } });
  const report = await record('report generate', 'POST', api(operator.companyId, '/giftcard/report/outstanding-balances/generate'), {
    token: operator.token,
    body: { parameters: { date: '2026-10-31', companyId: '', includeSubCompanies: true }, language: 'it', timeZone: 'Europe/Rome' },
  });
  await record('report not ready', 'GET', api(operator.companyId, `/giftcard/report-generated/${report.json.id}`), { token: operator.token });
  await drain();
  await record('reports list', 'GET', `${api(operator.companyId, '/giftcard/report-generated')}?${list([0, 9], ['createdAt', 'DESC'], { state: 'ready' })}`, { token: operator.token });
  const reportCsv = await record('report download', 'GET', api(operator.companyId, `/giftcard/report-generated/${report.json.id}`), { token: operator.token });
  expect(String(reportCsv.json).split('\r\n')[0], 'the report header row, after the byte-order mark Excel reads').toBe('\uFEFFAzienda;Tipologia;Carte con saldo;Importo residuo');
  await record('report of another subtree', 'GET', api(nord.companyId, `/giftcard/report-generated/${report.json.id}`), { token: admin.token });
  await record('reports without permission', 'GET', `${api(noAccess.companyId, '/giftcard/report-generated')}?${list([0, 9], null, {})}`, { token: noAccess.token });
  return transcript;
}

describe('the in-process host answers as the Node server does', () => {
  let server: TestApp;
  let hostApp: TestApp;
  let host: ApiHost;

  beforeAll(async () => {
    server = await createTestApp('pglite', { seed: false });
    await seedDemoData(server.db.db, { giftcards: true, orders: true });
    // the host's own database, seeded the same way; the app beside it only lends config and keys.
    // Files in memory, as in the browser: the server keeps its own on disk, so the archive steps
    // hold the memory storage to the disk one.
    hostApp = await createTestApp('pglite', { seed: false });
    await seedDemoData(hostApp.db.db, { giftcards: true, orders: true });
    host = await createApiHost({ config: hostApp.config, db: hostApp.db.db, keys: hostApp.app.ctx.keys, clock: hostApp.app.ctx.clock, mailTransport: null, files: createMemoryStorage() });
  }, 120_000);
  afterAll(async () => {
    await host?.close();
    await hostApp?.close();
    await server?.close();
  });

  it('gives the same transcript for every scenario', async () => {
    const expected = await scenario(callVia(injectFetch(() => server.app)), () => server.app.ctx.jobs.drain());
    const actual = await scenario(callVia(fetchVia(host.handle)), () => host.ctx.jobs.drain());
    if (process.env.CONTRACT_PRINT) for (const e of expected) console.log(e.step, e.status, e.code ?? '', e.range ?? '', JSON.stringify(e.errors ?? ''));
    expect(actual.length).toBe(expected.length);
    for (let i = 0; i < expected.length; i += 1) expect(actual[i], expected[i].step).toEqual(expected[i]);
    // the scenario exercised what it claims: refusals, replays and a finished job
    const byStep = Object.fromEntries(expected.map((entry) => [entry.step, entry]));
    expect(byStep['no token'].code).toBe('UNAUTHORIZED');
    expect(byStep['company scope refused'].status).toBe(403);
    expect(byStep['card of another company'].status).toBe(404);
    expect(byStep['store create invalid'].code).toBe('VALIDATION_ERROR');
    expect(byStep['store malformed id'].status).toBe(404);
    expect(byStep['card reload'].status).toBe(200);
    expect(byStep['card reload replayed']).toEqual({ ...byStep['card reload'], step: 'card reload replayed' });
    expect(byStep['card reload key reused'].code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(byStep['wallet transfer'].status).toBeLessThan(300);
    expect(byStep['batch create'].status).toBe(201);
    expect(byStep['wallet transfer replayed']).toEqual({ ...byStep['wallet transfer'], step: 'wallet transfer replayed' });
    expect(byStep['orders list'].range).toMatch(/^orders /);
    expect(byStep['ticket create'].status).toBe(201);
    expect(byStep['ticket create invalid answers'].errors).toEqual({ 'answers.orderNumber': 'validation.ticketNumber', 'answers.happenedOn': 'validation.required' });
    expect(byStep['ticket create file refused'].code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(byStep['ticket status by customer refused'].code).toBe('PROVIDER_STAFF_ONLY');
    expect(byStep['ticket attachment'].type).toBe('application/octet-stream');
    expect(byStep['ticket of another company'].status).toBe(404);
    expect(byStep['user create'].status).toBe(201);
    expect(byStep['user grant refused'].code).toBe('PERMISSION_NOT_GRANTABLE');
    expect(byStep['user of another company'].status).toBe(404);
    expect(byStep['dashboard stats'].shape).toMatchObject({ granularity: 'string', series: [{ outstandingCents: 'number' }] });
    expect(byStep['dashboard stats premium'].shape).toMatchObject({ premium: { byTypology: [{ typologyName: 'string' }], byStore: [{ storeName: expect.any(String) }] } });
    expect(byStep['dashboard stats invalid'].errors).toEqual({ to: 'validation.dateRange' });
    expect(byStep['dashboard without permission'].status).toBe(403);
    expect(byStep['report generate'].status).toBe(202);
    expect(byStep['report generate invalid'].errors).toEqual({ 'parameters.date': 'validation.required' });
    expect(byStep['report not ready'].code).toBe('REPORT_NOT_READY');
    expect(byStep['report download'].type).toBe('text/csv');
    expect(byStep['report of another subtree'].status).toBe(404);
    expect(byStep['reports without permission'].status).toBe(403);
  }, 180_000);
});
