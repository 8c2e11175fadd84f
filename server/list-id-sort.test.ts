/**
 * Issue 46: react-admin asks a list it was given no sort for in `["id","DESC"]` (a <ReferenceInput>,
 * a <List> without `sort`). Every list of the API, read from the OpenAPI document, accepts `id` both
 * ways and orders its rows by their id; the document names `id` among each list's sort fields.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/client';
import { seedDemoData } from './seed/demo';
import { createTestApp, type TestApp } from './test/app';
import { bearer, login } from './test/auth';
import { companyIdOf } from './test/builders';
import { DRIVERS } from './test/db';
import { documentOperations, isIntegration, realData, type Operation, type RealData } from './test/openapi-walk';

const sortParam = (op: Operation) => op.parameters.find((p) => p.in === 'query' && p.name === 'sort');
/** the sort fields a list names in the document (`field: a, b, id`), or null for one that declares none */
function declaredSorts(op: Operation): string[] | null {
  const param = sortParam(op) as { description?: string; schema?: { description?: string } } | undefined;
  const found = /field: (.*)$/.exec(param?.description ?? param?.schema?.description ?? '');
  return found ? found[1].split(', ') : null;
}

// uuids compare in PostgreSQL as their bytes do, as their lower-case texts do here; the audit trail's ids are numbers
const before = (a: string, b: string) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? BigInt(a) < BigInt(b) : a < b);
const ordered = (ids: string[], order: 'ASC' | 'DESC') => ids.every((id, i) => i === 0 || (order === 'ASC' ? before(ids[i - 1], id) : before(id, ids[i - 1])));

describe.each(DRIVERS)('every list accepts react-admin\'s default sort ["id", …] and orders by the id (%s)', (driver) => {
  let t: TestApp;
  let token: string;
  let companyId: string;
  let real: RealData;
  const lists: Operation[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.app.ready();
    // the full demo data: lists with rows to order (cards, orders, reloads, tickets…)
    await seedDemoData(t.db.db, { giftcards: true, orders: true });
    const operations = await documentOperations(t.app);
    lists.push(...operations.filter((op) => op.method === 'GET' && !isIntegration(op) && sortParam(op)));
    // the provider's admin at the root company, who may read every list of the subtree
    companyId = await companyIdOf(t.db.db, 'TESSERA');
    token = (await login(t.app, 'admin@tessera.test')).accessToken;
    real = await realData(t.db.db, operations, new Set());
  });
  afterAll(() => t?.close());

  /** the path with the root company and, for another id, the first real record whose list is not empty (else the first) */
  async function url(op: Operation): Promise<string> {
    let path = op.path.replace('{companyId}', companyId);
    for (const param of op.parameters.filter((p) => p.in === 'path' && p.name !== 'companyId')) {
      const ids = real.idsFor(op, param.name);
      let chosen = ids[0] ?? '00000000-0000-4000-8000-000000000000';
      for (const id of ids.slice(0, 40)) {
        const res = await t.app.inject({ method: 'GET', url: `${path.replace(`{${param.name}}`, id)}?range=[0,1]`, headers: bearer(token) });
        if (res.statusCode === 200 && res.json<unknown[]>().length >= 2) {
          chosen = id;
          break;
        }
      }
      path = path.replace(`{${param.name}}`, chosen);
    }
    return path;
  }

  it('finds the lists in the document, each naming id among the sort fields it declares', () => {
    expect(lists.length).toBeGreaterThan(25);
    const declared = lists.filter((op) => declaredSorts(op));
    expect(declared.length).toBeGreaterThan(25);
    expect(declared.filter((op) => !declaredSorts(op)!.includes('id')).map((op) => op.path)).toEqual([]);
    // the one list that declares none: the report types, the six of the form in its order whatever the sort
    expect(lists.filter((op) => !declaredSorts(op)).map((op) => op.path)).toEqual(['/api/company/{companyId}/giftcard/report']);
  });

  it('answers ["id","ASC"] and ["id","DESC"] as it answers no sort, rows ordered by id where the list declares its sorts', async () => {
    const failures: string[] = [];
    let orderedLists = 0;
    for (const op of lists) {
      const path = await url(op);
      const plain = await t.app.inject({ method: 'GET', url: `${path}?range=[0,49]`, headers: bearer(token) });
      for (const order of ['ASC', 'DESC'] as const) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?range=[0,49]&sort=${encodeURIComponent(JSON.stringify(['id', order]))}`, headers: bearer(token) });
        if (res.statusCode !== plain.statusCode) {
          failures.push(`${op.path} ${order}: ${res.statusCode} (no sort: ${plain.statusCode}) ${res.body.slice(0, 120)}`);
          continue;
        }
        if (res.statusCode !== 200 || !declaredSorts(op)) continue;
        const rows = res.json<Array<{ id: string }>>();
        if (rows.length < 2) continue;
        const ids = rows.map((row) => String(row.id));
        if (!ordered(ids, order)) failures.push(`${op.path} ${order}: not ordered by id: ${ids.slice(0, 4).join(', ')}…`);
        else if (order === 'DESC') orderedLists += 1;
      }
    }
    expect(failures).toEqual([]);
    // most lists have rows in the demo data: the order is checked, not only the status
    expect(orderedLists).toBeGreaterThan(15);
  });

  it('a page answers the headers its list declares in the document: Content-Range always, Next-Cursor where the list takes a cursor', async () => {
    const failures: string[] = [];
    let cursors = 0;
    for (const op of lists) {
      // one row per page: a list of two rows or more has a next page
      const res = await t.app.inject({ method: 'GET', url: `${await url(op)}?range=[0,0]`, headers: bearer(token) });
      if (res.statusCode !== 200) continue;
      if (!op.responseHeaders.includes('content-range')) failures.push(`${op.path}: Content-Range not declared`);
      if (res.headers['content-range'] === undefined) failures.push(`${op.path}: no Content-Range`);
      if (res.headers['next-cursor'] !== undefined) {
        cursors += 1;
        if (!op.responseHeaders.includes('next-cursor')) failures.push(`${op.path}: answers Next-Cursor, not declared`);
      }
      if (op.responseHeaders.includes('next-cursor') && !op.parameters.some((p) => p.in === 'query' && p.name === 'cursor')) failures.push(`${op.path}: declares Next-Cursor without a cursor parameter`);
    }
    expect(failures).toEqual([]);
    expect(cursors).toBeGreaterThan(10);
  });

  it('hands a cursor for the id order that continues where the page ended', async () => {
    const [{ n }] = await queryRows<{ n: string }>(t.db.db, sql`SELECT count(*)::text AS n FROM gift_cards`);
    expect(Number(n)).toBeGreaterThan(3);
    const base = `/api/company/${companyId}/giftcard/cards?sort=${encodeURIComponent(JSON.stringify(['id', 'DESC']))}`;
    const first = await t.app.inject({ method: 'GET', url: `${base}&range=[0,1]`, headers: bearer(token) });
    expect(first.statusCode, first.body).toBe(200);
    const cursor = first.headers['next-cursor'];
    expect(cursor).toBeTruthy();
    const next = await t.app.inject({ method: 'GET', url: `${base}&range=[0,1]&cursor=${encodeURIComponent(String(cursor))}`, headers: bearer(token) });
    expect(next.statusCode, next.body).toBe(200);
    const ids = [...first.json<Array<{ id: string }>>(), ...next.json<Array<{ id: string }>>()].map((row) => row.id);
    expect(ids).toHaveLength(4);
    expect(ordered(ids, 'DESC')).toBe(true);
  });
});
