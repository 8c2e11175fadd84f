import { describe, expect, it } from 'vitest';
import { batchCreateSchema } from '../../../domain/catalog';
import { BATCH_RULES, batchFields } from '../../../domain/schemas/batch';
import { itTakesTheServersDay } from '../../test/serverDay';

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

  describe('its expiry day', () => {
    itTakesTheServersDay((day) => form({ expireDate: day }).success);
  });
});
