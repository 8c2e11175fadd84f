import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Permissions } from '../../../domain/permissions';
import type { OperatorRecord } from '../../../domain/schemas/companies-api';
import type { Db } from '../../db/client';
import { companies, users, type UserRow } from '../../db/schema';
import { inCompanySubtree } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';

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
  permissions: users.permissions,
};

/** An operator as stored: the record's data and the flags it holds (which decide what a caller may do, service.ts). */
export type OperatorView = Omit<OperatorRecord, 'actions' | 'outOfScope'> & { permissions: Permissions };

function toView(row: Omit<OperatorView, 'createdAt'> & { createdAt: Date }): OperatorView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function findOperator(db: Db, scopeRootId: string, id: string): Promise<OperatorView | undefined> {
  const [row] = await db
    .select(operatorColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, id), eq(users.role, 'OPERATOR'), inCompanySubtree(users.companyId, scopeRootId)));
  return row ? toView(row) : undefined;
}

/** What the list can be ordered by; the declaration (operatorFields) says which of these the API offers. */
export const OPERATOR_SORT_COLUMNS = {
  lastName: users.lastName,
  firstName: users.firstName,
  email: users.email,
  companyName: companies.name,
  status: users.status,
  createdAt: users.createdAt,
  id: users.id,
} satisfies Record<string, AnyPgColumn>;
export type OperatorSortField = keyof typeof OPERATOR_SORT_COLUMNS;

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
): Promise<{ rows: OperatorView[]; total: number }> {
  const conditions: SQL[] = [eq(users.role, 'OPERATOR'), inCompanySubtree(users.companyId, rootId)];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
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
      .orderBy(order(OPERATOR_SORT_COLUMNS[sort.field]), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(where),
  ]);
  return { rows: rows.map(toView), total };
}
