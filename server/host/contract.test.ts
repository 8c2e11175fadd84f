import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installNodeTimers } from '../../src/demo/host/shims/timers';
import { API_KEY_SCOPES } from '../../domain/integration';
import { openPglite, queryRows, rawDriverOf, type DbHandle } from '../db/client';
import { createMemoryStorage } from '../lib/files.memory';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo';
import { createTestApp, type TestApp } from '../test/app';
import { SIGN_IN_URL, uniqueIp } from '../test/auth';
import { documentOperations, isIntegration, isMultipart, realData, validBody, validQuery, type Operation, type RealData } from '../test/openapi-walk';
import { createApiHost, type ApiHost } from './api-host';
import type { HostRequest } from './lite';

/**
 * The contract between the Node server and the in-process host the demo runs in a browser worker
 * (issues 15 and 42), generated from the OpenAPI document the server serves: for EVERY operation,
 * the same requests go to the server (`inject`) and to the host's request handler, each on its own
 * copy of one database (the demo data, seeded once and copied, so both hold the same ids):
 *
 * - a valid request, built from the operation's schema and the real records of the demo data, by
 *   a caller who may make it (the provider's admin; an integration key with every scope), with an
 *   Idempotency-Key; a write is sent again with the same key (a keyed move's replay), and the
 *   jobs it queued run to their end before the next operation;
 * - the same request by a caller holding less (a user without permissions in his own company; a key
 *   without the operation's scope), and, where the operation takes a body, a malformed one.
 *
 * Writes go first (POST, PUT, PATCH), then reads (GET: they see what the writes and their jobs
 * made, the audit trail included), then deletions. The two transcripts of what a client relies on
 * (status, error code, field errors, Content-Range, content type, the body's shape, a UUID and a
 * date told apart from any other text) must be equal. A route added later is walked without
 * touching this file.
 *
 * The host walks as in a browser: its timers answer numbers, as a worker's do, and the demo's own
 * shim (src/demo/host/shims/timers.ts, installed by the worker before the server's code) gives
 * them Node's shape. The Node server's transport routes (probes, metrics: app.ts registers them
 * outside the API) are not the host's: they are the document's operations the host has no route
 * for, and that set is asserted.
 */

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

interface Request {
  method: string;
  url: string;
  token?: string;
  headers?: Record<string, string>;
  /** JSON, or a multipart form */
  json?: unknown;
  form?: FormData;
}

interface Side {
  name: string;
  call(request: Request): Promise<Answer>;
  drain(): Promise<unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A value's shape: its keys and their types, an array's elements merged (a field's types over its
 * rows: new records get random ids on each side, so a page may hold other rows); ids and dates
 * told apart from text. A null says nothing of a field's type: `null` is dropped from a union.
 */
function shape(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [value.map(shape).reduce(merge)];
  if (typeof value === 'object') return Object.fromEntries(Object.keys(value as object).sort().map((key) => [key, shape((value as Record<string, unknown>)[key])]));
  if (typeof value === 'string') return UUID.test(value) ? 'uuid' : DATE_TIME.test(value) ? 'date-time' : DATE.test(value) ? 'date' : 'string';
  return typeof value;
}

function merge(a: unknown, b: unknown): unknown {
  if (a === 'null') return b;
  if (b === 'null') return a;
  if (typeof a === 'string' && typeof b === 'string') return [...new Set([...a.split('|'), ...b.split('|')])].sort().join('|');
  if (Array.isArray(a) && Array.isArray(b)) return a.length === 0 ? b : b.length === 0 ? a : [merge(a[0], b[0])];
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return Object.fromEntries(keys.map((key) => [key, merge((a as Record<string, unknown>)[key] ?? 'null', (b as Record<string, unknown>)[key] ?? 'null')]));
  }
  return `${JSON.stringify(a)}|${JSON.stringify(b)}`;
}

/** Two shapes a client could not tell apart: the same keys and types, a null matching any type (its rows may differ). */
function alike(a: unknown, b: unknown): boolean {
  if (a === 'null' || b === 'null') return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && (a.length === 0 || alike(a[0], b[0]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    return JSON.stringify(keys) === JSON.stringify(Object.keys(b)) && keys.every((key) => alike((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return a === b;
}

/** The same answer but for the body's shape, and shapes alike. */
const same = (a: Entry | undefined, b: Entry | undefined) => !!a && !!b && JSON.stringify({ ...a, shape: 0 }) === JSON.stringify({ ...b, shape: 0 }) && alike(a.shape, b.shape);

const parse = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** A JSON body, or a multipart form as bytes with its boundary (what a browser's fetch sends). */
async function encoded(request: Request): Promise<{ payload?: string | Buffer; contentType?: string }> {
  if (request.form) {
    const built = new Response(request.form);
    return { payload: Buffer.from(await built.arrayBuffer()), contentType: built.headers.get('content-type')! };
  }
  if (request.json !== undefined) return { payload: JSON.stringify(request.json), contentType: 'application/json' };
  return {};
}

function headersOf(request: Request, contentType?: string): Record<string, string> {
  return {
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    ...(contentType ? { 'content-type': contentType } : {}),
    ...request.headers,
  };
}

/** The Node server, through `inject`; each request from an address of its own (the per-address limits are the transport's). */
function serverSide(t: TestApp): Side {
  return {
    name: 'server',
    async call(request) {
      const { payload, contentType } = await encoded(request);
      const res = await t.app.inject({ method: request.method as 'GET', url: request.url, headers: headersOf(request, contentType), remoteAddress: uniqueIp(), ...(payload !== undefined ? { payload } : {}) });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = String(value);
      return { status: res.statusCode, headers, body: parse(new TextDecoder('utf-8', { ignoreBOM: true }).decode(res.rawPayload)) };
    },
    drain: () => t.app.ctx.jobs.drain(),
  };
}

/** The in-process host, through its request handler, bodies as the demo's SPA sends them (JSON as text, files as FormData). */
function hostSide(host: ApiHost): Side {
  return {
    name: 'host',
    async call(request) {
      const body: HostRequest['body'] = request.form ?? (request.json !== undefined ? JSON.stringify(request.json) : null);
      const answer = await host.handle({ method: request.method, url: request.url, headers: headersOf(request, request.json !== undefined ? 'application/json' : undefined), body });
      const text = typeof answer.body === 'string' ? answer.body : new TextDecoder('utf-8', { ignoreBOM: true }).decode(answer.body);
      return { status: answer.status, headers: answer.headers, body: parse(text) };
    },
    drain: () => host.ctx.jobs.drain(),
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

function entryOf(step: string, answer: Answer): Entry {
  const json = answer.body as { error?: { message?: string }; errors?: unknown } | null;
  const contentType = answer.headers['content-type']?.split(';')[0];
  return {
    step,
    status: answer.status,
    ...(json && typeof json === 'object' && json.error?.message ? { code: json.error.message } : {}),
    ...(json && typeof json === 'object' && json.errors ? { errors: json.errors } : {}),
    ...(answer.headers['content-range'] ? { range: answer.headers['content-range'].replace(/\d+/g, 'n') } : {}),
    ...(contentType ? { type: contentType } : {}),
    shape: shape(answer.body),
  };
}

/** The same key on both sides for the same operation: a UUID from its name. */
function keyOf(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH']);
const phase = (op: Operation) => (WRITES.has(op.method) ? 0 : op.method === 'GET' ? 1 : 2);

/** The seed's callers, and the keys made before the copy (their secrets are known to both sides). */
interface Callers {
  keys: { every: string; only: Record<string, string> };
  companies: { root: string; lessCompany: string };
}

const ADMIN = 'admin@tessera.test';
/** a user with no permission in his own company: every company route refuses him */
const LESS = 'noaccess@acme.test';

/** A small CSV, the file every upload of the walk sends. */
const uploadForm = () => {
  const form = new FormData();
  form.append('file', new Blob(['code;amount\r\nCONTRACT-1;10,00\r\n'], { type: 'text/csv' }), 'contract.csv');
  return form;
};

/** The whole walk on one side: its transcript. */
async function walk(side: Side, operations: Operation[], real: RealData, callers: Callers): Promise<Entry[]> {
  const transcript: Entry[] = [];
  const record = async (step: string, request: Request) => {
    const answer = await side.call(request);
    transcript.push(entryOf(step, answer));
    return answer;
  };
  const signIn = async (email: string) => {
    const signed = await side.call({ method: 'POST', url: SIGN_IN_URL, json: { email, password: DEMO_PASSWORD, tenantId: 'tessera', returnSecureToken: true } });
    const session = await side.call({ method: 'POST', url: '/api/auth/token-exchange', json: { fireBaseToken: (signed.body as { idToken: string }).idToken } });
    return (session.body as { accessToken: string }).accessToken;
  };
  let admin = await signIn(ADMIN);
  let less = await signIn(LESS);

  const ordered = operations.map((op, index) => ({ op, index })).sort((a, b) => phase(a.op) - phase(b.op) || a.index - b.index);
  for (const { op, index } of ordered) {
    const name = `${op.method} ${op.path}`;
    const url = (companyId: string) =>
      op.path.replace(/\{(\w+)\}/g, (_all, param: string) => {
        if (param === 'companyId') return companyId;
        const ids = real.idsFor(op, param);
        return encodeURIComponent(ids.length ? ids[index % ids.length] : keyOf(`${name} ${param}`));
      }) + validQuery(op);
    const body: Pick<Request, 'json' | 'form'> = isMultipart(op)
      ? { form: uploadForm() }
      : op.body || op.method === 'POST' || op.method === 'PUT'
        ? { json: validBody(op, real.source(index)) }
        : {};
    const integration = isIntegration(op);
    const scope = integration ? (op.access as { scope: string }).scope : null;
    const keyed: Record<string, string> = op.method !== 'GET' ? { 'idempotency-key': keyOf(name) } : {};
    const caller = op.access === 'public' ? {} : { token: integration ? callers.keys.every : admin };
    const valid: Request = { method: op.method, url: url(callers.companies.root), ...caller, headers: keyed, ...body };
    // a multipart form is read once: each request gets its own
    const again = (request: Request): Request => (request.form ? { ...request, form: uploadForm() } : request);

    await record(name, valid);
    if (op.method !== 'GET') await record(`${name} replayed`, again(valid));
    if (op.access !== 'public') {
      const holdingLess = integration ? { token: callers.keys.only[scope!] } : { token: less };
      await record(`${name} by a caller holding less`, again({ ...valid, ...holdingLess, url: url(integration ? callers.companies.root : callers.companies.lessCompany), headers: op.method !== 'GET' ? { 'idempotency-key': keyOf(`${name} less`) } : ({} as Record<string, string>) }));
    }
    if ('json' in body) await record(`${name} malformed body`, { ...valid, json: ['not', 'an', 'object'], headers: { 'idempotency-key': keyOf(`${name} malformed`) } });
    await side.drain();
    // a write of the walk may have ended a session (sign-out, a password or a role changed): both sides alike
    if ((await side.call({ method: 'GET', url: '/api/user/configuration', token: admin })).status === 401) admin = await signIn(ADMIN);
    if ((await side.call({ method: 'GET', url: '/api/user/configuration', token: less })).status === 401) less = await signIn(LESS);
  }
  return transcript;
}

/** The runtime as a browser worker's: timers answer numbers; then the demo's shim, as its worker installs it. */
function asInABrowserWorker(): () => void {
  const own = { setTimeout: globalThis.setTimeout, setInterval: globalThis.setInterval };
  const numeric = <T extends (...args: never[]) => unknown>(set: T) => ((...args: Parameters<T>) => Number(set(...args))) as unknown as T;
  Object.assign(globalThis, { setTimeout: numeric(own.setTimeout), setInterval: numeric(own.setInterval) });
  const removeShim = installNodeTimers(globalThis);
  return () => {
    removeShim();
    Object.assign(globalThis, own);
  };
}

describe('the in-process host answers every operation of the OpenAPI document as the Node server does', () => {
  let server: TestApp;
  let hostApp: TestApp;
  let host: ApiHost;
  const databases: DbHandle[] = [];
  let operations: Operation[];
  let real: RealData;
  let callers: Callers;

  beforeAll(async () => {
    // one database seeded with the demo data and the walk's API keys, then copied: the same ids on both sides
    const seeding = await createTestApp('pglite', { seed: false });
    await seedDemoData(seeding.db.db, { giftcards: true, orders: true });
    const [acme] = await queryRows<{ id: string }>(seeding.db.db, sql`SELECT id::text AS id FROM companies WHERE code = 'ACME'`);
    const [root] = await queryRows<{ id: string }>(seeding.db.db, sql`SELECT id::text AS id FROM companies WHERE parent_id IS NULL ORDER BY id LIMIT 1`);
    const [lessUser] = await queryRows<{ company: string }>(seeding.db.db, sql`SELECT company_id::text AS company FROM users WHERE email = ${LESS}`);
    const adminToken = await (async () => {
      const signed = await seeding.app.inject({ method: 'POST', url: SIGN_IN_URL, payload: { email: ADMIN, password: DEMO_PASSWORD, tenantId: 'tessera', returnSecureToken: true } });
      const session = await seeding.app.inject({ method: 'POST', url: '/api/auth/token-exchange', payload: { fireBaseToken: signed.json<{ idToken: string }>().idToken } });
      return session.json<{ accessToken: string }>().accessToken;
    })();
    const makeKey = async (name: string, scopes: readonly string[]) => {
      const created = await seeding.app.inject({ method: 'POST', url: `/api/company/${acme.id}/api-keys`, headers: { authorization: `Bearer ${adminToken}` }, payload: { name, scopes } });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: string; key: string }>();
    };
    const every = await makeKey('Contract (every scope)', API_KEY_SCOPES);
    const only: Record<string, string> = {};
    for (const scope of API_KEY_SCOPES) only[scope] = (await makeKey(`Contract (all but ${scope})`, API_KEY_SCOPES.filter((s) => s !== scope))).key;
    callers = { keys: { every: every.key, only }, companies: { root: root.id, lessCompany: lessUser.company } };
    operations = await documentOperations(seeding.app);
    const [self] = await queryRows<{ id: string }>(seeding.db.db, sql`SELECT id::text AS id FROM users WHERE email = ${ADMIN}`);
    real = await realData(seeding.db.db, operations, new Set([root.id, acme.id, every.id, self.id]));
    const driver = rawDriverOf(seeding.db.db);
    if (driver?.kind !== 'pglite') throw new Error('the contract copies a PGlite database');
    const copy = await driver.client.dumpDataDir('gzip');
    await seeding.close();

    const serverDb = await openPglite(null, copy);
    const hostDb = await openPglite(null, copy);
    databases.push(serverDb, hostDb);
    server = await createTestApp('pglite', { db: serverDb });
    // the app beside the host only lends it config and keys; files in memory, as in the browser
    hostApp = await createTestApp('pglite', { db: hostDb });
    host = await createApiHost({ config: hostApp.config, db: hostDb.db, keys: hostApp.app.ctx.keys, clock: hostApp.app.ctx.clock, mailTransport: null, files: createMemoryStorage() });
  }, 180_000);
  afterAll(async () => {
    await host?.close();
    await hostApp?.close();
    await server?.close();
    for (const db of databases) await db.close();
  });

  it('gives the same transcript for every operation, valid and refused, keyed moves and jobs included', async () => {
    // the document's operations the host serves: all but the Node server's transport routes
    const hostRoutes = new Set(host.routes().map((route) => `${route.method} ${route.url.replace(/\/:(\w+)/g, '/{$1}').replaceAll('::', ':')}`));
    const served = operations.filter((op) => hostRoutes.has(`${op.method} ${op.path}`));
    const transport = operations.filter((op) => !hostRoutes.has(`${op.method} ${op.path}`)).map((op) => `${op.method} ${op.path}`);
    expect(transport, 'the operations only the Node server answers').toEqual([]);

    const expected = await walk(serverSide(server), served, real, callers);
    const restore = asInABrowserWorker();
    let actual: Entry[];
    try {
      actual = await walk(hostSide(host), served, real, callers);
    } finally {
      restore();
    }
    if (process.env.CONTRACT_PRINT) for (const e of expected) console.log(e.status, e.step, e.code ?? '', JSON.stringify(e.errors ?? ''));
    const differences = expected.flatMap((entry, i) => (same(actual[i], entry) ? [] : [`${entry.step}\n  server: ${JSON.stringify(entry)}\n  host:   ${JSON.stringify(actual[i])}`]));
    expect(differences, differences.join('\n')).toEqual([]);
    expect(actual.length).toBe(expected.length);

    // the walk did what it claims: most operations answered, refusals refused, keyed replays replayed, jobs ran
    const byStep = new Map(expected.map((entry) => [entry.step, entry]));
    const statuses = expected.reduce<Record<number, number>>((all, entry) => ({ ...all, [entry.status]: (all[entry.status] ?? 0) + 1 }), {});
    console.info(`host contract: ${served.length} operations, ${expected.length} requests on each side; answers ${JSON.stringify(statuses)}`);
    const succeeded = served.filter((op) => byStep.get(`${op.method} ${op.path}`)!.status < 300);
    expect(succeeded.length, 'operations a valid request succeeds on').toBeGreaterThan(served.length / 2);
    for (const op of served.filter((o) => o.path.startsWith('/api/company/') || isIntegration(o))) expect([401, 403, 404], `${op.method} ${op.path} by a caller holding less`).toContain(byStep.get(`${op.method} ${op.path} by a caller holding less`)!.status);
    expect(byStep.get('POST /api/company/{companyId}/giftcard/cards/bulk')!.status, 'a gift-card bulk action').toBeLessThan(300);
    expect(byStep.get('GET /api/company/{companyId}/audit')!.shape, 'the audit trail names each request by its id').toMatchObject([{ requestId: 'uuid' }]);
  }, 600_000);
});
