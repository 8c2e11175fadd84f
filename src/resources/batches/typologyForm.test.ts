import { describe, expect, it } from 'vitest';
import { MAX_EXPIRATION_MONTHS, MAX_TYPOLOGY_VALUE_CENTS, MIN_EXPIRATION_MONTHS, SKU_MAX, TYPOLOGY_NAME_MAX, typologyCreateSchema } from '../../../domain/catalog';
import { amountInputText } from '../../../domain/format';
import { TYPOLOGY_FORM_DEFAULTS, typologyFormSchema } from './typologyForm';

const form = (overrides: Partial<typeof TYPOLOGY_FORM_DEFAULTS>, language = 'it') =>
  typologyFormSchema(language).safeParse({ ...TYPOLOGY_FORM_DEFAULTS, name: 'Gift card', value: '25', sku: 'GC-25', ...overrides });
const api = (overrides: Record<string, unknown>) =>
  typologyCreateSchema.safeParse({ name: 'Gift card', type: 'PHYSICAL', variableValue: false, valueCents: 2500, sku: 'GC-25', expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 12, ...overrides });
const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message) ?? [];

// issue 46: the dialog states no rule of its own; it takes what the API takes, and refuses what it refuses
describe('the typology form and the API agree', () => {
  it.each(['GC-25', 'gc.25_b', 'x'.repeat(SKU_MAX), 'x'.repeat(SKU_MAX + 1), 'GC 25', 'GC/25', 'carta€', ''])('on the SKU %j', (sku) => {
    expect(form({ sku }).success).toBe(api({ sku }).success);
  });

  it.each(['Gift card', ' Carta regalo ', 'x'.repeat(TYPOLOGY_NAME_MAX), 'x'.repeat(TYPOLOGY_NAME_MAX + 1), '', '   ', 'Gift\ncard', 'Gift\u202Ecard', 'Gift\u0007card'])('on the name %j', (name) => {
    expect(form({ name }).success).toBe(api({ name }).success);
  });

  // the messages are the API's (required, the length, the characters of a text); only "invalid" is said in the form's words
  it.each([
    ['name', ''],
    ['name', 'x'.repeat(TYPOLOGY_NAME_MAX + 1)],
    ['name', 'Gift\ncard'],
    ['sku', ''],
    ['sku', 'x'.repeat(SKU_MAX + 1)],
  ] as const)('refuses the %s %j with the API\'s message', (field, text) => {
    const inFormWords = (message: string) => (field === 'sku' && message === 'validation.invalid' ? 'batches.validation.sku' : message);
    expect(messagesOf(form({ [field]: text }), field)).toEqual(messagesOf(api({ [field]: text }), field).map(inFormWords));
  });

  it('says which characters an SKU takes where the API says "invalid"', () => {
    expect(messagesOf(api({ sku: 'GC 25' }), 'sku')).toEqual(['validation.invalid']);
    expect(messagesOf(form({ sku: 'GC 25' }), 'sku')).toEqual(['batches.validation.sku']);
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
