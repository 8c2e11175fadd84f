import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../lib/company-scope';

/**
 * Ordered pages over a company subtree. `company_id IN (a, b, …) ORDER BY x LIMIT n` cannot walk
 * the (company_id, x) index in order, so PostgreSQL would sort every matching row (a million,
 * for a big customer). Instead each company gets its own branch that walks its index and stops
 * after `offset + limit` rows, and a merge of the branches picks the page: the cost follows the
 * page depth, not the table size. Very wide subtrees (provider staff on the whole tree) use one
 * query on the global index instead.
 */
const MAX_BRANCHES = 64;

export interface OrderedQuery {
  /** SELECT <alias>.id AS id, <sort column> AS s … WHERE <companyCondition> AND … (no ORDER BY / LIMIT) */
  select: (companyCondition: SQL) => SQL;
  /** the ORDER BY inside a branch, on the table's columns */
  innerOrder: SQL;
  /** the same order on the branch's output columns (s, id) */
  outerOrder: SQL;
  /** the company column, e.g. sql`c.company_id` */
  companyColumn: SQL;
}

/** The page query: rows (id, s) in order; usable as a subquery. */
export function orderedIdsSql(companyIds: readonly string[], query: OrderedQuery, limit: number, offset: number): SQL {
  if (companyIds.length === 0) return sql`SELECT NULL::uuid AS id, NULL AS s WHERE FALSE`;
  if (companyIds.length === 1 || companyIds.length > MAX_BRANCHES) {
    return sql`${query.select(inIds(query.companyColumn, companyIds))} ORDER BY ${query.innerOrder} LIMIT ${limit} OFFSET ${offset}`;
  }
  const branches = companyIds.map((id) => sql`(${query.select(sql`${query.companyColumn} = ${id}`)} ORDER BY ${query.innerOrder} LIMIT ${offset + limit})`);
  return sql`SELECT u.id, u.s FROM (${sql.join(branches, sql` UNION ALL `)}) u ORDER BY ${query.outerOrder} LIMIT ${limit} OFFSET ${offset}`;
}

export async function orderedIds(db: Db, companyIds: readonly string[], query: OrderedQuery, limit: number, offset: number): Promise<string[]> {
  if (companyIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(db, orderedIdsSql(companyIds, query, limit, offset));
  return rows.map((r) => r.id);
}
