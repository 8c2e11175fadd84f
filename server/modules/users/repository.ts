import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { userFields } from '../../../domain/schemas/users';
import type { Db } from '../../db/client';
import { declaredTable } from '../../db/declared-table';
import { companies, users, type UserRow } from '../../db/schema';
import { inCompanySubtree } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';

/** The declared user fields' columns (domain/schemas/users.ts); the company's name is its company's. */
export const userTable = declaredTable(userFields, users, {}, { companyName: companies.name });

/** The record's columns: the declared ones, the row's own (id, state, language, times) and the company's name. */
const recordColumns = {
  id: users.id,
  ...userTable.columns,
  pendingEmail: users.pendingEmail,
  status: users.status,
  companyName: companies.name,
  language: users.language,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
};

/**
 * A user as stored: the row (what the service decides on), its record's columns (userTable.toRecord
 * makes them the record's data) and whether its company is the provider.
 */
export interface UserView {
  user: UserRow;
  record: Record<string, unknown>;
  companyIsProvider: boolean;
}

const viewColumns = { user: users, record: recordColumns, companyIsProvider: companies.isProvider };

export async function findUserInScope(db: Db, rootId: string, id: string): Promise<UserView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, id), inCompanySubtree(users.companyId, rootId)));
  return row;
}

/** The same row locked (FOR UPDATE of the user only), so a change is decided on what it changes. */
export async function lockUserInScope(db: Db, rootId: string, id: string): Promise<UserView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, id), inCompanySubtree(users.companyId, rootId)))
    .for('update', { of: users });
  return row;
}

/**
 * Locks every ACTIVE user of a company and answers them: the last-manager check counts them
 * after the lock, so two concurrent strips (or disables) of a company's two managers serialise
 * and the second sees the first's change.
 */
export async function lockActiveUsersOf(db: Db, companyId: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.id))
    .for('update');
}

/** What the list can be ordered by: the declaration's sorts (userFields) and the id. */
export const USER_SORT_COLUMNS = userTable.sortColumns;

/** The declared filters (userFields: company, role, status) and the search. */
export type UserListFilter = Readonly<Record<string, unknown>> & { q?: string };

/** Users of the companies in the subtree of `rootId` (a filter only ever narrows it). */
export async function listUsers(
  db: Db,
  rootId: string,
  filter: UserListFilter,
  sort: { field: string; order: 'ASC' | 'DESC' },
  offset: number,
  limit: number,
): Promise<{ rows: UserView[]; total: number }> {
  const conditions: SQL[] = [inCompanySubtree(users.companyId, rootId)];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like)) as SQL);
  }
  conditions.push(...userTable.filterConditions(filter));
  const where = and(...conditions);
  const order = sort.order === 'ASC' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(viewColumns)
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(order(USER_SORT_COLUMNS[sort.field]), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(where),
  ]);
  return { rows, total };
}

/** A user's written columns: userTable.values of a parsed body, and what the service decided (the e-mail or the one waiting, the status). */
export type UserValues = Partial<Omit<typeof users.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>>;

export async function updateUser(db: Db, id: string, values: UserValues): Promise<void> {
  await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function companyIsProvider(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db.select({ isProvider: companies.isProvider }).from(companies).where(eq(companies.id, companyId));
  return row?.isProvider ?? false;
}
