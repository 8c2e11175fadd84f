import type { Db } from '../../db/client';
import type { GiftCardTransactionRow } from '../../db/schema';
import { assertCan, type Actor } from '../../lib/access';
import { notFound } from '../../lib/errors';
import type { LedgerEntry, LockedCard } from './ledger.repository';
import { moveCard, storeIdFor, type MoveOptions } from './moves.service';
import { cancelRefusal, cancelReversalCents, returnRefusal, unfreezeRefusal } from '../../../domain/giftcardRules';
import { findTransactionRow, setTransactionRow } from './transactions.repository';

/**
 * Actions on a ledger row (SPEC §5): unfreeze a FREEZE, return part of a CONSUME, cancel a
 * CONSUME/RECHARGE/RETURN. The row is read again after its card is locked: the fields these
 * rules look at (cancelled_by, unfrozen_by, returned_cents) only change under that lock.
 */
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
  const first = await findTransactionRow(db, actor.companyIds, txId);
  if (!first) throw notFound();
  let target = first;
  return moveCard(
    db,
    actor,
    first.cardId,
    options,
    ['privative/transactions', action],
    async (tx, card) => {
      target = (await findTransactionRow(tx, actor.companyIds, txId)) ?? first;
      return decide(tx, card, target);
    },
    (tx, _card, entry, newId) => after(tx, target, entry, newId),
  );
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
      const errorCode = unfreezeRefusal({ ...target, released: target.unfrozenByTransactionId !== null }, card) ?? undefined;
      return { type: 'UNFREEZE', frozenDeltaCents: -target.frozenDeltaCents, relatedTransactionId: target.id, storeId: target.storeId, errorCode };
    },
    (tx, target, _entry, newId) => setTransactionRow(tx, target.id, { unfrozenByTransactionId: newId }),
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
      const errorCode = returnRefusal(target, card, body.amountCents, options.maxTransactionCents, new Date()) ?? undefined;
      return { type: 'RETURN', amountCents: body.amountCents, storeId, returnNumber: body.returnNumber.trim(), relatedTransactionId: target.id, errorCode };
    },
    (tx, target, entry) => setTransactionRow(tx, target.id, { returnedCents: target.returnedCents + (entry.amountCents ?? 0) }),
  );
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
      consumeOfReturn = target.type === 'RETURN' && target.relatedTransactionId ? await findTransactionRow(tx, actor.companyIds, target.relatedTransactionId) : undefined;
      const amount = cancelReversalCents(target);
      const errorCode = cancelRefusal(target, card, !!consumeOfReturn?.cancelledByTransactionId, new Date()) ?? undefined;
      return { type: 'CANCEL', amountCents: amount, relatedTransactionId: target.id, storeId: target.storeId, errorCode };
    },
    async (tx, target, _entry, newId) => {
      await setTransactionRow(tx, target.id, { cancelledByTransactionId: newId });
      if (consumeOfReturn) await setTransactionRow(tx, consumeOfReturn.id, { returnedCents: consumeOfReturn.returnedCents - target.amountCents });
    },
  );
}
