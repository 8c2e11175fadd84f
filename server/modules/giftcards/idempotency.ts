import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiErrorCode } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { ApiError } from '../../lib/errors';

/** What a money-moving call answers: a body, or a refusal code (the refusal is committed too). */
export type Outcome<T> = { ok: true; body: T } | { ok: false; status: number; code: ApiErrorCode; detail: string };

export interface IdempotencyRequest {
  key: string;
  userId: string;
  /** names the operation and its target, e.g. `cards.reload:<id>` */
  route: string;
  body: unknown;
}

const KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The Idempotency-Key header, checked: absent → null; malformed → 400. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const raw = headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY.test(key)) throw new ApiError(400, 'VALIDATION_ERROR', 'The Idempotency-Key header is not valid', { 'Idempotency-Key': 'validation.invalid' });
  return key;
}

const hashOf = (request: IdempotencyRequest) => createHash('sha256').update(JSON.stringify([request.route, request.body])).digest('hex');

/** Keys are kept this long: a replay later than that is a new request. */
export const KEY_RETENTION_HOURS = 24;

/** Drops expired keys (index on created_at); run now and then by the calls that add keys. */
export async function purgeExpiredKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${KEY_RETENTION_HOURS})`);
}

function maybePurge(db: Db, request: IdempotencyRequest | null) {
  // about one keyed call in 200 pays for the clean-up, after its own work, never failing it
  if (request && Math.random() < 0.005) void purgeExpiredKeys(db).catch(() => undefined);
}

/**
 * Runs `work` in one DB transaction together with the key's row. The key row is inserted first:
 * a concurrent call with the same key waits on the unique index until the first commits, then
 * finds the stored answer and replays it, so money moves once. A different body under the same
 * key is refused (IDEMPOTENCY_KEY_REUSED). When `work` throws, everything rolls back, key included.
 */
export async function runIdempotent<T>(db: Db, request: IdempotencyRequest | null, work: (tx: Db) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  const outcome = await runInTransaction(db, request, work);
  maybePurge(db, request);
  return outcome;
}

function runInTransaction<T>(db: Db, request: IdempotencyRequest | null, work: (tx: Db) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  return db.transaction(async (tx) => {
    if (!request) return work(tx);
    const hash = hashOf(request);
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ key: request.key, userId: request.userId, route: request.route, requestHash: hash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
      if (!stored || stored.requestHash !== hash || stored.responseBody === null) {
        return { ok: false, status: 422, code: 'IDEMPOTENCY_KEY_REUSED', detail: 'This Idempotency-Key was used for another request' };
      }
      return stored.responseBody as Outcome<T>;
    }
    const outcome = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: outcome.ok ? 200 : outcome.status, responseBody: sql`${JSON.stringify(outcome)}::jsonb` })
      .where(eq(idempotencyKeys.id, inserted[0].id));
    return outcome;
  });
}

/** The HTTP answer of an outcome: the body, or the refusal as problem+json. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.body;
  throw new ApiError(outcome.status, outcome.code, outcome.detail);
}

/**
 * Idempotency for work that spans several transactions (bulk actions run in chunks): the key is
 * claimed first in its own statement; a replay while the first call runs answers 409 CONFLICT,
 * after it the stored answer. If the work fails the claim is released, so a retry runs again.
 */
export async function runIdempotentSpanning<T>(db: Db, request: IdempotencyRequest | null, work: () => Promise<T>): Promise<Outcome<T>> {
  if (!request) return { ok: true, body: await work() };
  const hash = hashOf(request);
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ key: request.key, userId: request.userId, route: request.route, requestHash: hash })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (inserted.length === 0) {
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
    if (!stored || stored.requestHash !== hash) {
      return { ok: false, status: 422, code: 'IDEMPOTENCY_KEY_REUSED', detail: 'This Idempotency-Key was used for another request' };
    }
    if (stored.responseBody === null) return { ok: false, status: 409, code: 'CONFLICT', detail: 'The first request with this Idempotency-Key is still running' };
    return stored.responseBody as Outcome<T>;
  }
  try {
    const outcome: Outcome<T> = { ok: true, body: await work() };
    await db
      .update(idempotencyKeys)
      .set({ responseStatus: 200, responseBody: sql`${JSON.stringify(outcome)}::jsonb` })
      .where(eq(idempotencyKeys.id, inserted[0].id));
    return outcome;
  } catch (err) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, inserted[0].id));
    throw err;
  }
}
