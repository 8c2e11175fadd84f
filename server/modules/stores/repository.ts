import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { storeFields } from '../../../domain/schemas/store';
import type { StoreRecord } from '../../../domain/schemas/stores-api';
import { queryRows, type Db } from '../../db/client';
import { declaredTable } from '../../db/declared-table';
import { stores, type StoreRow } from '../../db/schema';
import { escapeLike } from '../../lib/like';

/** The declared store fields' columns (domain/schemas/store.ts); the default flag's column is older than its field's name. */
export const storeTable = declaredTable(storeFields, stores, { defaultActivationStore: 'isDefaultActivation' });

export const toRecord = (row: StoreRow) => storeTable.toRecord(row) as StoreRecord;

export async function findStore(db: Db, companyId: string, id: string): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(stores).where(and(eq(stores.id, id), eq(stores.companyId, companyId)));
  return row;
}

/** What a store list can be ordered by: the declaration's sorts and the id. */
export const STORE_SORT_COLUMNS = storeTable.sortColumns;

/** The declared filters (storeFields), the search, the pickers' code and name, a lookup's ids. */
export type StoreListFilter = Readonly<Record<string, unknown>> & { q?: string; code?: string; name?: string; id?: string[] };

const containing = (text: string) => `%${escapeLike(text)}%`;

/** The stores of one company (unique (company_id, code) serves the default order). */
export async function listStores(
  db: Db,
  companyId: string,
  filter: StoreListFilter,
  sort: { field: string; order: 'ASC' | 'DESC' },
  offset: number,
  limit: number,
): Promise<{ rows: StoreRecord[]; total: number }> {
  const conditions: SQL[] = [eq(stores.companyId, companyId)];
  if (filter.q) conditions.push(or(ilike(stores.code, containing(filter.q)), ilike(stores.name, containing(filter.q))) as SQL);
  if (filter.code) conditions.push(ilike(stores.code, containing(filter.code)));
  if (filter.name) conditions.push(ilike(stores.name, containing(filter.name)));
  conditions.push(...storeTable.filterConditions(filter));
  if (filter.id) conditions.push(filter.id.length > 0 ? inArray(stores.id, filter.id) : sql`false`);
  const where = and(...conditions);
  const order = sort.order === 'ASC' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(stores).where(where).orderBy(order(STORE_SORT_COLUMNS[sort.field]), asc(stores.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(stores).where(where),
  ]);
  return { rows: rows.map(toRecord), total };
}

/** A store's written columns (storeTable.values of a parsed body). */
export type StoreValues = Omit<typeof stores.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

/** Inserts unless the code exists in the company; undefined means the code was taken. */
export async function insertStore(db: Db, companyId: string, values: StoreValues): Promise<StoreRow | undefined> {
  const [row] = await db
    .insert(stores)
    .values({ companyId, ...values })
    .onConflictDoNothing({ target: [stores.companyId, stores.code] })
    .returning();
  return row;
}

export async function updateStore(db: Db, id: string, values: StoreValues): Promise<StoreRow> {
  const [row] = await db.update(stores).set({ ...values, updatedAt: new Date() }).where(eq(stores.id, id)).returning();
  return row;
}

/** At most one default activation store per company: the previous one stops being it. */
export async function clearDefaultActivation(db: Db, companyId: string, exceptId?: string): Promise<void> {
  const conditions = [eq(stores.companyId, companyId), eq(stores.isDefaultActivation, true)];
  if (exceptId) conditions.push(ne(stores.id, exceptId));
  await db.update(stores).set({ isDefaultActivation: false, updatedAt: new Date() }).where(and(...conditions));
}

export async function codeTaken(db: Db, companyId: string, code: string, exceptId?: string): Promise<boolean> {
  const conditions = [eq(stores.companyId, companyId), eq(stores.code, code)];
  if (exceptId) conditions.push(ne(stores.id, exceptId));
  const [row] = await db.select({ id: stores.id }).from(stores).where(and(...conditions)).limit(1);
  return row !== undefined;
}

export async function existingCodes(db: Db, companyId: string, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.select({ code: stores.code }).from(stores).where(and(eq(stores.companyId, companyId), inArray(stores.code, codes)));
  return new Set(rows.map((r) => r.code));
}

/** Whether any gift card (activation store) or ledger row names the store. */
export async function storeReferenced(db: Db, id: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM gift_cards WHERE activation_store_id = ${id})
          OR EXISTS (SELECT 1 FROM gift_card_transactions WHERE store_id = ${id})`,
  );
  return rows.length > 0;
}

export async function lockStore(db: Db, id: string): Promise<void> {
  await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).for('update');
}

export async function deleteStore(db: Db, id: string): Promise<void> {
  await db.delete(stores).where(eq(stores.id, id));
}
