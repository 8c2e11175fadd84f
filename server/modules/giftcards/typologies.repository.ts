import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { CatalogTypology, TypologyCreateBody, TypologyFilter, TypologyUpdateBody } from '../../../domain/catalog';
import { typologyFields } from '../../../domain/typology';
import { queryRows, type Db } from '../../db/client';
import { declaredTable } from '../../db/declared-table';
import { cardTypologies, type TypologyRow } from '../../db/schema';
import { inIds } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';

/** The declared typology fields' columns (domain/typology.ts). */
export const typologyTable = declaredTable(typologyFields, cardTypologies);

/** The record: the declared fields, the id, the owner company (null: the provider's catalog) and the creation time. */
const toTypology = (row: TypologyRow) => typologyTable.toRecord(row) as CatalogTypology;

/** What a caller of the subtree sees: the provider catalog (company_id null) and the subtree's own typologies. */
const visible = (companyIds: readonly string[]) => or(isNull(cardTypologies.companyId), inIds(cardTypologies.companyId, companyIds)) as SQL;

/** What the catalog can be ordered by: the declaration's sorts and the id. */
export const TYPOLOGY_SORT_COLUMNS = typologyTable.sortColumns;

/** A page of the catalog (small table: an exact total). */
export async function listCatalog(
  db: Db,
  companyIds: readonly string[],
  query: { filter: TypologyFilter; sort: { field: string; order: 'ASC' | 'DESC' }; offset: number; limit: number },
): Promise<{ rows: CatalogTypology[]; total: number }> {
  const { filter } = query;
  const conditions: SQL[] = [visible(companyIds)];
  if (filter.q) conditions.push(or(ilike(cardTypologies.name, `%${escapeLike(filter.q)}%`), ilike(cardTypologies.sku, `%${escapeLike(filter.q)}%`)) as SQL);
  conditions.push(...typologyTable.filterConditions(filter));
  if (filter.id) conditions.push(inIds(cardTypologies.id, filter.id));
  const where = and(...conditions);
  const order = query.sort.order === 'DESC' ? desc : asc;
  const rows = await db
    .select({ typology: cardTypologies, total: sql<string | number>`count(*) OVER ()` })
    .from(cardTypologies)
    .where(where)
    .orderBy(order(TYPOLOGY_SORT_COLUMNS[query.sort.field]), order(cardTypologies.id))
    .limit(query.limit)
    .offset(query.offset);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.offset > 0) {
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(cardTypologies).where(where);
    total = count.n;
  }
  return { rows: rows.map((row) => toTypology(row.typology)), total };
}

/** One typology the subtree can see (undefined otherwise). */
export async function findTypology(db: Db, companyIds: readonly string[], id: string): Promise<CatalogTypology | undefined> {
  const [row] = await db.select().from(cardTypologies).where(and(eq(cardTypologies.id, id), visible(companyIds)));
  return row ? toTypology(row) : undefined;
}

/** The written columns: every declared field (an optional one left out is null), a variable value with no fixed one. */
const writtenValues = (body: TypologyUpdateBody) => ({
  ...(typologyTable.values(body, { replace: true }) as Omit<typeof cardTypologies.$inferInsert, 'id' | 'companyId' | 'createdAt'>),
  valueCents: body.variableValue ? null : (body.valueCents ?? null),
});

export async function insertTypology(db: Db, body: TypologyCreateBody): Promise<CatalogTypology> {
  const [row] = await db
    .insert(cardTypologies)
    .values({ companyId: body.companyId ?? null, ...writtenValues(body) })
    .returning();
  return toTypology(row);
}

export async function updateTypology(db: Db, id: string, body: TypologyUpdateBody): Promise<CatalogTypology | undefined> {
  const [row] = await db.update(cardTypologies).set(writtenValues(body)).where(eq(cardTypologies.id, id)).returning();
  return row ? toTypology(row) : undefined;
}

/** Whether any card or batch was made of the typology (then its type and variable value are fixed). */
export async function typologyInUse(db: Db, id: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM card_batches WHERE typology_id = ${id}) OR EXISTS (SELECT 1 FROM typology_progressives WHERE typology_id = ${id})
          OR EXISTS (SELECT 1 FROM gift_cards WHERE typology_id = ${id}) AS used`,
  );
  return row.used;
}
