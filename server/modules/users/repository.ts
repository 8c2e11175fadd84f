import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { companies, users, type UserRow } from '../../db/schema';
import { inCompanySubtree } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';

/** A user row with its company's name and whether that company is the provider. */
export interface UserView {
  user: UserRow;
  companyName: string;
  companyIsProvider: boolean;
}

const viewColumns = { user: users, companyName: companies.name, companyIsProvider: companies.isProvider };

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

/** What the list can be ordered by; the declaration (userFields) says which the API offers. */
export const USER_SORT_COLUMNS = {
  lastName: users.lastName,
  firstName: users.firstName,
  email: users.email,
  companyName: companies.name,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
  id: users.id,
} satisfies Record<string, AnyPgColumn>;
export type UserSortField = keyof typeof USER_SORT_COLUMNS;

export interface UserListFilter {
  q?: string;
  companyId?: string;
  status?: string;
  role?: string;
}

/** Users of the companies in the subtree of `rootId` (a filter only ever narrows it). */
export async function listUsers(
  db: Db,
  rootId: string,
  filter: UserListFilter,
  sort: { field: UserSortField; order: 'ASC' | 'DESC' },
  offset: number,
  limit: number,
): Promise<{ rows: UserView[]; total: number }> {
  const conditions: SQL[] = [inCompanySubtree(users.companyId, rootId)];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like)) as SQL);
  }
  if (filter.companyId) conditions.push(eq(users.companyId, filter.companyId));
  if (filter.status) conditions.push(eq(users.status, filter.status as UserRow['status']));
  if (filter.role) conditions.push(eq(users.role, filter.role));
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

export async function updateUser(db: Db, id: string, values: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'pendingEmail' | 'phone' | 'phoneCountry' | 'role' | 'permissions' | 'status'>>): Promise<void> {
  await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function companyIsProvider(db: Db, companyId: string): Promise<boolean> {
  const [row] = await db.select({ isProvider: companies.isProvider }).from(companies).where(eq(companies.id, companyId));
  return row?.isProvider ?? false;
}
