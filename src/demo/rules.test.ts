import { describe, expect, it } from 'vitest';
import { CARD_STATUSES } from '../../domain/giftcards';
import * as server from '../../server/modules/giftcards/rules';
import * as demo from './rules';

const ACTIONS = ['disable', 'lock', 'enable', 'deactivate', 'activate', 'editExpiry'] as const;
const CODES = ['INSUFFICIENT_BALANCE', 'RETURN_EXCEEDS_CONSUME', 'AMOUNT_TOO_LARGE', 'IDEMPOTENCY_KEY_REUSED', 'NOT_FOUND', 'VALIDATION_ERROR', 'CARD_LOCKED', 'NOT_FROZEN'] as const;

/** The demo refuses exactly what the server refuses: same rules, same codes, same statuses. */
describe('demo card rules', () => {
  it('answer as the server rules for every state, expiry, usage and action', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    for (const status of CARD_STATUSES) {
      for (const expireDate of [null, new Date('2026-05-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z')]) {
        for (const everConsumed of [false, true]) {
          const card = { status, enabledStatus: 'SOLD' as const, balanceCents: 1000, frozenCents: 200, expireDate, everConsumed };
          expect(demo.moneyMoveRefusal(card, now), `${status} ${String(expireDate)}`).toBe(server.moneyMoveRefusal(card, now));
          expect(demo.effectiveStatus(card, now)).toBe(server.effectiveStatus(card, now));
          for (const action of ACTIONS) expect(demo.stateChangeRefusal(action, card, now), `${action} on ${status}`).toBe(server.stateChangeRefusal(action, card, now));
        }
      }
    }
    for (const code of CODES) expect(demo.refusalStatus(code)).toBe(server.refusalStatus(code));
    const activated = new Date('2026-01-31T10:00:00Z');
    for (const rule of [
      { expirationType: 'MONTHS_FROM_ACTIVATION' as const, expirationMonths: 1, expirationDate: null },
      { expirationType: 'FIXED_DATE' as const, expirationMonths: null, expirationDate: '2027-01-31' },
      { expirationType: 'MONTHS_FROM_FIRST_USE' as const, expirationMonths: 12, expirationDate: null },
    ]) {
      expect(demo.expiryAtActivation(rule, activated)).toEqual(server.expiryAtActivation(rule, activated));
      expect(demo.expiryAtFirstUse(rule, activated)).toEqual(server.expiryAtFirstUse(rule, activated));
    }
  });
});
