import { describe, expect, it } from 'vitest';
import { MAX_EXPIRATION_MONTHS, MAX_TYPOLOGY_VALUE_CENTS, MIN_EXPIRATION_MONTHS, SKU_MAX, typologyCreateSchema } from '../../../domain/catalog';
import { amountInputText } from '../../../domain/format';
import { TYPOLOGY_FORM_DEFAULTS, typologyFormSchema } from './typologyForm';

const form = (overrides: Partial<typeof TYPOLOGY_FORM_DEFAULTS>, language = 'it') =>
  typologyFormSchema(language).safeParse({ ...TYPOLOGY_FORM_DEFAULTS, name: 'Gift card', value: '25', sku: 'GC-25', ...overrides });
const api = (overrides: Record<string, unknown>) =>
  typologyCreateSchema.safeParse({ name: 'Gift card', type: 'PHYSICAL', variableValue: false, valueCents: 2500, sku: 'GC-25', expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 12, ...overrides });

// issue 46: the dialog states no rule of its own; it takes what the API takes, and refuses what it refuses
describe('the typology form and the API agree', () => {
  it.each(['GC-25', 'gc.25_b', 'x'.repeat(SKU_MAX), 'x'.repeat(SKU_MAX + 1), 'GC 25', 'GC/25', 'carta€', ''])('on the SKU %j', (sku) => {
    expect(form({ sku }).success).toBe(api({ sku }).success);
  });

  it.each([MIN_EXPIRATION_MONTHS - 1, MIN_EXPIRATION_MONTHS, 12, MAX_EXPIRATION_MONTHS, MAX_EXPIRATION_MONTHS + 1])('on %i months', (months) => {
    expect(form({ expirationMonths: String(months) }).success).toBe(api({ expirationMonths: months }).success);
  });

  it.each([0, 1, 2550, MAX_TYPOLOGY_VALUE_CENTS, MAX_TYPOLOGY_VALUE_CENTS + 1])('on a value of %i cents, typed in each language', (cents) => {
    for (const language of ['it', 'en', 'de']) expect(form({ value: amountInputText(cents, language) }, language).success).toBe(api({ valueCents: cents }).success);
  });

  it('reads the months as the other counts: a whole number, no decimals', () => {
    expect(form({ expirationMonths: '12,5' }).success).toBe(false);
    expect(form({ expirationMonths: '12' }).success).toBe(true);
  });
});
