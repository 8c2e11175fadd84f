import { and, eq, sql } from 'drizzle-orm';
import type { ApiErrorCode } from '../../../domain/errors';
import { CANCELLABLE_TYPES } from '../../../domain/giftcards';
import type { Db } from '../../db/client';
import { giftCardTransactions, type GiftCardTransactionRow } from '../../db/schema';
import { assertCan } from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { LedgerEntry, LockedCard } from './ledger';
import { moveCard, storeIdFor, type Actor, type MoveOptions } from './moves.service';
import { availableCents, moneyMoveRefusal } from '../../../domain/giftcardRules';
import { inIds } from '../../lib/company-scope';

/**
 * Actions on a ledger row (SPEC §5): unfreeze a FREEZE, return part of a CONSUME, cancel a
 * CONSUME/RECHARGE/RETURN. The row is read again after its card is locked: the fields these
 * rules look at (cancelled_by, unfrozen_by, returned_cents) only change under that lock.
 */
async function targetRow(db: Db, companyIds: readonly string[], id: string): Promise<GiftCardTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(giftCardTransactions)
    .where(and(eq(giftCardTransactions.id, id), inIds(sql`${giftCardTransactions.companyId}`, companyIds)));
  return row;
}

async function onTarget(
  db: Db,
  actor: Actor,
  txId: string,
  options: MoveOptions,
  action: 'unfreeze' | 'return' | 'cancel',
  decide: (tx: Db, card: LockedCard, target: GiftCardTransactionRow) => Promise<LedgerEntry>,
  after: (tx: Db, target: GiftCardTransactionRow, entry: LedgerEntry, newId: string) => Promise<void>,
) {
  assertCan(actor, 'privative/transactions', action);
  const first = await targetRow(db, actor.companyIds, txId);
  if (!first) throw notFound();
  let target = first;
  return moveCard(
    db,
    actor,
    first.cardId,
    options,
    ['privative/transactions', action],
    async (tx, card) => {
      target = (await targetRow(tx, actor.companyIds, txId)) ?? first;
      return decide(tx, card, target);
    },
    (tx, _card, entry, newId) => after(tx, target, entry, newId),
  );
}

async function setRow(tx: Db, id: string, values: Partial<GiftCardTransactionRow>): Promise<void> {
  await tx.update(giftCardTransactions).set(values).where(eq(giftCardTransactions.id, id));
}

export function unfreeze(db: Db, actor: Actor, txId: string, options: MoveOptions) {
  return onTarget(
    db,
    actor,
    txId,
    options,
    'unfreeze',
    async (_tx, card, target) => {
      // a hold stands until its UNFREEZE or a DEACTIVATE released it (the card's frozen total
      // guards rows released before deactivations marked them)
      const frozen =
        target.type === 'FREEZE' && target.result === 'SUCCESS' && target.unfrozenByTransactionId === null && card.frozenCents >= target.frozenDeltaCents;
      // Releasing a hold never creates money, so it is allowed whatever the card's state.
      return { type: 'UNFREEZE', frozenDeltaCents: -target.frozenDeltaCents, relatedTransactionId: target.id, storeId: target.storeId, errorCode: frozen ? undefined : 'NOT_FROZEN' };
    },
    (tx, target, _entry, newId) => setRow(tx, target.id, { unfrozenByTransactionId: newId }),
  );
}

export function returnConsume(db: Db, actor: Actor, txId: string, body: { amountCents: number; returnNumber: string; storeCode: string }, options: MoveOptions) {
  return onTarget(
    db,
    actor,
    txId,
    options,
    'return',
    async (tx, card, target) => {
      const storeId = await storeIdFor(tx, card, body.storeCode);
      const left = -target.amountCents - target.returnedCents;
      const errorCode: ApiErrorCode | undefined =
        target.type !== 'CONSUME' || target.result !== 'SUCCESS'
          ? 'INVALID_TRANSITION'
          : target.cancelledByTransactionId !== null
            ? 'ALREADY_CANCELLED'
            : (moneyMoveRefusal(card, new Date()) ??
              (body.amountCents > options.maxTransactionCents ? 'AMOUNT_TOO_LARGE' : body.amountCents > left ? 'RETURN_EXCEEDS_CONSUME' : undefined));
      return { type: 'RETURN', amountCents: body.amountCents, storeId, returnNumber: body.returnNumber.trim(), relatedTransactionId: target.id, errorCode };
    },
    (tx, target, entry) => setRow(tx, target.id, { returnedCents: target.returnedCents + (entry.amountCents ?? 0) }),
  );
}

/** The balance effect of cancelling `target`: a consume gives back what its returns have not. */
function reversal(target: GiftCardTransactionRow): number {
  return target.type === 'CONSUME' ? -target.amountCents - target.returnedCents : -target.amountCents;
}

export function cancel(db: Db, actor: Actor, txId: string, options: MoveOptions) {
  let consumeOfReturn: GiftCardTransactionRow | undefined;
  return onTarget(
    db,
    actor,
    txId,
    options,
    'cancel',
    async (tx, card, target) => {
      consumeOfReturn = target.type === 'RETURN' && target.relatedTransactionId ? await targetRow(tx, actor.companyIds, target.relatedTransactionId) : undefined;
      const amount = reversal(target);
      const errorCode: ApiErrorCode | undefined =
        !CANCELLABLE_TYPES.includes(target.type) || target.result !== 'SUCCESS'
          ? 'NOT_CANCELLABLE'
          : target.cancelledByTransactionId !== null
            ? 'ALREADY_CANCELLED'
            : // a return of a cancelled consume is already accounted for by that cancel
              consumeOfReturn?.cancelledByTransactionId
              ? 'NOT_CANCELLABLE'
              : (moneyMoveRefusal(card, new Date()) ?? (availableCents(card) + amount < 0 ? 'INSUFFICIENT_BALANCE' : undefined));
      return { type: 'CANCEL', amountCents: amount, relatedTransactionId: target.id, storeId: target.storeId, errorCode };
    },
    async (tx, target, _entry, newId) => {
      await setRow(tx, target.id, { cancelledByTransactionId: newId });
      if (consumeOfReturn) await setRow(tx, consumeOfReturn.id, { returnedCents: consumeOfReturn.returnedCents - target.amountCents });
    },
  );
}
