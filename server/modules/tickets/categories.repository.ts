import { sql, type SQL } from 'drizzle-orm';
import type { TicketCategory } from '../../../domain/schemas/tickets';
import type { LocalizedText, TicketFieldDefinition, TicketSide } from '../../../domain/tickets';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';

/** The categories' reads: a category with its current version, as provider staff or the customer's side sees it. */

interface CategoryRaw {
  id: string;
  active: boolean;
  updated_at: Date | string;
  version_id: string;
  version: number;
  name: LocalizedText | string;
  fields: TicketFieldDefinition[] | string;
  ticket_count: number;
}

/** jsonb as both drivers hand it back (parsed; a string if a driver did not parse it) */
export const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The fields a side may see: the customer's side never sees an internal one. */
export const visibleFields = (fields: readonly TicketFieldDefinition[], side: TicketSide) => (side === 'PROVIDER' ? [...fields] : fields.filter((f) => !f.internal));

const SELECT = (companyIds: readonly string[]) => sql`SELECT c.id, c.active, c.updated_at, v.id AS version_id, v.version, v.name, v.fields,
    (SELECT count(*)::int FROM tickets t WHERE t.category_id = c.id AND ${inIds(sql`t.company_id`, companyIds)}) AS ticket_count
  FROM ticket_categories c JOIN ticket_category_versions v ON v.id = c.current_version_id`;

function toCategory(row: CategoryRaw, side: TicketSide): TicketCategory {
  return {
    id: row.id,
    name: json(row.name),
    active: row.active,
    version: row.version,
    versionId: row.version_id,
    fields: visibleFields(json(row.fields), side),
    updatedAt: new Date(row.updated_at).toISOString(),
    ticketCount: row.ticket_count,
  };
}

export interface CategoryFilter {
  active?: boolean;
  q?: string;
}

/** What the list sorts by: the Italian name (SPEC §1's reference language) or the last change. */
export const CATEGORY_SORTS = ['name', 'updatedAt', 'id'] as const;
const SORT_COLUMNS: Record<(typeof CATEGORY_SORTS)[number], SQL> = { name: sql`lower(v.name->>'it')`, updatedAt: sql`c.updated_at`, id: sql`c.id` };

/**
 * The categories (a handful: read whole, paged in memory) with their tickets counted in the
 * caller's subtree; the customer's side gets active ones only.
 */
export async function listCategories(
  db: Db,
  companyIds: readonly string[],
  side: TicketSide,
  filter: CategoryFilter,
  sort: { field: (typeof CATEGORY_SORTS)[number]; order: 'ASC' | 'DESC' },
): Promise<TicketCategory[]> {
  const parts: SQL[] = [sql`TRUE`];
  if (side === 'CUSTOMER' || filter.active === true) parts.push(sql`c.active`);
  else if (filter.active === false) parts.push(sql`NOT c.active`);
  if (filter.q) {
    const like = `%${escapeLike(filter.q.trim())}%`;
    parts.push(sql`(v.name->>'it' ILIKE ${like} OR v.name->>'en' ILIKE ${like})`);
  }
  const dir = sort.order === 'ASC' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<CategoryRaw>(db, sql`${SELECT(companyIds)} WHERE ${sql.join(parts, sql` AND `)} ORDER BY ${SORT_COLUMNS[sort.field]} ${dir}, c.id ${dir}`);
  return rows.map((row) => toCategory(row, side));
}

/** One category with its current version, or null. */
export async function findCategory(db: Db, companyIds: readonly string[], id: string, side: TicketSide): Promise<TicketCategory | null> {
  const [row] = await queryRows<CategoryRaw>(db, sql`${SELECT(companyIds)} WHERE c.id = ${id}`);
  return row ? toCategory(row, side) : null;
}

/** The category's current version (all its fields), locked FOR UPDATE OF the category when `lock`: a new version's number is taken under it. */
export async function currentVersion(db: Db, id: string, lock = false): Promise<{ id: string; active: boolean; versionId: string; version: number; name: LocalizedText; fields: TicketFieldDefinition[] } | null> {
  const [row] = await queryRows<CategoryRaw>(
    db,
    sql`SELECT c.id, c.active, c.updated_at, v.id AS version_id, v.version, v.name, v.fields, 0 AS ticket_count
        FROM ticket_categories c JOIN ticket_category_versions v ON v.id = c.current_version_id WHERE c.id = ${id} ${lock ? sql`FOR UPDATE OF c` : sql``}`,
  );
  return row ? { id: row.id, active: row.active, versionId: row.version_id, version: row.version, name: json(row.name), fields: json(row.fields) } : null;
}

// ---------------------------------------------------------------- writes: each save is a new version row

interface CategoryVersionValues {
  id: string;
  versionId: string;
  active: boolean;
  name: LocalizedText;
  fields: readonly TicketFieldDefinition[];
  userId: string;
}

/** A new category and its version 1. */
export async function insertCategory(tx: Db, v: CategoryVersionValues): Promise<void> {
  await tx.execute(sql`INSERT INTO ticket_categories (id, active) VALUES (${v.id}, ${v.active})`);
  await tx.execute(sql`INSERT INTO ticket_category_versions (id, category_id, version, name, fields, created_by)
    VALUES (${v.versionId}, ${v.id}, 1, ${JSON.stringify(v.name)}::jsonb, ${JSON.stringify(v.fields)}::jsonb, ${v.userId})`);
  await tx.execute(sql`UPDATE ticket_categories SET current_version_id = ${v.versionId} WHERE id = ${v.id}`);
}

/** The category's next version (the caller holds the category's lock, so two saves take consecutive numbers), made current. */
export async function insertNextVersion(tx: Db, v: CategoryVersionValues): Promise<void> {
  await tx.execute(sql`INSERT INTO ticket_category_versions (id, category_id, version, name, fields, created_by)
    VALUES (${v.versionId}, ${v.id}, (SELECT max(version) + 1 FROM ticket_category_versions WHERE category_id = ${v.id}), ${JSON.stringify(v.name)}::jsonb, ${JSON.stringify(v.fields)}::jsonb, ${v.userId})`);
  await tx.execute(sql`UPDATE ticket_categories SET current_version_id = ${v.versionId}, active = ${v.active}, updated_at = now() WHERE id = ${v.id}`);
}
