import { describe, expect, it } from 'vitest';
import { cardFooter } from './archive';

describe('card fronts', () => {
  const header = { typologyName: 'Digital Gift Card', valueCents: 2500, expireDate: '2027-01-31' };
  it("name the card's lot, or for an order's cards made without a lot their order (never an order number called a lot)", () => {
    expect(cardFooter({ ...header, lotNumber: 'LOT-2026-003', language: 'it' }, { code: 'X', progressive: 7 })).toBe('N. 7   Lotto LOT-2026-003   Valida fino al 31/01/2027');
    expect(cardFooter({ ...header, lotNumber: null, orderNumber: 'ORD-000016', language: 'it' }, { code: 'X', progressive: 7 })).toBe('N. 7   Ordine ORD-000016   Valida fino al 31/01/2027');
    expect(cardFooter({ ...header, lotNumber: null, orderNumber: 'ORD-000016', expireDate: null, language: 'en' }, { code: 'X', progressive: 7 })).toBe('No. 7   Order ORD-000016   See terms');
  });
});
