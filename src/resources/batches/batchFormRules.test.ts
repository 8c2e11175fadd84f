import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchCreateSchema } from '../../../domain/catalog';
import { isTodayOrLater } from '../../../domain/orders';
import { BATCH_RULES, batchFields } from '../../../domain/schemas/batch';

const zone = process.env.TZ;
afterEach(() => {
  vi.useRealTimers();
  process.env.TZ = zone;
});

const VALID = { lotNumber: 'LOT-1', typologyId: 'typology-1', quantity: 5, expireDate: '', orderReference: '' };
const form = (values: Partial<Record<keyof typeof VALID, unknown>>) => batchFields.formSchema.safeParse({ ...VALID, ...values });
const messagesOf = (values: Partial<Record<keyof typeof VALID, unknown>>) => form(values).error?.issues.map((issue) => issue.message) ?? [];

// issue 46: the generate-batch form takes each rule from the API's (domain/catalog.ts), not a copy
describe('the generate-batch form', () => {
  it.each(['LOT-2026/01', 'lot_a.b', 'LOT 1', 'LOT#1', 'LOTTO-è', 'L'.repeat(40), 'L'.repeat(41)])('takes the lot number %j when the API takes it', (lot) => {
    expect(form({ lotNumber: lot }).success).toBe(batchCreateSchema.shape.lotNumber.safeParse(lot).success);
  });

  it.each([0, 1, 100_000, 100_001, 2.5])('takes the quantity %j when the API takes it', (quantity) => {
    expect(form({ quantity }).success).toBe(batchCreateSchema.shape.quantity.safeParse(quantity).success);
  });

  it('leaves reading the typed quantity to its input (the language decides): a text it could not read is refused with the rule', () => {
    expect(messagesOf({ quantity: '10,000' })).toEqual([BATCH_RULES.quantity]);
    expect(messagesOf({ quantity: '' })).toEqual(['validation.required']);
  });

  it('takes the expiry days the server takes just after midnight in Italy (still yesterday, UTC)', () => {
    process.env.TZ = 'Europe/Rome';
    vi.useFakeTimers({ now: new Date('2026-05-10T22:30:00Z'), toFake: ['Date'] });
    expect(new Date().getDate()).toBe(11);
    expect(form({ expireDate: '10/05/2026' }).success).toBe(isTodayOrLater('2026-05-10', new Date()));
    expect(form({ expireDate: '10/05/2026' }).success).toBe(true);
    expect(form({ expireDate: '09/05/2026' }).success).toBe(false);
  });

  it('refuses the expiry day the server refuses in the evening west of UTC (already tomorrow, UTC)', () => {
    process.env.TZ = 'America/New_York';
    vi.useFakeTimers({ now: new Date('2026-05-11T01:00:00Z'), toFake: ['Date'] });
    expect(new Date().getDate()).toBe(10);
    expect(form({ expireDate: '10/05/2026' }).success).toBe(false);
    expect(form({ expireDate: '11/05/2026' }).success).toBe(true);
  });
});
