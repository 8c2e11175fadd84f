import { describe, expect, it } from 'vitest';
import { blockingChange, effectiveStatus, enabledTarget, endOfDay, expiryAtActivation, expiryAtFirstUse, moneyMoveRefusal, refusalStatus, stateChangeRefusal, type CardState } from './giftcardRules';

const now = new Date('2026-06-15T10:00:00Z');
const card = (extra: Partial<CardState> = {}): CardState => ({
  status: 'ACTIVE',
  enabledStatus: null,
  balanceCents: 1000,
  frozenCents: 0,
  expireDate: null,
  everConsumed: false,
  ...extra,
});

describe('gift-card rules', () => {
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
