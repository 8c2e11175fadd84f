import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
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

/**
 * Ends every unused link of the user, of every kind (reset, activation, e-mail change): its
 * e-mail changed, so a link mailed to the old address must not work any more.
 */
export async function invalidateAllOneTimeTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), isNull(oneTimeTokens.usedAt)));
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

export type ProfileValues = Pick<UserRow, 'firstName' | 'lastName' | 'phone' | 'phoneCountry' | 'address' | 'city' | 'state' | 'zip' | 'country'> & { pendingEmail?: string | null };

export async function updateProfile(db: Db, id: string, values: ProfileValues): Promise<UserRow> {
  const [row] = await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row;
}

export async function setLanguage(db: Db, id: string, language: string): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The pending e-mail becomes the e-mail. */
export async function confirmPendingEmail(db: Db, id: string, email: string): Promise<void> {
  await db.update(users).set({ email, pendingEmail: null, updatedAt: new Date() }).where(eq(users.id, id));
}

/**
 * Whether another account uses this e-mail (any case), or (with `pending`) waits to confirm it,
 * so two changes to one address cannot both be pending.
 */
export async function emailInUse(db: Db, email: string, exceptId: string, pending = true): Promise<boolean> {
  const lower = email.trim().toLowerCase();
  const taken = sql`lower(${users.email}) = ${lower}`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(pending ? or(taken, sql`lower(${users.pendingEmail}) = ${lower}`) : taken, sql`${users.id} <> ${exceptId}`))
    .limit(1);
  return row !== undefined;
}

/** The user's last sign-in is now (the users list shows it). */
export async function markSignedIn(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
}

/** The user's name (null when none is set), address and language now, for e-mails that go to them; undefined when the user is gone. */
export async function userContact(db: Db, userId: string): Promise<{ name: string | null; email: string; language: string } | undefined> {
  const [row] = await queryRows<{ name: string | null; email: string; language: string }>(
    db,
    sql`SELECT NULLIF(trim(concat_ws(' ', first_name, last_name)), '') AS name, email, language FROM users WHERE id = ${userId}`,
  );
  return row;
}
