import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, oneTimeTokens, users, type OneTimeTokenKind, type UserRow } from '../../db/schema';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function setPassword(db: Db, userId: string, passwordHash: string, activate: boolean): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      passwordChangedAt: new Date(),
      updatedAt: new Date(),
      ...(activate ? { status: 'ACTIVE' as const } : {}),
    })
    .where(eq(users.id, userId));
}

export async function insertOneTimeToken(
  db: Db,
  token: { kind: OneTimeTokenKind; tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeTokens).values(token);
}

/** A newer link replaces older unused ones of the same kind. */
export async function invalidateOneTimeTokens(db: Db, userId: string, kind: OneTimeTokenKind): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)));
}

/** Locks the token row so two concurrent uses cannot both consume it. */
export async function lockOneTimeToken(db: Db, kind: OneTimeTokenKind, tokenHash: string) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.kind, kind)))
    .for('update');
  return row;
}

export async function markOneTimeTokenUsed(db: Db, id: string): Promise<void> {
  await db.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, id));
}

/** The user and its company in one query (the auth plugin runs it on every protected request). */
export async function findUserWithCompany(db: Db, id: string) {
  const [row] = await db.select({ user: users, company: companies }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, id));
  return row;
}
