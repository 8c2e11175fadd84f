/**
 * The fuzz over the whole API (issue 38), generated from the OpenAPI document the app serves
 * (/docs/json): every operation (path × method, public, signed-in, company and integration-key
 * routes alike) is called by a caller who may call it, with hostile values in its path and query
 * parameters and its body, derived from the operation's own parameters and request schema.
 *
 * Property, for every case: the answer is never a 5xx, and a 4xx wrote nothing: the row count of
 * every table of the public schema is the same before and after (the exclusions are below, each
 * with its reason).
 *
 * Runs per operation: 3 by default (the whole file stays well within CI's time on two cores);
 * `FUZZ_RUNS=200 npx vitest run server/fuzz.test.ts` runs many more. A failure names the
 * operation, the request (long values summed up) and the answer; fast-check prints the seed and
 * path of the counterexample: `FUZZ_SEED=<seed>` replays the same cases; `FUZZ_TRACE=<file>` appends
 * every request and answer to that file. Both drivers: PostgreSQL
 * too when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '../domain/integration';
import { queryRows } from './db/client';
import { seedDemoData } from './seed/demo';
import { createTestApp, type TestApp } from './test/app';
import { bearer, login, uniqueIp } from './test/auth';
import { companyIdOf } from './test/builders';
import { DRIVERS } from './test/db';
import {
  asText,
  baseline,
  describeValue,
  encodeAny,
  fieldPaths,
  hostile,
  isOpaque,
  MALFORMED_JSON,
  materialize,
  multipartCase,
  multipartPayload,
  RAW_ESCAPES,
  setPath,
  toJson,
  type Hostile,
  type JsonSchema,
  type MultipartCase,
} from './test/fuzz-values';
import { COMMON_FILTER_KEYS, documentOperations, isIntegration, isMultipart, namedKeys, realData, type Operation, type RealData } from './test/openapi-walk';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 3));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/**
 * What a refused request may legitimately write, left out of the row count:
 * - rate_limits: a refused call still spends its address's budget (plugins/security.ts, counted in
 *   the database on PostgreSQL); that is the point of a limit.
 * - audit_events of kind sign_in_failed: the brute-force counter itself (modules/identity/service.ts
 *   counts failed sign-ins from these rows); refresh_token_reuse: a reused refresh token is refused
 *   AND revokes its family, noted for the security log (modules/auth/service.ts). Every other kind
 *   is counted: no other refusal is audited.
 * - idempotency_keys whose stored answer is a refusal: an integration money move's 4xx outcome is
 *   stored under its Idempotency-Key so that a replay gets the same answer (lib/idempotency.ts);
 *   keys with a success (or still running) are counted.
 * - gift_card_transactions of result ERROR, and the audit_log row of their creation: a money move the
 *   card's rules refuse (NOT_FROZEN, INSUFFICIENT_BALANCE…) is committed as an ERROR row of the ledger
 *   and answered with its code (SPEC §5 "Result is success or error"; modules/giftcards/moves.service.ts);
 *   the audit trigger notes every insert in the same transaction. Other ledger rows are counted.
 * - __drizzle_migrations: the migrations' own ledger, not data.
 */
const NOT_COUNTED = ['rate_limits', '__drizzle_migrations'];
const COUNTED_WHERE: Record<string, string> = {
  audit_events: `kind NOT IN ('sign_in_failed', 'refresh_token_reuse')`,
  idempotency_keys: `response_status IS NULL OR response_status < 400`,
  gift_card_transactions: `result <> 'ERROR'`,
  audit_log: `NOT (entity = 'gift_card_transactions' AND action = 'create' AND coalesce(after ->> 'result', '') = 'ERROR')`,
};

type QueryPart = { name: string; shape: 'plain' | 'filter' | 'sortField' | 'sortDir' | 'range' | 'twice' | 'valid'; key?: string; value: Hostile } | { name: string; shape: 'raw'; raw: string };

type BodyCase =
  | { kind: 'none' }
  | { kind: 'valid' }
  | { kind: 'object'; mutations: Array<[string[], Hostile]>; extra: [string, Hostile] | null }
  | { kind: 'whole'; value: Hostile }
  | { kind: 'raw'; payload: string }
  | { kind: 'multipart'; multipart: MultipartCase };

interface Case {
  /** picks the real values and ids of the baseline body, so that a case is built the same way again */
  salt: number;
  path: Record<string, Hostile>;
  query: QueryPart[];
  body: BodyCase;
}

describe.each(DRIVERS)('the OpenAPI fuzz: hostile input never gets a 5xx, a refusal writes nothing (%s)', (driver) => {
  let t: TestApp;
  const operations: Operation[] = [];
  let companyId: string;
  let adminToken: string;
  let apiKey: string;
  let countSql: ReturnType<typeof sql.raw>;
  let real: RealData;
  let documentCount = 0;

  async function counts(): Promise<Map<string, number>> {
    const rows = await queryRows<{ name: string; n: number | string }>(t.db.db, countSql);
    return new Map(rows.map((row) => [row.name, Number(row.n)]));
  }

  beforeAll(async () => {
    // no budget runs out in a long run (integration calls per key and minute, work queued per user
    // and company, e-mails per inbox): a 429 would hide the handler
    t = await createTestApp(driver, {
      env: { INTEGRATION_RATE_LIMIT_PER_MINUTE: '0', WORK_MAX_PER_USER: '1000000', WORK_MAX_PER_COMPANY: '1000000', MAIL_MAX_PER_USER: '1000000', MAIL_MAX_PER_COMPANY: '1000000', MAIL_MAX_PER_RECIPIENT: '1000000' },
    });
    await t.app.ready();
    // the full demo data (cards, orders, batches, reloadables, tickets): real records for the ids and
    // codes below, so that hostile values meet the handlers' own work, not only an unknown id
    await seedDemoData(t.db.db, { giftcards: true, orders: true });
    operations.push(...(await documentOperations(t.app)));
    documentCount = operations.length;

    // the caller: the provider's admin, whose own company (the root) holds every other
    companyId = await companyIdOf(t.db.db, 'TESSERA');
    const admin = await login(t.app, 'admin@tessera.test');
    adminToken = admin.accessToken;
    const acme = await companyIdOf(t.db.db, 'ACME');
    const created = await t.app.inject({ method: 'POST', url: `/api/company/${acme}/api-keys`, headers: bearer(adminToken), payload: { name: 'Fuzz (every scope)', scopes: [...API_KEY_SCOPES] } });
    expect(created.statusCode, created.body).toBe(201);
    apiKey = created.json<{ key: string }>().key;
    const keyId = created.json<{ id: string }>().id;

    // real ids per table: a hostile body then reaches the handler's own checks on a real record.
    // Never the caller's own user, company or key, nor Acme (the key's company): disabling,
    // deleting or revoking those would turn every later case into a 401.
    const spared = new Set([companyId, acme, keyId]);
    const [self] = await queryRows<{ id: string }>(t.db.db, sql`SELECT id::text AS id FROM users WHERE email = 'admin@tessera.test'`);
    spared.add(self.id);
    real = await realData(t.db.db, operations, spared);

    const tables = await queryRows<{ name: string }>(t.db.db, sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
    const counted = tables.map((row) => row.name).filter((name) => !NOT_COUNTED.includes(name));
    expect(counted.length).toBeGreaterThan(40);
    countSql = sql.raw(counted.map((name) => `SELECT '${name}' AS name, count(*) AS n FROM "${name}"${COUNTED_WHERE[name] ? ` WHERE ${COUNTED_WHERE[name]}` : ''}`).join('\nUNION ALL\n'));
  });
  afterAll(() => t?.close());

  function caseArbitrary(op: Operation): fc.Arbitrary<Case> {
    const path: Record<string, fc.Arbitrary<Hostile>> = {};
    for (const param of op.parameters.filter((p) => p.in === 'path' && p.name !== 'companyId')) {
      const ids = real.idsFor(op, param.name);
      const choices: Array<fc.WeightedArbitrary<Hostile>> = [
        { weight: 2, arbitrary: fc.uuid().map((value) => ({ kind: 'uuid' as const, value })) },
        { weight: 3, arbitrary: hostile },
      ];
      if (ids.length) choices.push({ weight: 4, arbitrary: fc.constantFrom(...ids).map((value) => ({ kind: 'uuid' as const, value })) });
      path[param.name] = fc.oneof(...choices);
    }

    const filterKeys = [...new Set([...namedKeys(op.summary, /filter \{([^}]*)\}/), ...COMMON_FILTER_KEYS])];
    const query = op.parameters
      .filter((p) => p.in === 'query')
      .map((param) => {
        const name = param.name;
        const shapes: Array<fc.Arbitrary<QueryPart>> = [
          hostile.map((value) => ({ name, shape: 'plain' as const, value })),
          hostile.map((value) => ({ name, shape: 'twice' as const, value })),
          fc.constantFrom(...RAW_ESCAPES).map((raw) => ({ name, shape: 'raw' as const, raw })),
          fc.constant({ name, shape: 'valid' as const, value: { kind: 'json' as const, value: baseline(param.schema, name) } }),
        ];
        if (name === 'filter') shapes.push(fc.tuple(fc.constantFrom(...filterKeys), hostile).map(([key, value]) => ({ name, shape: 'filter' as const, key, value })), fc.tuple(fc.constantFrom(...filterKeys), hostile).map(([key, value]) => ({ name, shape: 'filter' as const, key, value })));
        if (name === 'sort') shapes.push(hostile.map((value) => ({ name, shape: 'sortField' as const, value })), hostile.map((value) => ({ name, shape: 'sortDir' as const, value })));
        if (name === 'range') shapes.push(hostile.map((value) => ({ name, shape: 'range' as const, value })), hostile.map((value) => ({ name, shape: 'range' as const, value })));
        return fc.option(fc.oneof(...shapes), { freq: 4 });
      });

    let body: fc.Arbitrary<BodyCase>;
    const whole = hostile.map((value) => ({ kind: 'whole' as const, value }));
    const raw = fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ kind: 'raw' as const, payload }));
    const extra = fc.option(fc.tuple(fc.constantFrom('extraField', '__proto__', 'constructor', 'isAdmin', 'companyId', 'id', 'permissions'), hostile), { freq: 2 });
    const multipartBody = multipartCase.map((m) => ({ kind: 'multipart' as const, multipart: m }));
    if (isMultipart(op)) {
      body = fc.oneof({ weight: 6, arbitrary: multipartBody }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: whole });
    } else if (op.body || op.method === 'POST' || op.method === 'PUT') {
      // a body the route documents, or one only its summary names (validated by the handler)
      // (a documented body the converter left empty: every field name the document knows)
      const keys = op.body ? [...real.documentKeys] : namedKeys(op.summary, /Body: \{(.*)\}/);
      const schema: JsonSchema = isOpaque(op.body) ? { type: 'object', properties: Object.fromEntries(keys.map((key) => [key, {}])) } : op.body!;
      const paths = fieldPaths(schema);
      const mutations = paths.length ? fc.array(fc.tuple(fc.constantFrom(...paths), hostile), { minLength: 1, maxLength: 3 }) : fc.constant([] as Array<[string[], Hostile]>);
      const shapes: Array<fc.WeightedArbitrary<BodyCase>> = [
        { weight: 6, arbitrary: fc.record({ kind: fc.constant('object' as const), mutations, extra }) },
        { weight: 1, arbitrary: fc.constant({ kind: 'valid' as const }) },
        { weight: 1, arbitrary: whole },
        { weight: 1, arbitrary: raw },
      ];
      // a body the document does not describe may be a form: multipart cases too
      if (!op.body) shapes.push({ weight: 2, arbitrary: multipartBody });
      body = fc.oneof(...shapes);
    } else if (op.method === 'DELETE') {
      body = fc.oneof({ weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: whole });
    } else {
      body = fc.constant({ kind: 'none' as const });
    }
    return fc.record({ salt: fc.nat(), path: fc.record(path), query: fc.tuple(...query).map((parts) => parts.filter((part): part is QueryPart => part !== null)), body });
  }

  /** The request of a case, ready for inject, and a description of it for a failure message. */
  function requestOf(op: Operation, c: Case) {
    const url =
      op.path.replace(/\{(\w+)\}/g, (_all, name: string) => (name === 'companyId' ? companyId : encodeAny(asText(c.path[name])))) +
      (c.query.length ? '?' : '') +
      c.query
        .map((part) => {
          if (part.shape === 'raw') return `${part.name}=${part.raw}`;
          const value = materialize(part.value);
          const text = {
            plain: () => asText(part.value),
            twice: () => asText(part.value),
            valid: () => (typeof value === 'string' ? value : toJson(value)),
            filter: () => toJson({ [part.key!]: value }),
            sortField: () => toJson([value, 'ASC']),
            sortDir: () => toJson(['createdAt', value]),
            range: () => toJson([value, value]),
          }[part.shape]();
          const one = `${part.name}=${encodeAny(text)}`;
          return part.shape === 'twice' ? `${one}&${one}` : one;
        })
        .join('&');
    const headers: Record<string, string> = {};
    if (op.access !== 'public') headers.authorization = `Bearer ${isIntegration(op) ? apiKey : adminToken}`;
    if (op.path.startsWith('/api/integration/') && op.method === 'POST') headers['idempotency-key'] = randomUUID();
    let payload: string | Buffer | undefined;
    let shown = '';
    const b = c.body;
    if (b.kind === 'multipart') {
      const built = multipartPayload(b.multipart);
      payload = built.payload;
      headers['content-type'] = built.contentType;
      shown = `multipart ${JSON.stringify(b.multipart)} (${built.payload.length} bytes)`;
    } else if (b.kind !== 'none') {
      headers['content-type'] = 'application/json';
      if (b.kind === 'raw') payload = b.payload;
      else if (b.kind === 'whole') payload = toJson(materialize(b.value));
      else {
        let value = baseline(isOpaque(op.body) ? { type: 'object' } : op.body!, '', real.source(c.salt));
        if (b.kind === 'object') {
          for (const [at, h] of b.mutations) value = setPath(value, at, materialize(h));
          if (b.extra) value = setPath(value, [b.extra[0]], materialize(b.extra[1]));
        }
        payload = toJson(value);
      }
      shown = describeValue(payload);
    }
    const request = { method: op.method as 'GET', url, headers, remoteAddress: uniqueIp(), ...(payload !== undefined ? { payload } : {}) };
    return { request, shown: `${op.method} ${describeValue(url)}${shown ? ` body ${shown}` : ''}` };
  }

  it('calls every operation of the document with hostile input: never a 5xx, and a 4xx writes no row', { timeout: 240_000 + RUNS * 60_000 }, async () => {
    const failures: string[] = [];
    const fuzzed = new Set<string>();
    let cases = 0;
    const statuses = new Map<number, number>();
    const started = Date.now();
    let before = await counts();
    let signedInAt = Date.now();
    for (const op of operations) {
      // a long run (FUZZ_RUNS) outlives the access token: sign in again before it ends
      if (Date.now() - signedInAt > 5 * 60_000) {
        adminToken = (await login(t.app, 'admin@tessera.test')).accessToken;
        signedInAt = Date.now();
        before = await counts();
      }
      const name = `${op.method} ${op.path}`;
      const details = await fc.check(
        fc.asyncProperty(caseArbitrary(op), async (c) => {
          const { request, shown } = requestOf(op, c);
          cases += 1;
          fuzzed.add(name);
          const res = await t.app.inject(request);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (process.env.FUZZ_TRACE) appendFileSync(process.env.FUZZ_TRACE, `${res.statusCode} ${shown.slice(0, 300)} → ${res.body.slice(0, 300)}\n`);
          const after = await counts();
          const previous = before;
          before = after;
          const answer = `${res.statusCode} ${res.body.slice(0, 400)}`;
          if (res.statusCode >= 500) throw new Error(`${name}: ${answer}\n  request: ${shown}`);
          if (res.statusCode >= 400) {
            const written = [...after].filter(([table, n]) => previous.get(table) !== n).map(([table, n]) => `${table} ${previous.get(table)} → ${n}`);
            if (written.length) throw new Error(`${name}: ${answer}, yet wrote rows: ${written.join(', ')}\n  request: ${shown}`);
          }
        }),
        { numRuns: RUNS, endOnFailure: true, includeErrorInReport: true, ...(SEED !== undefined ? { seed: SEED } : {}) },
      );
      if (details.failed) failures.push(`${name}\n${fc.defaultReportMessage(details)}`);
    }
    console.info(`OpenAPI fuzz (${driver}): ${operations.length} operations, ${cases} cases, ${RUNS} per operation, ${Math.round((Date.now() - started) / 1000)} s; answers ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(failures, failures.join('\n\n')).toEqual([]);
    // every operation of the document was fuzzed: a route added later is fuzzed without touching this file
    expect(fuzzed.size).toBe(documentCount);
    expect(operations.length).toBeGreaterThan(150);
  });

  it('sees a written row in its count, and leaves out only what a refusal may write', async () => {
    const start = await counts();
    await t.db.db.execute(sql`INSERT INTO audit_events (kind, subject, ip) VALUES ('sign_in_failed', 'fuzz@example.com', '10.0.0.1')`);
    expect(await counts()).toEqual(start);
    await t.db.db.execute(sql`INSERT INTO audit_events (kind, subject, ip) VALUES ('sign_in', 'fuzz@example.com', '10.0.0.1')`);
    const after = await counts();
    expect(after.get('audit_events')).toBe(start.get('audit_events')! + 1);
    expect([...after].filter(([table, n]) => start.get(table) !== n).map(([table]) => table)).toEqual(['audit_events']);
  });
});
