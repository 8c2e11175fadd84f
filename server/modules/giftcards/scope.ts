import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * The ids of a company and every company below it. Routes have already checked that the
 * company is in the caller's scope, so these ids are exactly what the caller may see; nothing
 * in a body or query can add to them.
 */
export async function subtreeIds(db: Db, companyId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`WITH RECURSIVE subtree(id) AS (
          SELECT id FROM companies WHERE id = ${companyId}
          UNION
          SELECT c.id FROM companies c JOIN subtree s ON c.parent_id = s.id)
        SELECT id FROM subtree`,
  );
  return rows.map((row) => row.id);
}

/** `column IN (…ids)`: an explicit parameter list (both drivers, any size the scope has). */
export function inIds(column: ReturnType<typeof sql.raw> | ReturnType<typeof sql>, ids: readonly string[]) {
  if (ids.length === 0) return sql`FALSE`;
  return sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
