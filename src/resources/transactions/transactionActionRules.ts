import { CANCELLABLE_TYPES, type Transaction } from '../../../domain/giftcards';

/**
 * Which row actions a transaction offers (SPEC §2, §5). The server enforces the same rules and
 * answers NOT_FROZEN / RETURN_EXCEEDS_CONSUME / ALREADY_CANCELLED / NOT_CANCELLABLE otherwise;
 * these only keep pointless buttons off the rows.
 */
const live = (t: Transaction) => t.result === 'SUCCESS' && !t.cancelledByTransactionId;

/** What is left of a consume to return (consumes are negative on the balance). */
export function consumeLeftCents(t: Transaction): number {
  return Math.max(0, Math.abs(t.amountCents) - t.returnedCents);
}

/** A hold that still stands: released ones (by an UNFREEZE or a DEACTIVATE) have `releasedAt`. */
export function canUnfreeze(t: Transaction): boolean {
  return t.type === 'FREEZE' && live(t) && !t.releasedAt;
}

export function canReturn(t: Transaction): boolean {
  return t.type === 'CONSUME' && live(t) && consumeLeftCents(t) > 0;
}

export function canCancel(t: Transaction): boolean {
  return CANCELLABLE_TYPES.includes(t.type) && live(t);
}
