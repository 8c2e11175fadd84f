import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { inIds } from '../db/company-scope';
import { afterPosition, type KeyedRows, type KeyPosition, type SortKey } from './keyset';

/**
 * Ordered pages over a company subtree. `company_id IN (a, b, …) ORDER BY x LIMIT n` cannot walk
 * the (company_id, x) index in order, so PostgreSQL would sort every matching row (a million,
 * for a big customer). Instead each company gets its own branch that walks its index and stops
 * after `offset + limit` rows, and a merge of the branches picks the page: the cost follows the
 * page depth, not the table size. Very wide subtrees (provider staff on the whole tree) use one
 * query on the global index instead. A page after a cursor (keyset.ts) starts each branch at the
 * cursor's position, so its cost does not follow the depth either.
 */
const MAX_BRANCHES = 64;

export interface OrderedQuery {
  /** SELECT <alias>.id AS id, <sort column> AS s … WHERE <condition> AND … (no ORDER BY / LIMIT) */
  select: (condition: SQL) => SQL;
  /** the ORDER BY inside a branch, on the table's columns */
  innerOrder: SQL;
  /** the same order on the branch's output columns (u.s, u.id) */
  outerOrder: SQL;
  /** the company column, e.g. sql`c.company_id` */
  companyColumn: SQL;
  /** the order as a cursor sees it: the column `s` is, the id, the direction */
  key: SortKey;
}

/** Where a page starts: `offset` rows in, or right after a cursor's row. */
export interface PageStart {
  limit: number;
  offset: number;
  after?: KeyPosition | null;
}

/** The page query: rows (id, s, sk = s as text for the next cursor) in order; usable as a subquery. */
export function orderedIdsSql(companyIds: readonly string[], query: OrderedQuery, { limit, offset, after }: PageStart): SQL {
  if (companyIds.length === 0) return sql`SELECT NULL::uuid AS id, NULL AS s, NULL::text AS sk WHERE FALSE`;
  const from = after ? 0 : offset;
  const parts = after ? afterPosition(query.key, after) : [sql`TRUE`];
  const companies = companyIds.length === 1 || companyIds.length > MAX_BRANCHES ? [inIds(query.companyColumn, companyIds)] : companyIds.map((id) => sql`${query.companyColumn} = ${id}`);
  if (companies.length === 1 && parts.length === 1) {
    return sql`SELECT u.id, u.s, u.s::text AS sk FROM (${query.select(sql`${companies[0]} AND ${parts[0]}`)} ORDER BY ${query.innerOrder} LIMIT ${limit} OFFSET ${from}) u ORDER BY ${query.outerOrder}`;
  }
  const branches = companies.flatMap((company) => parts.map((part) => sql`(${query.select(sql`${company} AND ${part}`)} ORDER BY ${query.innerOrder} LIMIT ${from + limit})`));
  return sql`SELECT u.id, u.s, u.s::text AS sk FROM (${sql.join(branches, sql` UNION ALL `)}) u ORDER BY ${query.outerOrder} LIMIT ${limit} OFFSET ${from}`;
}

/** A page of ids in order, with each row's key (for the next cursor). */
export async function orderedIds(db: Db, companyIds: readonly string[], query: OrderedQuery, page: PageStart): Promise<KeyedRows<string>> {
  if (companyIds.length === 0) return { rows: [], keys: [] };
  const rows = await queryRows<{ id: string; sk: string | null }>(db, orderedIdsSql(companyIds, query, page));
  return { rows: rows.map((r) => r.id), keys: rows.map((r) => ({ value: r.sk, id: r.id })) };
}

/** Records for a keyed page of ids (`load`: by id, in the ids' order, dropping none that exist), the keys kept alongside. */
export async function withRecords<T extends { id: string }>(page: KeyedRows<string>, load: (ids: string[]) => Promise<T[]>): Promise<KeyedRows<T>> {
  const records = await load(page.rows);
  const keyOf = new Map(page.keys.map((key) => [key.id, key]));
  return { rows: records, keys: records.map((record) => keyOf.get(record.id)!) };
}
