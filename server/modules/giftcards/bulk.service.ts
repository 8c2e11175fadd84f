import type { ApiErrorCode } from '../../../domain/errors';
import { MAX_BULK_FILTER_CARDS, type BulkBody, type BulkResult } from '../../../domain/giftcards';
import { messageWith } from '../../../domain/messages';
import type { Db } from '../../db/client';
import { assertCan, type Actor } from '../../lib/access';
import { ApiError } from '../../lib/errors';
import { isDatabaseUnavailable, isRecordBusy } from '../../lib/pg-errors';
import { doneUnderKey, progressOf, recordProgress } from './bulk.repository';
import { filteredCardIds } from './cards.repository';
import { applyChanges, lockCards, type CardChange, type LedgerEntry, type LockedCard } from './ledger.repository';
import type { Claim } from '../../lib/idempotency';
import { blockingChange, endOfDay, expiryAtActivation, moneyMoveRefusal, stateChangeRefusal } from '../../../domain/giftcardRules';
import { defaultActivationStores } from './stores.repository';

/** What a bulk action reads of the actor (lib/access.ts): the batch activation job acts for its user with only these. */
type BulkActor = Pick<Actor, 'userId' | 'permissions' | 'companyIds'>;
/** A caller of the bulk routes: the access table reads their company kind too. */
type BulkCaller = BulkActor & Pick<Actor, 'company'>;

/** Cards per DB transaction: one lock query, one ledger insert and one update per chunk. */
const CHUNK = 500;
const PARALLEL_CHUNKS = 4;

interface BulkContext {
  body: BulkBody;
  now: Date;
  maxTransactionCents: number;
  defaultStores: Map<string, string>;
  /** activate: the store the cards are activated at (a till's sale), instead of their company's default */
  activationStoreId?: string;
  /** the claimed Idempotency-Key whose progress rows the chunks write (null: no key) */
  keyId: string | null;
  /** activate: no card gets a later expiry than this (a batch's printed last day) */
  expireCap?: Date | null;
  /** called after each chunk with the number of cards it handled (a job's progress) */
  onChunk?: (handled: number) => Promise<void>;
}

/** The ledger entry of one bulk action on one locked card (with its refusal code, if any). */
function decide(card: LockedCard, ctx: BulkContext): LedgerEntry | { skip: ApiErrorCode } {
  const { body, now } = ctx;
  const params = body.params ?? {};
  switch (body.action) {
    case 'reload': {
      const amount = params.amountCents ?? 0;
      const refusal = moneyMoveRefusal(card, now) ?? (amount > ctx.maxTransactionCents ? 'AMOUNT_TOO_LARGE' : null);
      // a refused reload is a refused money move: it stays in the ledger as an ERROR row
      return { type: 'RECHARGE', amountCents: amount, errorCode: refusal ?? undefined };
    }
    case 'activate': {
      const refusal = stateChangeRefusal('activate', card, now);
      if (refusal) return { skip: refusal };
      const value = card.valueCents ?? card.typologyValueCents ?? params.amountCents ?? null;
      if (value === null) return { skip: 'VALIDATION_ERROR' };
      return {
        type: 'ACTIVATE',
        amountCents: value,
        patch: {
          status: 'ACTIVE',
          enabledStatus: null,
          valueCents: card.valueCents ?? (card.typologyValueCents === null ? value : null),
          activationDate: now,
          expireDate: capped(expiryAtActivation(card, now), ctx.expireCap ?? null),
          firstUseDate: null,
          activationStoreId: ctx.activationStoreId ?? ctx.defaultStores.get(card.companyId) ?? null,
        },
      };
    }
    case 'deactivate': {
      const refusal = stateChangeRefusal('deactivate', card, now);
      if (refusal) return { skip: refusal };
      const reset = { status: 'NOT_ACTIVE' as const, enabledStatus: null, activationDate: null, expireDate: null, firstUseDate: null, activationStoreId: null };
      return { type: 'DEACTIVATE', amountCents: -card.balanceCents, frozenDeltaCents: -card.frozenCents, patch: reset, releasesHolds: true };
    }
    case 'disable':
    case 'lock':
    case 'enable': {
      const refusal = stateChangeRefusal(body.action, card, now);
      return refusal ? { skip: refusal } : blockingChange(body.action, card);
    }
    case 'editExpiry': {
      const refusal = stateChangeRefusal('editExpiry', card, now);
      return refusal ? { skip: refusal } : { type: 'EDIT_EXPIRY', patch: { expireDate: endOfDay(params.expireDate as string) } };
    }
  }
}

const capped = (expiry: Date | null, cap: Date | null) => (cap === null ? expiry : expiry === null || expiry > cap ? cap : expiry);

/** The ids a bulk call acts on: the given ids, or the filtered set (at most MAX_BULK_FILTER_CARDS). */
async function targetIds(db: Db, actor: BulkActor, body: BulkBody): Promise<string[]> {
  if (body.ids) return [...new Set(body.ids)];
  const ids = await filteredCardIds(db, actor.companyIds, body.filter ?? {}, MAX_BULK_FILTER_CARDS + 1);
  if (ids.length > MAX_BULK_FILTER_CARDS) {
    throw new ApiError(400, 'VALIDATION_ERROR', `The filtered set has more than ${MAX_BULK_FILTER_CARDS} cards`, { filter: messageWith('validation.bulkTooLarge', { max: MAX_BULK_FILTER_CARDS }) });
  }
  return ids;
}

type Tally = Pick<BulkResult, 'succeeded' | 'failed'>;
type Failure = BulkResult['failed'][number];

/**
 * One chunk in one transaction: lock the cards, decide, write the ledger and, under a key, each
 * card's progress row. A card whose progress row is already there (a resumed bulk) is skipped:
 * the check runs under the card's lock, so even two runners of one key move it once.
 */
async function runChunk(db: Db, actor: BulkActor, ids: string[], ctx: BulkContext): Promise<Tally> {
  const result: Tally = { succeeded: 0, failed: [] };
  await db.transaction(async (tx) => {
    const cards = await lockCards(tx, actor.companyIds, ids);
    const done = ctx.keyId ? await doneUnderKey(tx, ctx.keyId, ids) : new Set<string>();
    const found = new Set(cards.map((c) => c.id));
    const progress: Array<{ id: string; code: string; error: string | null }> = [];
    const fail = (failure: Failure) => {
      result.failed.push(failure);
      progress.push({ id: failure.id, code: failure.code, error: failure.error });
    };
    for (const id of ids) if (!found.has(id) && !done.has(id)) fail({ id, code: '', error: 'NOT_FOUND' });
    const changes: CardChange[] = [];
    for (const card of cards) {
      if (done.has(card.id)) continue;
      const entry = decide(card, ctx);
      if ('skip' in entry) fail({ id: card.id, code: card.code, error: entry.skip });
      else {
        changes.push({ card, entry });
        if (entry.errorCode) fail({ id: card.id, code: card.code, error: entry.errorCode });
        else {
          result.succeeded += 1;
          progress.push({ id: card.id, code: card.code, error: null });
        }
      }
    }
    await applyChanges(tx, changes, actor.userId);
    if (ctx.keyId) await recordProgress(tx, ctx.keyId, progress);
  });
  return result;
}

/**
 * A chunk that fails unexpectedly is retried card by card, so only the failing card is reported
 * (a card another operation holds past the lock timeout as RECORD_BUSY). A database that cannot be
 * reached fails the whole call instead (503 DATABASE_UNAVAILABLE): its cards are not "failed",
 * and a retry with the same key resumes where the run stopped.
 */
async function runIsolated(db: Db, actor: BulkActor, ids: string[], ctx: BulkContext): Promise<Tally> {
  try {
    return await runChunk(db, actor, ids, ctx);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    if (ids.length === 1) {
      const code = isRecordBusy(error) ? 'RECORD_BUSY' : 'INTERNAL_ERROR';
      // under a key the failure is recorded too (nothing moved), so the summary names the card
      if (ctx.keyId) await recordProgress(db, ctx.keyId, [{ id: ids[0], code: '', error: code }]).catch(() => undefined);
      return { succeeded: 0, failed: [{ id: ids[0], code: '', error: code }] };
    }
    const out: Tally = { succeeded: 0, failed: [] };
    for (const id of ids) {
      const one = await runIsolated(db, actor, [id], ctx);
      out.succeeded += one.succeeded;
      out.failed.push(...one.failed);
    }
    return out;
  }
}

/** Validations and the target ids of a bulk call, before anything moves. */
async function prepare(db: Db, actor: BulkActor, body: BulkBody): Promise<string[]> {
  if (body.action === 'editExpiry' && body.params?.expireDate && endOfDay(body.params.expireDate) < new Date()) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'The expiry date is in the past', { 'params.expireDate': 'validation.invalid' });
  }
  return targetIds(db, actor, body);
}

/** Runs the chunks, a few at once: they hold disjoint cards and each locks its own in id order, so they cannot deadlock. */
async function execute(
  db: Db,
  actor: BulkActor,
  ids: string[],
  body: BulkBody,
  maxTransactionCents: number,
  keyId: string | null,
  extra: Pick<BulkContext, 'expireCap' | 'onChunk' | 'activationStoreId'> = {},
): Promise<Tally> {
  const defaultStores = body.action === 'activate' ? await defaultActivationStores(db, actor.companyIds) : new Map<string, string>();
  const ctx: BulkContext = { body, now: new Date(), maxTransactionCents, defaultStores, keyId, ...extra };
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  const tallies: Tally[] = new Array<Tally>(chunks.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < chunks.length; i = next++) {
      tallies[i] = await runIsolated(db, actor, chunks[i], ctx);
      await ctx.onChunk?.(chunks[i].length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CHUNKS, chunks.length) }, worker));
  const out: Tally = { succeeded: 0, failed: [] };
  for (const tally of tallies) {
    out.succeeded += tally.succeeded;
    out.failed.push(...tally.failed);
  }
  return out;
}

/**
 * A bulk action (SPEC §2 gift card management): chunks of cards, each chunk in its own short
 * transaction; refusals are per-card outcomes, never exceptions, so one card never rolls back
 * another. Answers the operation summary.
 */
export async function runBulk(db: Db, actor: BulkCaller, body: BulkBody, maxTransactionCents: number, at: { activationStoreId?: string } = {}): Promise<BulkResult> {
  assertCan(actor, 'privative/giftcards', 'bulk');
  const ids = await prepare(db, actor, body);
  const tally = await execute(db, actor, ids, body, maxTransactionCents, null, at);
  return { action: body.action, total: ids.length, ...tally };
}

/**
 * A state change on known cards for a job that already checked its own access (a batch's
 * activation or deactivation, server/modules/catalog): the same chunks, rules and ledger rows as
 * a bulk call, with the job's progress reported after every chunk.
 */
export async function runBulkForJob(
  db: Db,
  actor: BulkActor,
  body: BulkBody,
  ids: string[],
  maxTransactionCents: number,
  extra: Pick<BulkContext, 'expireCap' | 'onChunk'>,
): Promise<BulkResult> {
  const tally = await execute(db, actor, ids, body, maxTransactionCents, null, extra);
  return { action: body.action, total: ids.length, ...tally };
}

/**
 * A bulk action under an Idempotency-Key (idempotency.ts `runClaimed`): the target ids are fixed
 * with the claim, every card's outcome is recorded in the card's own transaction, and a runner
 * that takes over a dead one's claim does only the cards left. The summary is read from the
 * progress rows, so it covers every card whichever runner moved it.
 */
export async function runKeyedBulk(db: Db, actor: BulkCaller, body: BulkBody, maxTransactionCents: number, claim: Claim): Promise<BulkResult> {
  assertCan(actor, 'privative/giftcards', 'bulk');
  const saved = claim.work as { ids?: string[] } | null;
  let ids = saved?.ids;
  if (!ids) {
    ids = await prepare(db, actor, body);
    await claim.saveWork({ ids });
  }
  const done = await progressOf(db, claim.keyId);
  const left = ids.filter((id) => !done.has(id));
  await execute(db, actor, left, body, maxTransactionCents, claim.keyId);
  const all = await progressOf(db, claim.keyId);
  const result: BulkResult = { action: body.action, total: ids.length, succeeded: 0, failed: [] };
  for (const id of ids) {
    const item = all.get(id);
    if (!item) throw new Error(`bulk card ${id} has no progress row`);
    if (item.error === null) result.succeeded += 1;
    else result.failed.push({ id, code: item.code, error: item.error as ApiErrorCode });
  }
  return result;
}

