import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Permissions } from '../../../domain/permissions';
import type { OperatorRecord } from '../../../domain/schemas/companies-api';
import { operatorFields } from '../../../domain/schemas/operator';
import type { Db } from '../../db/client';
import { declaredTable } from '../../db/declared-table';
import { companies, users } from '../../db/schema';
import { inCompanySubtree } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';

/** The declared operator fields' columns (domain/schemas/operator.ts): a user's, and its company's name (joined). */
export const operatorTable = declaredTable(operatorFields, users, {}, { companyName: companies.name });

/** The record's columns: the declared ones, the user's own (id, role, status, time, flags) and the company's name. */
const operatorColumns = {
  id: users.id,
  ...operatorTable.columns,
  companyName: companies.name,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
  permissions: users.permissions,
};

/** An operator as stored: the record's data and the flags it holds (which decide what a caller may do, service.ts). */
export type OperatorView = Omit<OperatorRecord, 'actions' | 'outOfScope'> & { permissions: Permissions };

const toView = (row: Record<string, unknown>) => operatorTable.toRecord(row) as OperatorView;

export async function findOperator(db: Db, scopeRootId: string, id: string): Promise<OperatorView | undefined> {
  const [row] = await db
    .select(operatorColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, id), eq(users.role, 'OPERATOR'), inCompanySubtree(users.companyId, scopeRootId)));
  return row ? toView(row) : undefined;
}

/** What the list can be ordered by: the declaration's sorts (operatorFields) and the id. */
export const OPERATOR_SORT_COLUMNS = operatorTable.sortColumns;

/** The declared filters (operatorFields: the company, the status) and the search. */
export type OperatorListFilter = Readonly<Record<string, unknown>> & { q?: string };

/** Operators of the companies in the subtree of `rootId` (a filter only ever narrows it). */
export async function listOperators(
  db: Db,
  rootId: string,
  filter: OperatorListFilter,
  sort: { field: string; order: 'ASC' | 'DESC' },
  offset: number,
  limit: number,
): Promise<{ rows: OperatorView[]; total: number }> {
  const conditions: SQL[] = [eq(users.role, 'OPERATOR'), inCompanySubtree(users.companyId, rootId)];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like)) as SQL);
  }
  conditions.push(...operatorTable.filterConditions(filter));
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
