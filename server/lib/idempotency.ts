import type { ApiErrorCode } from '../../domain/errors';
import type { Db } from '../db/client';
import { sha256 } from './tokens';
import { ApiError } from './errors';
import {
  findKey,
  insertClaim,
  insertKey,
  lockAndInsertKey,
  purgeExpiredKeys as purgeKeysOlderThan,
  releaseClaim,
  renewClaim,
  saveClaimWork,
  storeAnswer,
  storeClaimAnswer,
  storedResponse,
  takeOverClaim,
} from './idempotency.repository';
import { isDatabaseUnavailable } from './pg-errors';

/** What a money-moving call answers: a body, or a refusal code (the refusal is committed too). */
export type Outcome<T> = { ok: true; body: T } | { ok: false; status: number; code: ApiErrorCode; detail: string };

export interface IdempotencyRequest {
  key: string;
  userId: string;
  /** names the operation and its target, e.g. `cards.reload:<id>` */
  route: string;
  body: unknown;
  /**
   * An integration call's key (api_keys.id): the Idempotency-Key is then scoped to (API key, route,
   * key), and a replay while the first call still runs answers 409 IDEMPOTENCY_IN_PROGRESS instead
   * of waiting for it.
   */
  apiKeyId?: string | null;
  /** told when the answer is the stored answer of an earlier call (the integration API says so in a header) */
  onReplay?: () => void;
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

export const hashOf = (request: IdempotencyRequest) => sha256(JSON.stringify([request.route, request.body]));

/** Keys are kept this long by default (IDEMPOTENCY_KEY_TTL_HOURS): a replay later than that is a new request. */
export const KEY_RETENTION_HOURS = 24;

/** Drops expired keys (index on created_at), never a claim whose lease is live. */
export function purgeExpiredKeys(db: Db, hours = KEY_RETENTION_HOURS): Promise<void> {
  return purgeKeysOlderThan(db, hours);
}

/**
 * Runs `work` in one DB transaction together with the key's row. The key row is inserted first:
 * a concurrent call with the same key waits on the unique index until the first commits, then
 * finds the stored answer and replays it, so money moves once. A different body under the same
 * key is refused (IDEMPOTENCY_KEY_REUSED). When `work` throws, everything rolls back, key included.
 */
export async function runIdempotent<T>(db: Db, request: IdempotencyRequest | null, work: (tx: Db) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  return runInTransaction(db, request, work);
}

function runInTransaction<T>(db: Db, request: IdempotencyRequest | null, work: (tx: Db) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  return db.transaction(async (tx) => {
    if (!request) return work(tx);
    const apiKeyId = request.apiKeyId ?? null;
    const hash = hashOf(request);
    let insertedId: string | null;
    if (apiKeyId !== null) {
      // the key lock and the key's row in one round trip: no row is inserted when the lock is busy
      const [claimed] = await lockAndInsertKey(tx, { lockName: `idempotency:${apiKeyId}:${request.route}:${request.key}`, key: request.key, userId: request.userId, apiKeyId, route: request.route, hash });
      if (claimed?.locked !== true) return inProgress();
      insertedId = claimed.id;
    } else {
      insertedId = await insertKey(tx, { key: request.key, userId: request.userId, route: request.route, hash });
    }
    if (insertedId === null) {
      const stored = await findKey(tx, { key: request.key, userId: request.userId, apiKeyId, route: request.route });
      if (!stored || stored.requestHash !== hash || stored.responseBody === null) {
        return { ok: false, status: 422, code: 'IDEMPOTENCY_KEY_REUSED', detail: 'This Idempotency-Key was used for another request' };
      }
      request.onReplay?.();
      return stored.responseBody as Outcome<T>;
    }
    const outcome = await work(tx);
    await storeAnswer(tx, { status: outcome.ok ? 200 : outcome.status, body: JSON.stringify(outcome), id: insertedId });
    return outcome;
  });
}

const inProgress = (): Outcome<never> => ({ ok: false, status: 409, code: 'IDEMPOTENCY_IN_PROGRESS', detail: 'The first request with this Idempotency-Key is still running' });

/** The HTTP answer of an outcome: the body, or the refusal as problem+json. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.body;
  throw new ApiError(outcome.status, outcome.code, outcome.detail);
}

/** A claim on a key for work spanning several transactions, held by one runner under a lease. */
export interface Claim {
  keyId: string;
  /** what the work stored when it started (`saveWork`); null on a fresh claim */
  work: unknown;
  /** fixes what the work acts on, so a takeover resumes the same work */
  saveWork(work: unknown): Promise<void>;
}

const reused = (): Outcome<never> => ({ ok: false, status: 422, code: 'IDEMPOTENCY_KEY_REUSED', detail: 'This Idempotency-Key was used for another request' });
const running = (): Outcome<never> => ({ ok: false, status: 409, code: 'CONFLICT', detail: 'The first request with this Idempotency-Key is still running' });

/**
 * Idempotency for work that spans several transactions (bulk actions run in chunks). The key is
 * claimed in its own statement under a lease that the runner renews while it works (every third
 * of the lease), so a claim never outlives its process: a replay while the lease is live answers
 * 409 CONFLICT; after the work, the stored answer; after the runner died (lease run out), the
 * replay takes the claim over and `work` runs again with the claim's saved state. The work must
 * make that safe: keyed bulk actions record each card's progress in the card's own transaction
 * and skip the cards already done. If the work throws, the lease is released at once (and a
 * claim that did nothing is dropped), so a retry runs again.
 */
export async function runClaimed<T>(db: Db, request: IdempotencyRequest, leaseSeconds: number, work: (claim: Claim) => Promise<T>): Promise<Outcome<T>> {
  const hash = hashOf(request);
  const owner = crypto.randomUUID();
  let claimed = await insertClaim(db, { key: request.key, userId: request.userId, route: request.route, hash, owner, leaseSeconds });
  if (!claimed) {
    const stored = await findKey(db, { key: request.key, userId: request.userId, apiKeyId: null, route: request.route });
    if (!stored || stored.requestHash !== hash) return reused();
    if (stored.responseBody !== null) return stored.responseBody as Outcome<T>;
    // take over a claim whose runner is gone (one statement: of several retries, one wins)
    claimed = await takeOverClaim(db, stored.id, owner, leaseSeconds);
    if (!claimed) return running();
  }
  const keyId = claimed.id;
  const heartbeat = setInterval(
    () => void renewClaim(db, keyId, owner, leaseSeconds).catch(() => undefined),
    Math.max(100, (leaseSeconds * 1000) / 3),
  );
  heartbeat.unref();
  const claim: Claim = {
    keyId,
    work: claimed.work,
    saveWork: async (value) => {
      await saveClaimWork(db, keyId, owner, value);
    },
  };
  try {
    const outcome: Outcome<T> = { ok: true, body: await work(claim) };
    // only the lease holder stores: a runner that outlived its lease leaves it to the one that took over
    const stored = await storeClaimAnswer(db, keyId, owner, outcome);
    return stored ? outcome : ((await storedAnswer<T>(db, keyId)) ?? outcome);
  } catch (err) {
    // the runner that took over may have finished meanwhile: its answer is the answer
    const answer = await storedAnswer<T>(db, keyId).catch(() => null);
    if (answer) return answer;
    await releaseClaim(db, keyId, owner).catch((releaseError: unknown) => {
      // the database away (the work most likely failed for the same reason): released once it is
      // back, so a retry then runs rather than answering "still running" until the lease ends
      if (isDatabaseUnavailable(releaseError)) releaseWhenBack(db, keyId, owner, leaseSeconds);
    });
    throw err;
  } finally {
    clearInterval(heartbeat);
  }
}

async function storedAnswer<T>(db: Db, keyId: string): Promise<Outcome<T> | null> {
  return (await storedResponse(db, keyId)) as Outcome<T> | null;
}

/** releaseClaim retried every second until it succeeds or the lease has run out (the claim is then free anyway). */
function releaseWhenBack(db: Db, keyId: string, owner: string, leaseSeconds: number): void {
  const until = Date.now() + leaseSeconds * 1000;
  const attempt = () => {
    if (Date.now() >= until) return;
    setTimeout(() => void releaseClaim(db, keyId, owner).catch(attempt), RELEASE_RETRY_MS).unref();
  };
  attempt();
}
const RELEASE_RETRY_MS = 1000;

