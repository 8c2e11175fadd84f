import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Permissions } from '../../../domain/permissions';
import { companyFields } from '../../../domain/schemas/company';
import type { CompanyRecord, ReferentRecord } from '../../../domain/schemas/companies-api';
import { queryRows, type Db } from '../../db/client';
import { declaredTable } from '../../db/declared-table';
import { companies, companyLogos, users, type CompanyRow } from '../../db/schema';
import { inCompanySubtree } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';

export async function findCompanyById(db: Db, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** The declared company fields' columns (domain/schemas/company.ts); the company's name column is older than its field's name. */
export const companyTable = declaredTable(companyFields, companies, { companyName: 'name' });

const parent = alias(companies, 'parent');
const referent = alias(users, 'referent');

/** The record's columns: the declared ones, the row's own (id, provider flag, times), and what is joined or computed. */
const recordColumns = {
  id: companies.id,
  isProvider: companies.isProvider,
  ...companyTable.columns,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
  parentName: parent.name,
  referent: {
    id: referent.id,
    firstName: referent.firstName,
    lastName: referent.lastName,
    phoneCountry: referent.phoneCountry,
    phone: referent.phone,
    email: referent.email,
    status: referent.status,
    permissions: referent.permissions,
  },
  hasLogo: sql<boolean>`EXISTS (SELECT 1 FROM company_logos l WHERE l.company_id = ${companies.id})`,
};

/** A referent as stored: the record's data and the flags it holds (which decide what a caller may do, service.ts). */
export type ReferentView = Omit<ReferentRecord, 'actions' | 'outOfScope'> & { permissions: Permissions };
/** A company as stored; the service makes it the caller's record (the referent's actions). */
export type CompanyView = Omit<CompanyRecord, 'referent'> & { referent: ReferentView | null };

function toView(row: Record<string, unknown> & { referent: ReferentView | null; hasLogo: boolean }): CompanyView {
  const record = companyTable.toRecord(row) as Omit<CompanyView, 'referent' | 'hasLogo'>;
  return { ...record, hasLogo: Boolean(row.hasLogo), referent: row.referent?.id ? row.referent : null };
}

function selectRecords(db: Db) {
  return db
    .select(recordColumns)
    .from(companies)
    .leftJoin(parent, eq(parent.id, companies.parentId))
    .leftJoin(referent, eq(referent.id, companies.referentUserId));
}

export async function findCompanyView(db: Db, scopeRootId: string, id: string): Promise<CompanyView | undefined> {
  const [row] = await selectRecords(db).where(and(eq(companies.id, id), inCompanySubtree(companies.id, scopeRootId)));
  return row ? toView(row) : undefined;
}

/** What the list can be ordered by: the declaration's sorts (companyFields) and the id. */
export const COMPANY_SORT_COLUMNS = companyTable.sortColumns;

/** The declared filters (companyFields: the parent), the search, a lookup's ids. */
export type CompanyListFilter = Readonly<Record<string, unknown>> & { q?: string; id?: string[] };

/** The companies below `rootId` (its subtree without itself), paged. */
export async function listCompanies(
  db: Db,
  rootId: string,
  filter: CompanyListFilter,
  sort: { field: string; order: 'ASC' | 'DESC' },
  offset: number,
  limit: number,
): Promise<{ rows: CompanyView[]; total: number }> {
  const conditions: SQL[] = [inCompanySubtree(companies.id, rootId), ne(companies.id, rootId)];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(ilike(companies.name, like), ilike(companies.code, like), ilike(companies.businessName, like), ilike(companies.vatNumber, like)) as SQL,
    );
  }
  conditions.push(...companyTable.filterConditions(filter));
  if (filter.id) conditions.push(filter.id.length > 0 ? sql`${companies.id} IN ${filter.id}` : sql`false`);
  const where = and(...conditions);
  const order = sort.order === 'ASC' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectRecords(db).where(where).orderBy(order(COMPANY_SORT_COLUMNS[sort.field]), asc(companies.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows: rows.map(toView), total };
}

/** A company's written columns (companyTable.values of a parsed body, and the parent the service decided). */
export type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'isProvider' | 'logoPath' | 'referentUserId' | 'createdAt' | 'updatedAt'>;

export async function insertCompany(db: Db, values: CompanyValues): Promise<string> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  return row.id;
}

export async function updateCompany(db: Db, id: string, values: Partial<CompanyValues> & { referentUserId?: string | null }): Promise<void> {
  await db.update(companies).set({ ...values, updatedAt: new Date() }).where(eq(companies.id, id));
}

export async function lockCompany(db: Db, id: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

/** Another company already uses this code (codes are unique across the whole tree). */
export async function codeTaken(db: Db, code: string, exceptId?: string): Promise<boolean> {
  const where = exceptId ? and(sql`lower(${companies.code}) = lower(${code})`, ne(companies.id, exceptId)) : sql`lower(${companies.code}) = lower(${code})`;
  const [row] = await db.select({ id: companies.id }).from(companies).where(where).limit(1);
  return row !== undefined;
}

export const COMPANY_USAGE_KINDS = ['users', 'companies', 'stores', 'cards', 'orders'] as const;
export type CompanyUsageKind = (typeof COMPANY_USAGE_KINDS)[number];
const USAGE_TABLES: Record<CompanyUsageKind, string> = {
  users: 'users',
  companies: 'companies',
  stores: 'stores',
  cards: 'gift_cards',
  orders: 'orders',
};

/**
 * What still hangs on a company (a delete is refused while anything does): users that are not
 * disabled (the referent too), sub-companies, stores, cards, orders. Stores, cards and
 * orders live in tables other issues own: a table without a company column (or not there yet)
 * is skipped here, and any other reference is still caught by its foreign key at delete time.
 */
export async function companyUsage(db: Db, id: string): Promise<CompanyUsageKind[]> {
  const present = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name IN ${Object.values(USAGE_TABLES)}
          AND column_name IN ('company_id', 'parent_id')`,
  );
  const used: CompanyUsageKind[] = [];
  for (const kind of COMPANY_USAGE_KINDS) {
    const table = USAGE_TABLES[kind];
    const column = kind === 'companies' ? 'parent_id' : 'company_id';
    if (!present.some((p) => p.table_name === table && p.column_name === column)) continue;
    // a disabled account does not hold a company: it is deleted with it (deleteCompany)
    const active = kind === 'users' ? sql` AND status <> 'DISABLED'` : sql``;
    const rows = await queryRows<{ one: number }>(db, sql`SELECT 1 AS one FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${id}${active} LIMIT 1`);
    if (rows.length > 0) used.push(kind);
  }
  return used;
}

export async function deleteCompany(db: Db, id: string): Promise<void> {
  await db.delete(companies).where(eq(companies.id, id));
}

export async function findLogo(db: Db, companyId: string) {
  const [row] = await db.select().from(companyLogos).where(eq(companyLogos.companyId, companyId));
  return row;
}

export async function saveLogo(db: Db, companyId: string, contentType: string, data: Buffer): Promise<void> {
  await db
    .insert(companyLogos)
    .values({ companyId, contentType, data, size: data.length })
    .onConflictDoUpdate({ target: companyLogos.companyId, set: { contentType, data, size: data.length, updatedAt: new Date() } });
}
