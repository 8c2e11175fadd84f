import { describe, expect, it } from 'vitest';
import {
  blockingChange,
  cancelRefusal,
  cancelReversalCents,
  consumeLeftCents,
  effectiveStatus,
  enabledTarget,
  endOfDay,
  expiryAtActivation,
  expiryAtFirstUse,
  moneyMoveRefusal,
  refusalStatus,
  returnRefusal,
  rowActions,
  stateChangeRefusal,
  unfreezeRefusal,
  type CardState,
  type LedgerRowState,
} from './giftcardRules';

const now = new Date('2026-06-15T10:00:00Z');
const card = (extra: Partial<CardState> = {}): CardState => ({
  status: 'ACTIVE',
  enabledStatus: null,
  balanceCents: 1000,
  frozenCents: 0,
  expireDate: null,
  everConsumed: false,
  voided: false,
  ...extra,
});

describe('gift-card rules', () => {
  it('a voided card (a cancelled order\'s) refuses every state change, money move and row action with CARD_VOIDED', () => {
    const voided = card({ status: 'DISABLED', balanceCents: 0, voided: true });
    for (const action of ['activate', 'disable', 'lock', 'enable', 'deactivate', 'editExpiry'] as const) expect(stateChangeRefusal(action, voided, now), action).toBe('CARD_VOIDED');
    expect(moneyMoveRefusal(voided, now)).toBe('CARD_VOIDED');
    const recharge: LedgerRowState = { type: 'RECHARGE', result: 'SUCCESS', amountCents: 1000, returnedCents: 0, cancelledByTransactionId: null };
    expect(cancelRefusal(recharge, voided, false, now)).toBe('CARD_VOIDED');
    expect(returnRefusal({ ...recharge, type: 'CONSUME', amountCents: -1000 }, voided, 100, 100_000, now)).toBe('CARD_VOIDED');
    expect(unfreezeRefusal({ type: 'FREEZE', result: 'SUCCESS', frozenDeltaCents: 0, released: false }, voided)).toBe('CARD_VOIDED');
    expect(rowActions({ ...recharge, frozenDeltaCents: 0, released: false }, voided, false, now)).toEqual({ unfreeze: false, return: false, cancel: false });
    // the same card not voided: DISABLED, enable brings it back
    expect(stateChangeRefusal('enable', { ...voided, voided: false }, now)).toBeNull();
  });

  it('lets only usable cards before their expiry move money', () => {
    expect(moneyMoveRefusal(card(), now)).toBeNull();
    expect(moneyMoveRefusal(card({ status: 'SOLD' }), now)).toBeNull();
    expect(moneyMoveRefusal(card({ status: 'DISABLED' }), now)).toBe('CARD_DISABLED');
    expect(moneyMoveRefusal(card({ status: 'LOCKED' }), now)).toBe('CARD_LOCKED');
    expect(moneyMoveRefusal(card({ status: 'NOT_ACTIVE' }), now)).toBe('CARD_NOT_ACTIVE');
    expect(moneyMoveRefusal(card({ status: 'EXPIRED' }), now)).toBe('CARD_EXPIRED');
    expect(moneyMoveRefusal(card({ expireDate: new Date('2026-06-15T09:59:59Z') }), now)).toBe('CARD_EXPIRED');
    expect(effectiveStatus(card({ status: 'SOLD', expireDate: new Date('2026-01-01') }), now)).toBe('EXPIRED');
    expect(effectiveStatus(card({ status: 'LOCKED', expireDate: new Date('2026-01-01') }), now)).toBe('LOCKED');
  });

  it('computes expiry from the typology: months from activation (month ends kept), fixed date, first use', () => {
    const jan31 = new Date('2026-01-31T08:00:00Z');
    expect(expiryAtActivation({ expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 1, expirationDate: null }, jan31)?.toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(expiryAtActivation({ expirationType: 'FIXED_DATE', expirationMonths: null, expirationDate: '2027-01-31' }, jan31)).toEqual(endOfDay('2027-01-31'));
    expect(expiryAtActivation({ expirationType: 'MONTHS_FROM_FIRST_USE', expirationMonths: 6, expirationDate: null }, jan31)).toBeNull();
    expect(expiryAtFirstUse({ expirationType: 'MONTHS_FROM_FIRST_USE', expirationMonths: 6, expirationDate: null }, jan31)?.toISOString()).toBe('2026-07-31T08:00:00.000Z');
    expect(expiryAtFirstUse({ expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 6, expirationDate: null }, jan31)).toBeNull();
  });

  it('allows each state change only from the states that make sense', () => {
    expect(stateChangeRefusal('activate', card({ status: 'NOT_ACTIVE' }), now)).toBeNull();
    expect(stateChangeRefusal('activate', card(), now)).toBe('INVALID_TRANSITION');
    expect(stateChangeRefusal('disable', card({ status: 'LOCKED' }), now)).toBeNull();
    expect(stateChangeRefusal('lock', card({ status: 'LOCKED' }), now)).toBe('INVALID_TRANSITION');
    expect(stateChangeRefusal('disable', card({ status: 'NOT_ACTIVE' }), now)).toBe('CARD_NOT_ACTIVE');
    expect(stateChangeRefusal('enable', card(), now)).toBe('INVALID_TRANSITION');
    expect(stateChangeRefusal('deactivate', card({ everConsumed: true }), now)).toBe('ALREADY_USED');
    expect(stateChangeRefusal('deactivate', card({ status: 'NOT_ACTIVE' }), now)).toBe('INVALID_TRANSITION');
    expect(stateChangeRefusal('editExpiry', card({ expireDate: new Date('2026-01-01') }), now)).toBe('CARD_EXPIRED');
    expect(enabledTarget(card({ enabledStatus: 'SOLD' }))).toBe('SOLD');
    expect(enabledTarget(card({ enabledStatus: null }))).toBe('ACTIVE');
  });

  it('answers amount refusals with 422 and state refusals with 409', () => {
    expect(refusalStatus('INSUFFICIENT_BALANCE')).toBe(422);
    expect(refusalStatus('RETURN_EXCEEDS_CONSUME')).toBe(422);
    expect(refusalStatus('CARD_LOCKED')).toBe(409);
    expect(refusalStatus('ALREADY_CANCELLED')).toBe(409);
  });
});

describe('blockingChange', () => {
  it('remembers the usable status a disable or lock interrupts, and enable gives it back', () => {
    expect(blockingChange('lock', { status: 'SOLD', enabledStatus: null })).toEqual({ type: 'LOCK', patch: { status: 'LOCKED', enabledStatus: 'SOLD' } });
    expect(blockingChange('disable', { status: 'ACTIVE', enabledStatus: null })).toEqual({ type: 'DISABLE', patch: { status: 'DISABLED', enabledStatus: 'ACTIVE' } });
    // locking a disabled card keeps what it was before the disable
    expect(blockingChange('lock', { status: 'DISABLED', enabledStatus: 'SOLD' })).toEqual({ type: 'LOCK', patch: { status: 'LOCKED', enabledStatus: 'SOLD' } });
    expect(blockingChange('enable', { status: 'LOCKED', enabledStatus: 'SOLD' })).toEqual({ type: 'ENABLE', patch: { status: 'SOLD', enabledStatus: null } });
  });
});

describe('row actions on a ledger row (what a transactions list offers)', () => {
  const active = { status: 'ACTIVE' as const, expireDate: null, balanceCents: 5000, frozenCents: 0, voided: false };
  const row = (over: Partial<LedgerRowState & { frozenDeltaCents: number; released: boolean }> = {}) => ({
    type: 'RECHARGE' as const,
    result: 'SUCCESS' as const,
    amountCents: 2000,
    returnedCents: 0,
    cancelledByTransactionId: null,
    frozenDeltaCents: 0,
    released: false,
    ...over,
  });

  it('cancels a recharge only while the available balance covers it', () => {
    expect(cancelRefusal(row(), active, false, now)).toBeNull();
    expect(cancelReversalCents(row())).toBe(-2000);
    // 5000 on the card, 4000 of it held: cancelling 2000 would leave −1000 available
    expect(cancelRefusal(row(), { ...active, frozenCents: 4000 }, false, now)).toBe('INSUFFICIENT_BALANCE');
    expect(rowActions(row(), { ...active, frozenCents: 4000 }, false, now).cancel).toBe(false);
  });

  it('does not cancel a return whose consume was cancelled, nor a row twice, nor a failed or non-money row', () => {
    const ret = row({ type: 'RETURN', amountCents: 500 });
    expect(cancelRefusal(ret, active, false, now)).toBeNull();
    expect(cancelRefusal(ret, active, true, now)).toBe('NOT_CANCELLABLE');
    expect(cancelRefusal(row({ cancelledByTransactionId: 'x' }), active, false, now)).toBe('ALREADY_CANCELLED');
    expect(cancelRefusal(row({ result: 'ERROR' }), active, false, now)).toBe('NOT_CANCELLABLE');
    expect(cancelRefusal(row({ type: 'ACTIVATE' }), active, false, now)).toBe('NOT_CANCELLABLE');
  });

  it('a consume gives back what its returns have not; return offers only what is left', () => {
    const consume = row({ type: 'CONSUME', amountCents: -3000, returnedCents: 1000 });
    expect(consumeLeftCents(consume)).toBe(2000);
    expect(cancelReversalCents(consume)).toBe(2000);
    expect(returnRefusal(consume, active, 2000, 100_000, now)).toBeNull();
    expect(returnRefusal(consume, active, 2001, 100_000, now)).toBe('RETURN_EXCEEDS_CONSUME');
    expect(rowActions(row({ type: 'CONSUME', amountCents: -3000, returnedCents: 3000 }), active, false, now).return).toBe(false);
  });

  it('a blocked or expired card moves no money, but a standing hold can always be released', () => {
    const hold = row({ type: 'FREEZE', amountCents: 0, frozenDeltaCents: 1000 });
    const locked = { ...active, status: 'LOCKED' as const, frozenCents: 1000 };
    expect(rowActions(hold, locked, false, now)).toEqual({ unfreeze: true, return: false, cancel: false });
    expect(rowActions(row({ type: 'CONSUME', amountCents: -1000 }), { ...active, expireDate: new Date('2026-05-01') }, false, now)).toEqual({ unfreeze: false, return: false, cancel: false });
    expect(unfreezeRefusal({ ...hold, released: true }, locked)).toBe('NOT_FROZEN');
  });
});
