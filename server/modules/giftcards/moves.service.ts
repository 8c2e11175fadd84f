import type { ApiErrorCode } from '../../../domain/errors';
import type { CardMoveResult } from '../../../domain/giftcards';
import type { Db } from '../../db/client';
import { assertCan, type Actor } from '../../lib/access';
import { ApiError, notFound } from '../../lib/errors';
import { findCardRecord } from './cards.repository';
import { applyChanges, lockCards, type LedgerEntry, type LockedCard } from './ledger.repository';
import { runIdempotent, type IdempotencyRequest, type Outcome } from '../../lib/idempotency';
import { availableCents, expiryAtFirstUse, moneyMoveRefusal, refusalDetail, refusalStatus } from '../../../domain/giftcardRules';
import { findStoreForCard } from './stores.repository';
import { findTransactionRecord } from './transactions.repository';

/** The access-table entry a move needs: the service checks it, whoever calls (route, job, integration). */
export type Access = readonly [resource: string, action: string];

export interface MoveOptions {
  maxTransactionCents: number;
  idempotency: IdempotencyRequest | null;
}


/** Store by code for a card (its company first, then up the tree); unknown → 400 on storeCode. */
export async function storeIdFor(tx: Db, card: LockedCard, storeCode: string): Promise<string> {
  const id = await findStoreForCard(tx, card.companyId, storeCode.trim());
  if (!id) throw new ApiError(400, 'VALIDATION_ERROR', 'Unknown store code', { storeCode: 'validation.invalid' });
  return id;
}

/**
 * One money move on one card: lock the card, let `decide` pick the ledger entry (with its
 * refusal code, if any), write it, answer the card and the new row. A refusal is committed as
 * an ERROR row and answered as a problem with its code.
 */
export async function moveCard(
  db: Db,
  actor: Actor,
  cardId: string,
  options: MoveOptions,
  access: Access,
  decide: (tx: Db, card: LockedCard) => Promise<LedgerEntry>,
  after?: (tx: Db, card: LockedCard, entry: LedgerEntry, newId: string) => Promise<void>,
): Promise<Outcome<CardMoveResult>> {
  assertCan(actor, ...access);
  return runIdempotent<CardMoveResult>(db, options.idempotency, async (tx) => {
    const [card] = await lockCards(tx, actor.companyIds, [cardId]);
    if (!card) throw notFound();
    const entry = await decide(tx, card);
    const [newId] = await applyChanges(tx, [{ card, entry }], actor.userId);
    if (entry.errorCode) {
      return { ok: false, status: refusalStatus(entry.errorCode), code: entry.errorCode, detail: refusalDetail(entry.errorCode) };
    }
    if (after) await after(tx, card, entry, newId);
    const [record, transaction] = await Promise.all([findCardRecord(tx, actor.companyIds, card.id), findTransactionRecord(tx, actor.companyIds, newId)]);
    if (!record || !transaction) throw new Error('moved card vanished');
    return { ok: true, body: { card: record, transaction } };
  });
}

/** Amount checks shared by every move: a money move on an unusable card is refused first. */
function amountRefusal(card: LockedCard, amountCents: number, max: number, needsAvailable: boolean): ApiErrorCode | undefined {
  const refusal = moneyMoveRefusal(card, new Date());
  if (refusal) return refusal;
  if (amountCents > max) return 'AMOUNT_TOO_LARGE';
  if (needsAvailable && amountCents > availableCents(card)) return 'INSUFFICIENT_BALANCE';
  return undefined;
}

export function reload(db: Db, actor: Actor, cardId: string, amountCents: number, options: MoveOptions) {
  return moveCard(db, actor, cardId, options, ['privative/giftcards', 'reload'], async (_tx, card) => ({
    type: 'RECHARGE',
    amountCents,
    errorCode: amountRefusal(card, amountCents, options.maxTransactionCents, false),
  }));
}

export function consume(db: Db, actor: Actor, cardId: string, body: { amountCents: number; storeCode: string }, options: MoveOptions) {
  return moveCard(db, actor, cardId, options, ['privative/giftcards', 'consume'], async (tx, card) => {
    const storeId = await storeIdFor(tx, card, body.storeCode);
    const now = new Date();
    const firstUse = card.firstUseDate === null;
    const expiry = firstUse ? expiryAtFirstUse(card, now) : null;
    return {
      type: 'CONSUME',
      amountCents: -body.amountCents,
      storeId,
      errorCode: amountRefusal(card, body.amountCents, options.maxTransactionCents, true),
      patch: { everConsumed: true, ...(firstUse ? { firstUseDate: now } : {}), ...(expiry ? { expireDate: expiry } : {}) },
    };
  });
}

export function freeze(db: Db, actor: Actor, cardId: string, body: { amountCents: number; storeCode: string }, options: MoveOptions) {
  return moveCard(db, actor, cardId, options, ['privative/giftcards', 'freeze'], async (tx, card) => ({
    type: 'FREEZE',
    frozenDeltaCents: body.amountCents,
    storeId: await storeIdFor(tx, card, body.storeCode),
    errorCode: amountRefusal(card, body.amountCents, options.maxTransactionCents, true),
  }));
}
