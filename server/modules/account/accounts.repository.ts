import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { inCompanySubtree } from '../../db/company-scope';
import { invalidateAllOneTimeTokens } from './repository';

/**
 * Users written by the registry (referents and operators) and by user management (its declared
 * fields, users/repository.ts userTable); sign-in, state and tokens stay in modules/account.
 */
export type NewUser = Pick<typeof users.$inferInsert, 'companyId' | 'firstName' | 'lastName' | 'email'> &
  Partial<Omit<typeof users.$inferInsert, 'id' | 'status' | 'pendingEmail' | 'passwordHash' | 'passwordChangedAt' | 'lastSignInAt' | 'createdAt' | 'updatedAt'>>;

export async function insertPendingUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values({ ...values, status: 'PENDING_ACTIVATION' }).returning();
  return row;
}

/**
 * The registry's contact data (referents and operators): a changed e-mail applies at once, so every
 * link mailed to the old address (reset, activation, e-mail change) stops working in the same
 * transaction; the caller then issues a pending account's new activation link.
 */
export async function updateUserContact(
  db: Db,
  id: string,
  values: Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'phone' | 'phoneCountry'>,
): Promise<UserRow> {
  const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  const [row] = await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  if (before && row && before.email.toLowerCase() !== row.email.toLowerCase()) await invalidateAllOneTimeTokens(db, id);
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
    .where(and(eq(users.id, id), inCompanySubtree(users.companyId, scopeRootId)));
  return row;
}

/** Deletes an account nothing depends on (a referent who never activated): its tokens go with it. */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/**
 * Deletes the disabled accounts of a company being deleted (sessions and keys cascade; ledger
 * rows keep their history with the user set to null, though a company with no cards has none).
 */
export async function deleteDisabledUsersOf(db: Db, companyId: string): Promise<void> {
  await db.delete(users).where(and(eq(users.companyId, companyId), eq(users.status, 'DISABLED')));
}
