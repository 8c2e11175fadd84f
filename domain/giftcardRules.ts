import type { ApiErrorCode } from './errors';
import { CANCELLABLE_TYPES, type CardStatus, type ExpirationType, type LedgerType, type TransactionActions, type TransactionResult } from './giftcards';

/**
 * Pure gift-card rules (DESIGN §6): which card may move money, what each state change does.
 * Shared by the server's ledger services and the SPA's demo provider, so both refuse alike.
 * No database here, so every rule is tested without one.
 */
export interface CardState {
  status: CardStatus;
  enabledStatus: CardStatus | null;
  balanceCents: number;
  frozenCents: number;
  expireDate: Date | null;
  everConsumed: boolean;
  /** voided with its cancelled order (server/modules/orders): nothing may bring it back */
  voided: boolean;
}

export const isPastExpiry = (card: Pick<CardState, 'expireDate'>, now: Date) => card.expireDate !== null && card.expireDate.getTime() <= now.getTime();

/** The status a user sees: a usable card past its expiry date is EXPIRED even before anything rewrites it. */
export function effectiveStatus(card: Pick<CardState, 'status' | 'expireDate'>, now: Date): CardStatus {
  return (card.status === 'ACTIVE' || card.status === 'SOLD') && isPastExpiry(card, now) ? 'EXPIRED' : card.status;
}

/** Why a card refuses to move money, or null when it may (ACTIVE or SOLD, not voided, not past expiry). */
export function moneyMoveRefusal(card: Pick<CardState, 'status' | 'expireDate' | 'voided'>, now: Date): ApiErrorCode | null {
  if (card.voided) return 'CARD_VOIDED';
  switch (card.status) {
    case 'DISABLED':
      return 'CARD_DISABLED';
    case 'LOCKED':
      return 'CARD_LOCKED';
    case 'NOT_ACTIVE':
      return 'CARD_NOT_ACTIVE';
    case 'EXPIRED':
      return 'CARD_EXPIRED';
    default:
      return isPastExpiry(card, now) ? 'CARD_EXPIRED' : null;
  }
}

export const availableCents = (card: Pick<CardState, 'balanceCents' | 'frozenCents'>) => card.balanceCents - card.frozenCents;

/** HTTP status of a refused action: amounts → 422, card state → 409. */
export function refusalStatus(code: ApiErrorCode): number {
  return code === 'INSUFFICIENT_BALANCE' || code === 'RETURN_EXCEEDS_CONSUME' || code === 'AMOUNT_TOO_LARGE' || code === 'IDEMPOTENCY_KEY_REUSED'
    ? 422
    : code === 'NOT_FOUND'
      ? 404
      : code === 'VALIDATION_ERROR'
        ? 400
        : 409;
}

function addMonths(date: Date, months: number): Date {
  const out = new Date(date.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, lastDay));
  return out;
}

/** The problem `detail` of a refusal (the SPA shows the code's own text; this is for API clients). */
const DETAIL: Partial<Record<ApiErrorCode, string>> = {
  CARD_NOT_ACTIVE: 'The card is not active',
  CARD_DISABLED: 'The card is disabled',
  CARD_LOCKED: 'The card is locked',
  CARD_EXPIRED: 'The card has expired',
  CARD_VOIDED: 'The card was voided with its cancelled order and cannot be used or changed',
  INSUFFICIENT_BALANCE: 'The available balance is not enough',
  AMOUNT_TOO_LARGE: 'The amount is above the maximum of one transaction',
  RETURN_EXCEEDS_CONSUME: 'The return is larger than what the consume has left',
  ALREADY_CANCELLED: 'The transaction has already been cancelled',
  NOT_CANCELLABLE: 'This transaction cannot be cancelled',
  NOT_FROZEN: 'Nothing to unfreeze: not a freeze, or already released',
  INVALID_TRANSITION: 'The card is not in a state that allows this',
  ALREADY_USED: 'The card has already been used',
};
export const refusalDetail = (code: ApiErrorCode) => DETAIL[code] ?? 'The operation was refused';

/** The last instant of a calendar day (UTC): a card "expiring on 2027-03-31" works all that day. */
export function endOfDay(isoDate: string): Date {
  return new Date(`${isoDate}T23:59:59.999Z`);
}

export interface ExpiryRule {
  expirationType: ExpirationType;
  expirationMonths: number | null;
  expirationDate: string | null;
}

/** Expiry at activation: months from activation, a fixed date, or none yet (months from first use). */
export function expiryAtActivation(rule: ExpiryRule, activatedAt: Date): Date | null {
  if (rule.expirationType === 'MONTHS_FROM_ACTIVATION') return addMonths(activatedAt, rule.expirationMonths ?? 12);
  if (rule.expirationType === 'FIXED_DATE') return rule.expirationDate ? endOfDay(rule.expirationDate) : null;
  return null;
}

/** Expiry set by the first consume for MONTHS_FROM_FIRST_USE typologies (null: unchanged). */
export function expiryAtFirstUse(rule: ExpiryRule, usedAt: Date): Date | null {
  return rule.expirationType === 'MONTHS_FROM_FIRST_USE' ? addMonths(usedAt, rule.expirationMonths ?? 12) : null;
}

export type StateAction = 'disable' | 'lock' | 'enable' | 'deactivate' | 'activate' | 'editExpiry';

/** Whether a non-money state change is allowed from the card's state; the refusal code otherwise (a voided card allows none). */
export function stateChangeRefusal(action: StateAction, card: CardState, now: Date): ApiErrorCode | null {
  if (card.voided) return 'CARD_VOIDED';
  const status = effectiveStatus(card, now);
  switch (action) {
    case 'activate':
      return status === 'NOT_ACTIVE' ? null : 'INVALID_TRANSITION';
    case 'disable':
    case 'lock': {
      if (status === 'NOT_ACTIVE') return 'CARD_NOT_ACTIVE';
      if (status === 'EXPIRED') return 'CARD_EXPIRED';
      const target = action === 'disable' ? 'DISABLED' : 'LOCKED';
      return status === target ? 'INVALID_TRANSITION' : null;
    }
    case 'enable':
      return status === 'DISABLED' || status === 'LOCKED' ? null : 'INVALID_TRANSITION';
    case 'deactivate':
      if (status === 'NOT_ACTIVE') return 'INVALID_TRANSITION';
      return card.everConsumed ? 'ALREADY_USED' : null;
    case 'editExpiry':
      if (status === 'NOT_ACTIVE') return 'CARD_NOT_ACTIVE';
      return status === 'EXPIRED' ? 'CARD_EXPIRED' : null;
  }
}

/** The status ENABLE returns to: the usable state the card had before DISABLE/LOCK. */
export function enabledTarget(card: Pick<CardState, 'enabledStatus'>): CardStatus {
  return card.enabledStatus === 'SOLD' ? 'SOLD' : 'ACTIVE';
}

/**
 * The ledger row and state of a disable, lock or enable the card may take (check
 * `stateChangeRefusal` first): a disabled or locked card remembers the usable status ENABLE
 * gives back. The server's bulk and the demo's write exactly this.
 */
export function blockingChange(action: 'disable' | 'lock' | 'enable', card: Pick<CardState, 'status' | 'enabledStatus'>) {
  if (action === 'enable') return { type: 'ENABLE' as const, patch: { status: enabledTarget(card), enabledStatus: null } };
  const enabledStatus = card.status === 'ACTIVE' || card.status === 'SOLD' ? card.status : card.enabledStatus;
  return action === 'disable'
    ? { type: 'DISABLE' as const, patch: { status: 'DISABLED' as const, enabledStatus } }
    : { type: 'LOCK' as const, patch: { status: 'LOCKED' as const, enabledStatus } };
}

/** What a row action on a ledger row looks at, besides the card. */
export interface LedgerRowState {
  type: LedgerType;
  result: TransactionResult;
  amountCents: number;
  returnedCents: number;
  cancelledByTransactionId: string | null;
}

/** What is left of a consume to return (consumes are negative on the balance). */
export const consumeLeftCents = (row: Pick<LedgerRowState, 'amountCents' | 'returnedCents'>) => Math.max(0, -row.amountCents - row.returnedCents);

/** The balance effect of cancelling a row: a consume gives back what its returns have not. */
export function cancelReversalCents(row: LedgerRowState): number {
  return row.type === 'CONSUME' ? consumeLeftCents(row) : -row.amountCents;
}

type MovingCard = Pick<CardState, 'status' | 'expireDate' | 'balanceCents' | 'frozenCents' | 'voided'>;

/**
 * Why returning `amountCents` of a CONSUME row is refused, or null. The server's and the demo's
 * ledgers decide with it, and the SPA offers "return" only where it is null for one cent.
 */
export function returnRefusal(row: LedgerRowState, card: MovingCard, amountCents: number, maxTransactionCents: number, now: Date): ApiErrorCode | null {
  if (card.voided) return 'CARD_VOIDED';
  if (row.type !== 'CONSUME' || row.result !== 'SUCCESS') return 'INVALID_TRANSITION';
  if (row.cancelledByTransactionId !== null) return 'ALREADY_CANCELLED';
  return moneyMoveRefusal(card, now) ?? (amountCents > maxTransactionCents ? 'AMOUNT_TOO_LARGE' : amountCents > consumeLeftCents(row) ? 'RETURN_EXCEEDS_CONSUME' : null);
}

/**
 * Why cancelling a row is refused, or null: only live CONSUME, RECHARGE and RETURN rows; a return
 * whose consume was cancelled is already accounted for by that cancel; the card must move money
 * and keep a non-negative available balance afterwards. Shared like `returnRefusal`.
 */
export function cancelRefusal(row: LedgerRowState, card: MovingCard, relatedCancelled: boolean, now: Date): ApiErrorCode | null {
  if (card.voided) return 'CARD_VOIDED';
  if (!CANCELLABLE_TYPES.includes(row.type) || row.result !== 'SUCCESS') return 'NOT_CANCELLABLE';
  if (row.cancelledByTransactionId !== null) return 'ALREADY_CANCELLED';
  if (row.type === 'RETURN' && relatedCancelled) return 'NOT_CANCELLABLE';
  return moneyMoveRefusal(card, now) ?? (availableCents(card) + cancelReversalCents(row) < 0 ? 'INSUFFICIENT_BALANCE' : null);
}

/**
 * Why releasing a FREEZE row is refused, or null: only a hold still standing (not released by its
 * UNFREEZE or a DEACTIVATE, and still inside the card's frozen total). Releasing never creates
 * money, so the card's state does not matter, but for a voided card, which no action touches.
 */
export function unfreezeRefusal(row: Pick<LedgerRowState, 'type' | 'result'> & { frozenDeltaCents: number; released: boolean }, card: Pick<CardState, 'frozenCents' | 'voided'>): ApiErrorCode | null {
  if (card.voided) return 'CARD_VOIDED';
  return row.type === 'FREEZE' && row.result === 'SUCCESS' && !row.released && card.frozenCents >= row.frozenDeltaCents ? null : 'NOT_FROZEN';
}

/**
 * The row actions that would succeed now on a ledger row (the refusals above, for a one-cent
 * return): the API sends them with every transaction, so a list offers only those (issue 8).
 */
export function rowActions(row: LedgerRowState & { frozenDeltaCents: number; released: boolean }, card: MovingCard, relatedCancelled: boolean, now: Date): TransactionActions {
  return {
    unfreeze: unfreezeRefusal(row, card) === null,
    return: returnRefusal(row, card, 1, Number.MAX_SAFE_INTEGER, now) === null,
    cancel: cancelRefusal(row, card, relatedCancelled, now) === null,
  };
}
