import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OperatorRecord } from '../../../domain/schemas/companies-api';
import type { Db } from '../../db/client';
import { companies, users, type UserRow } from '../../db/schema';
import { inSubtree } from '../companies/repository';

/** Users written by the registry (referents and operators); sign-in and tokens stay in modules/user. */
export type NewUser = Pick<
  typeof users.$inferInsert,
  'companyId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'phoneCountry' | 'role' | 'permissions' | 'language'
>;

export async function insertPendingUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values({ ...values, status: 'PENDING_ACTIVATION' }).returning();
  return row;
}

export async function updateUserContact(
  db: Db,
  id: string,
  values: Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'phone' | 'phoneCountry'>,
): Promise<UserRow> {
  const [row] = await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row;
}

export async function disableUser(db: Db, id: string): Promise<void> {
  await db.update(users).set({ status: 'DISABLED', updatedAt: new Date() }).where(eq(users.id, id));
}

/** Whether another account already uses this e-mail (any case). */
export async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const same = sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(same, sql`${users.id} <> ${exceptId}`) : same)
    .limit(1);
  return row !== undefined;
}

export async function findUserInSubtree(db: Db, scopeRootId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inSubtree(users.companyId, scopeRootId)));
  return row;
}

const operatorColumns = {
  id: users.id,
  companyId: users.companyId,
  companyName: companies.name,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneCountry: users.phoneCountry,
  phone: users.phone,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
};

function toRecord(row: Omit<OperatorRecord, 'createdAt'> & { createdAt: Date }): OperatorRecord {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function findOperator(db: Db, scopeRootId: string, id: string): Promise<OperatorRecord | undefined> {
  const [row] = await db
    .select(operatorColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, id), eq(users.role, 'OPERATOR'), inSubtree(users.companyId, scopeRootId)));
  return row ? toRecord(row) : undefined;
}

export const OPERATOR_SORT_FIELDS = ['lastName', 'firstName', 'email', 'companyName', 'status', 'createdAt'] as const;
export type OperatorSortField = (typeof OPERATOR_SORT_FIELDS)[number];
const SORT_COLUMNS: Record<OperatorSortField, AnyPgColumn> = {
  lastName: users.lastName,
  firstName: users.firstName,
  email: users.email,
  companyName: companies.name,
  status: users.status,
  createdAt: users.createdAt,
};

export interface OperatorListFilter {
  q?: string;
  companyId?: string;
  status?: string;
}

/** Operators of the companies in the subtree of `rootId` (a filter only ever narrows it). */
export async function listOperators(
  db: Db,
  rootId: string,
  filter: OperatorListFilter,
  sort: { field: OperatorSortField; order: 'ASC' | 'DESC' },
  offset: number,
  limit: number,
): Promise<{ rows: OperatorRecord[]; total: number }> {
  const conditions: SQL[] = [eq(users.role, 'OPERATOR'), inSubtree(users.companyId, rootId)];
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like)) as SQL);
  }
  if (filter.companyId) conditions.push(eq(users.companyId, filter.companyId));
  if (filter.status) conditions.push(eq(users.status, filter.status as UserRow['status']));
  const where = and(...conditions);
  const order = sort.order === 'ASC' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(operatorColumns)
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(order(SORT_COLUMNS[sort.field]), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(where),
  ]);
  return { rows: rows.map(toRecord), total };
}
