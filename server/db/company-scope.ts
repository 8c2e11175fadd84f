import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from './client';

/**
 * The tenant boundary (DESIGN §6): a company and every company below it. The recursive query is
 * written once, here; modules ask for it as a SQL fragment (`inCompanySubtree`), as an id list
 * (`subtreeIds`, for short `IN (…)` lists on indexed company columns) or as a yes/no
 * (`isInSubtree`). Nothing in a body or query can widen it: callers pass the root the route or
 * the caller's own company gave them.
 */
export function companySubtree(rootId: IdParam): SQL {
  return sql`WITH RECURSIVE subtree(id) AS (
      SELECT id FROM companies WHERE id = ${rootId}
      UNION
      SELECT c.id FROM companies c JOIN subtree s ON c.parent_id = s.id)
    SELECT id FROM subtree`;
}

/**
 * A company id, a prepared statement's placeholder for one, or a column of the enclosing query
 * (`sql\`k.company_id\``: the subtree of each of its rows, correlated).
 */
type IdParam = string | Placeholder | SQL;

/** The ids of a company and every company above it (short: the tree's depth). */
export function companyAncestors(targetId: IdParam): SQL {
  return sql`WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM companies WHERE id = ${targetId}
      UNION
      SELECT c.id, c.parent_id FROM companies c JOIN up u ON c.id = u.parent_id)
    SELECT id FROM up`;
}

/**
 * The caller's rule as a SQL boolean, for a query that already has the caller's company row:
 * provider staff reach every existing company, others `targetId` when their company is one of
 * its ancestors (or itself). The auth plugin folds it into the one query that loads the caller.
 */
export function companyInScopeSql(caller: { id: AnyPgColumn | SQL; isProvider: AnyPgColumn | SQL }, targetId: IdParam): SQL {
  return sql`(CASE WHEN ${caller.isProvider} THEN EXISTS (SELECT 1 FROM companies WHERE id = ${targetId})
    ELSE ${caller.id} IN (${companyAncestors(targetId)}) END)`;
}

/** The subtree's ids as one JSON array value (`[]` when the root does not exist). */
export function companySubtreeJson(rootId: IdParam): SQL {
  return sql`(SELECT COALESCE(json_agg(s.id), '[]'::json) FROM (${companySubtree(rootId)}) s)`;
}

/** `column IN (<the subtree of rootId>)`. */
export function inCompanySubtree(column: AnyPgColumn | SQL, rootId: IdParam): SQL {
  return sql`${column} IN (${companySubtree(rootId)})`;
}

/** The ids of a company and every company below it. */
export async function subtreeIds(db: Db, rootId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, companySubtree(rootId));
  return rows.map((row) => row.id);
}

/** Whether `targetId` is `rootId` or one of its descendants. */
export async function isInSubtree(db: Db, rootId: string, targetId: string): Promise<boolean> {
  if (rootId === targetId) return (await queryRows(db, sql`SELECT 1 FROM companies WHERE id = ${rootId}`)).length > 0;
  const rows = await queryRows<{ found: number }>(db, sql`SELECT 1 AS found FROM (${companySubtree(rootId)}) s WHERE s.id = ${targetId} LIMIT 1`);
  return rows.length > 0;
}

/** The caller's company decides the scope: provider staff reach every company, others their subtree. */
export async function companyInScopeOf(db: Db, caller: { id: string; isProvider: boolean }, companyId: string): Promise<boolean> {
  if (caller.isProvider) return (await queryRows(db, sql`SELECT 1 FROM companies WHERE id = ${companyId}`)).length > 0;
  return isInSubtree(db, caller.id, companyId);
}

/** `column IN (…ids)`: an explicit parameter list (both drivers, any size the scope has). */
export function inIds(column: SQL | AnyPgColumn, ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`FALSE`;
  return sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
