import type { ApiErrorCode } from '../../../domain/errors';
import { MAX_BULK_FILTER_CARDS, type BulkBody, type BulkResult } from '../../../domain/giftcards';
import type { Db } from '../../db/client';
import { assertCan } from '../../lib/access';
import { ApiError } from '../../lib/errors';
import { filteredCardIds } from './cards.repository';
import { applyChanges, lockCards, type CardChange, type LedgerEntry, type LockedCard } from './ledger';
import type { Actor } from './moves.service';
import { endOfDay, enabledTarget, expiryAtActivation, moneyMoveRefusal, stateChangeRefusal } from './rules';
import { defaultActivationStores } from './stores.repository';

/** Cards per DB transaction: one lock query, one ledger insert and one update per chunk. */
const CHUNK = 500;
const PARALLEL_CHUNKS = 4;

interface BulkContext {
  body: BulkBody;
  now: Date;
  maxTransactionCents: number;
  defaultStores: Map<string, string>;
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
          expireDate: expiryAtActivation(card, now),
          firstUseDate: null,
          activationStoreId: ctx.defaultStores.get(card.companyId) ?? null,
        },
      };
    }
    case 'deactivate': {
      const refusal = stateChangeRefusal('deactivate', card, now);
      if (refusal) return { skip: refusal };
      const reset = { status: 'NOT_ACTIVE' as const, enabledStatus: null, activationDate: null, expireDate: null, firstUseDate: null, activationStoreId: null };
      return { type: 'DEACTIVATE', amountCents: -card.balanceCents, frozenDeltaCents: -card.frozenCents, patch: reset };
    }
    case 'disable':
    case 'lock': {
      const refusal = stateChangeRefusal(body.action, card, now);
      if (refusal) return { skip: refusal };
      const enabledStatus = card.status === 'ACTIVE' || card.status === 'SOLD' ? card.status : card.enabledStatus;
      return { type: body.action === 'disable' ? 'DISABLE' : 'LOCK', patch: { status: body.action === 'disable' ? 'DISABLED' : 'LOCKED', enabledStatus } };
    }
    case 'enable': {
      const refusal = stateChangeRefusal('enable', card, now);
      return refusal ? { skip: refusal } : { type: 'ENABLE', patch: { status: enabledTarget(card), enabledStatus: null } };
    }
    case 'editExpiry': {
      const refusal = stateChangeRefusal('editExpiry', card, now);
      return refusal ? { skip: refusal } : { type: 'EDIT_EXPIRY', patch: { expireDate: endOfDay(params.expireDate as string) } };
    }
  }
}

/** The ids a bulk call acts on: the given ids, or the filtered set (at most MAX_BULK_FILTER_CARDS). */
async function targetIds(db: Db, actor: Actor, body: BulkBody): Promise<string[]> {
  if (body.ids) return [...new Set(body.ids)];
  const ids = await filteredCardIds(db, actor.companyIds, body.filter ?? {}, MAX_BULK_FILTER_CARDS + 1);
  if (ids.length > MAX_BULK_FILTER_CARDS) {
    throw new ApiError(400, 'VALIDATION_ERROR', `The filtered set has more than ${MAX_BULK_FILTER_CARDS} cards`, { filter: 'validation.bulkTooLarge' });
  }
  return ids;
}

type Tally = Pick<BulkResult, 'succeeded' | 'failed'>;

async function runChunk(db: Db, actor: Actor, ids: string[], ctx: BulkContext): Promise<Tally> {
  const result: Tally = { succeeded: 0, failed: [] };
  await db.transaction(async (tx) => {
    const cards = await lockCards(tx, actor.companyIds, ids);
    const found = new Set(cards.map((c) => c.id));
    for (const id of ids) if (!found.has(id)) result.failed.push({ id, code: '', error: 'NOT_FOUND' });
    const changes: CardChange[] = [];
    for (const card of cards) {
      const entry = decide(card, ctx);
      if ('skip' in entry) result.failed.push({ id: card.id, code: card.code, error: entry.skip });
      else {
        changes.push({ card, entry });
        if (entry.errorCode) result.failed.push({ id: card.id, code: card.code, error: entry.errorCode });
        else result.succeeded += 1;
      }
    }
    await applyChanges(tx, changes, actor.userId);
  });
  return result;
}

/** A chunk that fails unexpectedly is retried card by card, so only the failing card is reported. */
async function runIsolated(db: Db, actor: Actor, ids: string[], ctx: BulkContext): Promise<Tally> {
  try {
    return await runChunk(db, actor, ids, ctx);
  } catch {
    if (ids.length === 1) return { succeeded: 0, failed: [{ id: ids[0], code: '', error: 'INTERNAL_ERROR' }] };
    const out: Tally = { succeeded: 0, failed: [] };
    for (const id of ids) {
      const one = await runIsolated(db, actor, [id], ctx);
      out.succeeded += one.succeeded;
      out.failed.push(...one.failed);
    }
    return out;
  }
}

/**
 * A bulk action (SPEC §2 gift card management): chunks of cards, each chunk in its own short
 * transaction; refusals are per-card outcomes, never exceptions, so one card never rolls back
 * another. Answers the operation summary.
 */
export async function runBulk(db: Db, actor: Actor, body: BulkBody, maxTransactionCents: number): Promise<BulkResult> {
  assertCan(actor, 'privative/giftcards', 'bulk');
  const now = new Date();
  if (body.action === 'editExpiry' && body.params?.expireDate && endOfDay(body.params.expireDate) < now) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'The expiry date is in the past', { 'params.expireDate': 'validation.invalid' });
  }
  const ids = await targetIds(db, actor, body);
  const defaultStores = body.action === 'activate' ? await defaultActivationStores(db, actor.companyIds) : new Map<string, string>();
  const ctx: BulkContext = { body, now, maxTransactionCents, defaultStores };
  const result: BulkResult = { action: body.action, total: ids.length, succeeded: 0, failed: [] };
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
  // A few chunks at once: they hold disjoint cards and each locks its own in id order, so they
  // cannot deadlock one another (nor a concurrent bulk call, which locks in the same order).
  const tallies: Tally[] = new Array<Tally>(chunks.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < chunks.length; i = next++) tallies[i] = await runIsolated(db, actor, chunks[i], ctx);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CHUNKS, chunks.length) }, worker));
  for (const tally of tallies) {
    result.succeeded += tally.succeeded;
    result.failed.push(...tally.failed);
  }
  return result;
}
