import { sql } from 'drizzle-orm';
import { namedStatement, queryRows, type Db } from '../../db/client';
import { inIds } from '../../db/company-scope';

/**
 * Stores as the ledger sees them (the stores module owns their CRUD). A card may be used at a
 * store of its own company or of a company above it, the nearest one winning.
 */
export async function findStoreForCard(db: Db, cardCompanyId: string, code: string): Promise<string | undefined> {
  const rows = await storeForCardStatement(db, { companyId: cardCompanyId, code });
  return rows[0]?.id;
}

/** Every till move's store lookup: planned once per connection. */
const storeForCardStatement = namedStatement<{ id: string }>(
  'tessera_store_for_card',
  sql`WITH RECURSIVE up(id, parent_id, depth) AS (
        SELECT id, parent_id, 0 FROM companies WHERE id = ${sql.placeholder('companyId')}::uuid
        UNION ALL
        SELECT c.id, c.parent_id, up.depth + 1 FROM companies c JOIN up ON c.id = up.parent_id WHERE up.depth < 20)
      SELECT s.id FROM stores s JOIN up ON up.id = s.company_id WHERE s.code = ${sql.placeholder('code')}::text ORDER BY up.depth LIMIT 1`,
);

/** Default activation store of each company (its own, else the nearest company above it's). */
export async function defaultActivationStores(db: Db, companyIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (companyIds.length === 0) return out;
  const rows = await queryRows<{ company_id: string; store_id: string }>(
    db,
    sql`WITH RECURSIVE up(origin, id, parent_id, depth) AS (
          SELECT id, id, parent_id, 0 FROM companies WHERE ${inIds(sql`id`, companyIds)}
          UNION ALL
          SELECT up.origin, c.id, c.parent_id, up.depth + 1 FROM companies c JOIN up ON c.id = up.parent_id WHERE up.depth < 20)
        SELECT DISTINCT ON (up.origin) up.origin AS company_id, s.id AS store_id
        FROM up JOIN stores s ON s.company_id = up.id AND s.is_default_activation
        ORDER BY up.origin, up.depth`,
  );
  for (const row of rows) out.set(row.company_id, row.store_id);
  return out;
}
