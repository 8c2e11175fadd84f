import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRefusal, accessRule } from '../domain/access';
import { DEMO_ACCOUNTS } from '../domain/demoAccounts';
import { API_KEY_SCOPES, type ApiKeyScope } from '../domain/integration';
import { grantedKeys, type Permissions } from '../domain/permissions';
import { outOfScopeKeys, roleRank } from '../domain/users';
import { queryRows } from './db/client';
import { users } from './db/schema';
import type { RouteAccess } from './lib/route-access';
import { createTestApp, type TestApp } from './test/app';
import { login, uniqueIp } from './test/auth';
import { addCompany, caller, companyIdOf } from './test/builders';
import { DRIVERS } from './test/db';

/**
 * The authorization matrix (issue 37), generated, not hand-picked: every route of the OpenAPI
 * document (its `x-access`, lib/route-access.ts) × every demo account, a disabled account's token,
 * no token and an API key of each scope × the caller's own company, a sub-company and another
 * company. Each cell's expected answer comes from the access table (domain/access.ts) and the
 * company tree alone; a route that declares no access, or an entry the table lacks, fails here.
 *
 * A refusal must happen before the route's own work: the test app notes every request that gets
 * past the access hooks (a preValidation hook of its own), so a refused cell is one answered
 * 401/403/404 that never got there — with no row of any table changed (phase 1 runs every refused
 * cell, then compares a fingerprint of every table). An allowed cell is one that got there and was
 * answered by the route itself (its validation, or its handler: an empty body or an unknown id
 * gives 400 or 404), never 401/403 and never a 5xx. Runs on PostgreSQL when it is there.
 */

/** What a user action could write: the user, their links and sessions, the mail queue, the audit trail. */
const USER_TABLES = ['users', 'one_time_tokens', 'refresh_tokens', 'email_outbox', 'audit_log', 'audit_events', 'jobs'];

/** Columns that note a use, not a change: a key is "used" by a call its scope then refuses. */
const BOOKKEEPING: Record<string, string[]> = { api_keys: ['last_used_at'] };

const DRIVER = DRIVERS.includes('postgres') ? 'postgres' : 'pglite';

interface Route {
  method: string;
  path: string;
  access: RouteAccess | 'public' | undefined;
}

type Who =
  | { kind: 'user'; name: string; token: string; permissions: Permissions; isProvider: boolean; isReferent: boolean; companyId: string }
  | { kind: 'anonymous'; name: string }
  | { kind: 'disabled'; name: string; token: string }
  | { kind: 'key'; name: string; token: string; scope: ApiKeyScope };

type Where = 'own' | 'sub' | 'other';

interface Cell {
  route: Route;
  who: Who;
  where: Where | null;
  url: string;
  /** the status a refusal answers, or null when the cell is allowed */
  refusal: { status: 401 | 403 | 404; code?: string } | null;
}

const fill = (path: string, companyId: string) => path.replace('{companyId}', companyId).replace(/\{(\w+)\}/g, (_all, name: string) => (name === 'orderNumber' ? 'ORD-MATRIX-1' : randomUUID()));

/** What the access table and the company tree say of one cell. */
function expected(route: Route, who: Who, where: Where | null): Cell['refusal'] {
  const { access } = route;
  if (access === 'public') return null;
  if (access === undefined) throw new Error(`${route.method} ${route.path} declares no access`);
  if (typeof access === 'object' && 'scope' in access) {
    if (who.kind !== 'key') return { status: 401, code: 'API_KEY_INVALID' };
    return who.scope === access.scope ? null : { status: 403, code: 'API_KEY_SCOPE_MISSING' };
  }
  if (who.kind !== 'user') return { status: 401, code: 'UNAUTHORIZED' };
  if (access === 'signedIn') return null;
  const refusal = accessRefusal(who.permissions, access.resource, access.action, who);
  if (refusal) return { status: 403, code: refusal };
  return where === 'other' ? { status: 404, code: 'NOT_FOUND' } : null;
}

describe(`authorization matrix: every route × every caller × own, sub and other company (${DRIVER})`, () => {
  let t: TestApp;
  let routes: Route[];
  const callers: Who[] = [];
  /** per caller's own company: [own, sub, other] */
  const places = new Map<string, Record<Where, string | null>>();
  const reached = new Set<string>();
  const found: string[] = [];
  let cellCount = 0;

  const send = (cell: Cell) => {
    const headers: Record<string, string> = { 'x-matrix-cell': randomUUID() };
    if ('token' in cell.who) headers.authorization = `Bearer ${cell.who.token}`;
    return t.app.inject({ method: cell.route.method as 'GET', url: cell.url, headers, remoteAddress: uniqueIp() }).then((res) => ({ res, reached: reached.has(headers['x-matrix-cell']) }));
  };

  function cellsOf(route: Route): Cell[] {
    const cells: Cell[] = [];
    const company = route.path.includes('{companyId}');
    for (const who of callers) {
      const own = who.kind === 'user' ? who.companyId : (places.keys().next().value as string);
      const wheres: (Where | null)[] = company ? (['own', 'sub', 'other'] as Where[]).filter((where) => places.get(own)?.[where]) : [null];
      for (const where of wheres) {
        const companyId = where ? places.get(own)![where]! : '';
        cells.push({ route, who, where, url: fill(route.path, companyId), refusal: expected(route, who, where) });
      }
    }
    return cells;
  }

  /** Every table's row count and the hash of its rows (rate-limit counters aside: a refused call still spends its budget). */
  async function fingerprint(only?: readonly string[]): Promise<string> {
    const all = await queryRows<{ name: string }>(t.db.db, sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('rate_limits', '__drizzle_migrations') ORDER BY tablename`);
    const tables = only ? all.filter(({ name }) => only.includes(name)) : all;
    const parts: string[] = [];
    for (const { name } of tables) {
      const row = (to: string) => (BOOKKEEPING[name] ? `(to_jsonb(${to}) - ARRAY[${BOOKKEEPING[name].map((column) => `'${column}'`).join(', ')}])::text` : `${to}::text`);
      const [found] = await queryRows<{ n: string; h: string | null }>(t.db.db, sql.raw(`SELECT count(*)::text AS n, md5(string_agg(md5(${row('t')}), '' ORDER BY md5(${row('t')}))) AS h FROM "${name}" t`));
      parts.push(`${name}:${found.n}:${found.h ?? ''}`);
    }
    return parts.join('\n');
  }

  beforeAll(async () => {
    t = await createTestApp(DRIVER);
    t.app.addHook('preValidation', async (request) => {
      const id = request.headers['x-matrix-cell'];
      if (typeof id === 'string') reached.add(id);
    });
    await t.app.ready();
    const db = t.db.db;
    const spec = t.app.swagger() as { paths: Record<string, Record<string, { 'x-access'?: Route['access'] }>> };
    routes = Object.entries(spec.paths).flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, access: operation['x-access'] })));

    // the company tree: Tessera (provider) > Acme > Acme Nord > Nord Sub; Other beside Acme
    const tessera = await companyIdOf(db, 'TESSERA');
    const acme = await companyIdOf(db, 'ACME');
    const nord = await companyIdOf(db, 'ACME-NORD');
    const nordSub = await addCompany(db, 'MATRIX-NORD-SUB', nord);
    const other = await addCompany(db, 'MATRIX-OTHER', tessera);
    places.set(tessera, { own: tessera, sub: acme, other: null });
    places.set(acme, { own: acme, sub: nord, other });
    places.set(nord, { own: nord, sub: nordSub, other: acme });
    // Acme's contact user is its referent, as the full demo data has it (the audit trail's entry reads it)
    await db.execute(sql`UPDATE companies SET referent_user_id = (SELECT id FROM users WHERE email = 'referent@acme.test') WHERE id = ${acme} AND referent_user_id IS NULL`);
    const referents = new Set((await queryRows<{ id: string }>(db, sql`SELECT referent_user_id AS id FROM companies WHERE referent_user_id IS NOT NULL`)).map((r) => r.id));

    for (const account of DEMO_ACCOUNTS) {
      const [row] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, account.email));
      if (account.status === 'DISABLED') {
        // its token from before it was disabled: dead at once
        await db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, row.id));
        const token = (await login(t.app, account.email)).accessToken;
        await db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, row.id));
        callers.push({ kind: 'disabled', name: account.email, token });
        continue;
      }
      const token = (await login(t.app, account.email)).accessToken;
      callers.push({ kind: 'user', name: account.email, token, permissions: account.permissions, isProvider: row.companyId === tessera, isReferent: referents.has(row.id), companyId: row.companyId });
    }
    callers.push({ kind: 'anonymous', name: 'no token' });
    // a key of each scope, made by provider staff (who hold every flag a scope needs) for Acme
    const admin = callers.find((who) => who.name === 'admin@tessera.test') as Extract<Who, { kind: 'user' }>;
    for (const scope of API_KEY_SCOPES) {
      const res = await caller(t.app)(admin.token, 'POST', `/api/company/${acme}/api-keys`, { name: `Matrix ${scope}`, scopes: [scope] });
      expect(res.statusCode, res.body).toBe(201);
      callers.push({ kind: 'key', name: `API key (${scope})`, token: res.json<{ key: string }>().key, scope });
    }
  });
  afterAll(() => t.close());

  it('finds every route of the OpenAPI document declaring its access, each entry in the access table', () => {
    expect(routes.length).toBeGreaterThan(150);
    const undeclared = routes.filter((route) => route.access === undefined && route.path.startsWith('/api/')).map((route) => `${route.method} ${route.path}`);
    expect(undeclared).toEqual([]);
    const notInTable = routes.filter((route) => typeof route.access === 'object' && 'resource' in route.access && accessRule(route.access.resource, route.access.action) === null);
    expect(notInTable.map((route) => `${route.method} ${route.path}`)).toEqual([]);
    // a company route is guarded by the table; the table guards nothing outside a company
    for (const route of routes.filter((candidate) => candidate.path.startsWith('/api/company/'))) expect(typeof route.access === 'object' && 'resource' in route.access, `${route.method} ${route.path}`).toBe(true);
  });

  it('refuses every cell the access table refuses, before the route runs, and writes nothing', async () => {
    const before = await fingerprint();
    for (const route of routes.filter((candidate) => candidate.path.startsWith('/api/'))) {
      for (const cell of cellsOf(route).filter((candidate) => candidate.refusal !== null)) {
        cellCount += 1;
        const { res, reached: ran } = await send(cell);
        const code = (res.json() as { error?: { message?: string } }).error?.message;
        if (res.statusCode !== cell.refusal!.status || ran || (cell.refusal!.code && code !== cell.refusal!.code)) {
          found.push(`${cell.route.method} ${cell.route.path} as ${cell.who.name} on ${cell.where ?? '-'}: ${res.statusCode} ${code ?? ''}${ran ? ' (ran)' : ''}, expected ${cell.refusal!.status} ${cell.refusal!.code ?? ''}`);
        }
      }
    }
    expect(found).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it('lets through every cell the access table allows: answered by the route itself, never 401/403 or 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => candidate.path.startsWith('/api/'))) {
      for (const cell of cellsOf(route).filter((candidate) => candidate.refusal === null)) {
        cellCount += 1;
        const { res, reached: ran } = await send(cell);
        if (!ran || res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
          wrong.push(`${cell.route.method} ${cell.route.path} as ${cell.who.name} on ${cell.where ?? '-'}: ${res.statusCode}${ran ? '' : ' (did not run)'} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // the note gives the matrix's size
    console.info(`authorization matrix: ${routes.length} routes, ${callers.length} callers, ${cellCount} cells`);
  });

  it('refuses every user action on a user holding a permission outside the caller’s own (403 USER_OUT_OF_SCOPE, nothing written), and offers the actions only on the others', async () => {
    const userActions = routes.filter((route) => route.path.startsWith('/api/company/{companyId}/users/{id}') && route.method !== 'GET');
    expect(userActions.length).toBeGreaterThanOrEqual(4);
    const everyone = await t.db.db.select({ id: users.id, email: users.email, companyId: users.companyId, permissions: users.permissions, role: users.role }).from(users);
    const managerRole = (manager: Extract<Who, { kind: 'user' }>) => everyone.find((user) => user.email === manager.name)!.role;
    const managers = callers.filter((who): who is Extract<Who, { kind: 'user' }> => who.kind === 'user' && accessRefusal(who.permissions, 'users', 'edit', who) === null);
    expect(managers.length).toBeGreaterThanOrEqual(2);
    const wrong: string[] = [];
    let stronger = 0;
    for (const manager of managers) {
      const colleagues = everyone.filter((user) => user.companyId === manager.companyId && user.email !== manager.name);
      for (const target of colleagues) {
        const outside = outOfScopeKeys({ permissions: manager.permissions }, { permissions: target.permissions });
        // the record says what the screen may offer: nothing on a stronger user, edit on the others
        const record = await t.app.inject({ method: 'GET', url: `/api/company/${manager.companyId}/users/${target.id}`, headers: { authorization: `Bearer ${manager.token}` } });
        const { actions, outOfScope } = record.json<{ actions: string[]; outOfScope: string[] }>();
        const manageable = outside.length === 0 && roleRank(target.role) <= roleRank(managerRole(manager));
        if (manageable !== actions.includes('edit') || outOfScope.join() !== outside.join()) wrong.push(`GET user ${target.email} by ${manager.name}: actions ${actions.join()} outOfScope ${outOfScope.join()}`);
        if (outside.length === 0) continue;
        stronger += 1;
        for (const route of userActions) {
          const before = await fingerprint(USER_TABLES);
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: route.path.replace('{companyId}', manager.companyId).replace('{id}', target.id),
            headers: { authorization: `Bearer ${manager.token}` },
            payload: route.method === 'PUT' ? { firstName: 'Taken', lastName: 'Over', email: `taken-${randomUUID()}@example.com`, phone: '3330000000', phoneCountry: '+39', role: 'OPERATOR', permissions: grantedKeys(target.permissions) } : {},
          });
          const code = (res.json() as { error?: { message?: string } }).error?.message;
          if (res.statusCode !== 403 || code !== 'USER_OUT_OF_SCOPE') wrong.push(`${route.method} ${route.path} by ${manager.name} on ${target.email}: ${res.statusCode} ${code}`);
          if ((await fingerprint(USER_TABLES)) !== before) wrong.push(`${route.method} ${route.path} by ${manager.name} on ${target.email}: wrote`);
        }
      }
    }
    expect(stronger).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });
});
