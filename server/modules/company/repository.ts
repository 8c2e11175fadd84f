import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { companies, type CompanyRow } from '../../db/schema';

export async function findCompanyById(db: Db, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** Whether `targetId` is `rootId` or one of its descendants (the company tree of DESIGN §6). */
export async function isInSubtree(db: Db, rootId: string, targetId: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`WITH RECURSIVE subtree(id) AS (
          SELECT id FROM companies WHERE id = ${rootId}
          UNION
          SELECT c.id FROM companies c JOIN subtree s ON c.parent_id = s.id)
        SELECT 1 AS found FROM subtree WHERE id = ${targetId} LIMIT 1`,
  );
  return rows.length > 0;
}
