import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { namedStatement, type Db } from '../db/client';
import { bulkActionItems, idempotencyKeys } from '../db/schema';

/** The SQL of idempotency keys (idempotency.ts decides: replay, refuse, run, claim, release). */

/** Drops expired keys (index on created_at), never a claim whose lease is live. */
export async function purgeExpiredKeys(db: Db, hours: number): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${hours}) AND (${idempotencyKeys.leaseExpiresAt} IS NULL OR ${idempotencyKeys.leaseExpiresAt} < now())`,
    );
}

/**
 * The integration API's key lock, held until the transaction ends, taken in the statement that
 * inserts the key's row: a second call with the same (API key, route, key) while the first runs
 * does not get it and answers at once (`locked` false, nothing inserted), rather than waiting on
 * the unique index for the first to commit. `id` is null when the key's row exists already.
 */
export const lockAndInsertKey = namedStatement<{ locked: boolean; id: string | null }>(
  'tessera_idempotency_lock_insert',
  sql`WITH lock AS (SELECT pg_try_advisory_xact_lock(hashtext(${sql.placeholder('lockName')}::text)) AS locked),
      inserted AS (
        INSERT INTO idempotency_keys (key, user_id, api_key_id, route, request_hash)
        SELECT ${sql.placeholder('key')}::text, ${sql.placeholder('userId')}::uuid, ${sql.placeholder('apiKeyId')}::uuid, ${sql.placeholder('route')}::text, ${sql.placeholder('hash')}::text
        FROM lock WHERE lock.locked
        ON CONFLICT DO NOTHING
        RETURNING id)
      SELECT lock.locked, (SELECT id FROM inserted) AS id FROM lock`,
);

/** The answer kept on the key's row, in the transaction of the work. */
export const storeAnswer = namedStatement<never>(
  'tessera_idempotency_store_answer',
  sql`UPDATE idempotency_keys SET response_status = ${sql.placeholder('status')}::integer, response_body = ${sql.placeholder('body')}::jsonb WHERE id = ${sql.placeholder('id')}::uuid`,
);

/** A user's key row (no API key); its id, or null when the key is there already (the unique index waits for a concurrent first). */
export async function insertKey(tx: Db, k: { key: string; userId: string; route: string; hash: string }): Promise<string | null> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ key: k.key, userId: k.userId, apiKeyId: null, route: k.route, requestHash: k.hash })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  return inserted[0]?.id ?? null;
}

/** The stored key: a user's by (user, key), an API key's by (API key, route, key). */
export async function findKey(db: Db, k: { key: string; userId: string; apiKeyId: string | null; route: string }): Promise<typeof idempotencyKeys.$inferSelect | undefined> {
  const same =
    k.apiKeyId === null
      ? and(eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.key, k.key), isNull(idempotencyKeys.apiKeyId))
      : and(eq(idempotencyKeys.apiKeyId, k.apiKeyId), eq(idempotencyKeys.route, k.route), eq(idempotencyKeys.key, k.key));
  const [stored] = await db.select().from(idempotencyKeys).where(same);
  return stored;
}

const leaseFor = (leaseSeconds: number) => sql`now() + make_interval(secs => ${leaseSeconds})`;
const mine = (keyId: string, owner: string) => and(eq(idempotencyKeys.id, keyId), eq(idempotencyKeys.leaseOwner, owner));

/** A new claim under a lease, in its own statement; undefined when the key is there already. */
export async function insertClaim(db: Db, c: { key: string; userId: string; route: string; hash: string; owner: string; leaseSeconds: number }): Promise<{ id: string; work: unknown } | undefined> {
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({ key: c.key, userId: c.userId, route: c.route, requestHash: c.hash, leaseOwner: c.owner, leaseExpiresAt: leaseFor(c.leaseSeconds) })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id, work: idempotencyKeys.work });
  return inserted;
}

/** Takes over a claim whose runner is gone (no answer, lease run out), in one statement: of several retries, one wins. */
export async function takeOverClaim(db: Db, keyId: string, owner: string, leaseSeconds: number): Promise<{ id: string; work: unknown } | undefined> {
  const [claimed] = await db
    .update(idempotencyKeys)
    .set({ leaseOwner: owner, leaseExpiresAt: leaseFor(leaseSeconds) })
    .where(and(eq(idempotencyKeys.id, keyId), isNull(idempotencyKeys.responseBody), or(isNull(idempotencyKeys.leaseExpiresAt), lt(idempotencyKeys.leaseExpiresAt, sql`now()`))))
    .returning({ id: idempotencyKeys.id, work: idempotencyKeys.work });
  return claimed;
}

/** The lease moved on (the runner's heartbeat), while it is the owner's. */
export async function renewClaim(db: Db, keyId: string, owner: string, leaseSeconds: number): Promise<void> {
  await db.update(idempotencyKeys).set({ leaseExpiresAt: leaseFor(leaseSeconds) }).where(mine(keyId, owner));
}

/** What the work acts on, so a takeover resumes the same work. */
export async function saveClaimWork(db: Db, keyId: string, owner: string, work: unknown): Promise<void> {
  await db.update(idempotencyKeys).set({ work: sql`${JSON.stringify(work)}::jsonb` }).where(mine(keyId, owner));
}

/** The claim's answer, stored by its lease holder only (and its bulk progress rows dropped); false when the claim is no longer the owner's. */
export function storeClaimAnswer(db: Db, keyId: string, owner: string, outcome: unknown): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [mineStill] = await tx
      .update(idempotencyKeys)
      .set({ responseStatus: 200, responseBody: sql`${JSON.stringify(outcome)}::jsonb`, leaseOwner: null, leaseExpiresAt: null, work: null })
      .where(and(mine(keyId, owner), isNull(idempotencyKeys.responseBody)))
      .returning({ id: idempotencyKeys.id });
    if (mineStill) await tx.delete(bulkActionItems).where(eq(bulkActionItems.keyId, keyId));
    return mineStill !== undefined;
  });
}

/** The answer stored on the key, or null. */
export async function storedResponse(db: Db, keyId: string): Promise<unknown> {
  const [row] = await db.select({ body: idempotencyKeys.responseBody }).from(idempotencyKeys).where(eq(idempotencyKeys.id, keyId));
  return row?.body ?? null;
}

/** After a failure: a claim with no progress is dropped (a retry starts afresh); otherwise its lease ends now. */
export async function releaseClaim(db: Db, keyId: string, owner: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [progress] = await tx.select({ one: sql`1` }).from(bulkActionItems).where(eq(bulkActionItems.keyId, keyId)).limit(1);
    const held = and(mine(keyId, owner), isNull(idempotencyKeys.responseBody));
    if (progress) await tx.update(idempotencyKeys).set({ leaseExpiresAt: sql`now()` }).where(held);
    else await tx.delete(idempotencyKeys).where(held);
  });
}
