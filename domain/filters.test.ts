import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFilters, filterValueFromApi, filterValueToApi } from './filters';
import { giftCardFilters } from './schemas/giftcard';
import { orderFilters } from './schemas/order';
import { walletMovementFilters } from './schemas/wallet-movements';

const schema = z.object({ q: z.string().max(20).optional(), state: z.enum(['A', 'B']).optional(), dateFrom: z.string().optional(), dateTo: z.string().optional(), runId: z.uuid().optional() }).strict();
const DAY = { dayStart: (text: string) => (text ? `${text}T00` : undefined), dayEnd: (text: string) => (text ? `${text}T24` : undefined), cents: (text: string) => (/^\d+$/.test(text) ? Number(text) * 100 : text) };
const WRITE = { day: () => '', euros: (cents: number) => String(cents / 100) };

describe('defineFilters', () => {
  it('gives a range two keys, labels from the texts group, and the schema’s max length', () => {
    const set = defineFilters(schema, 'things.filters', [{ source: 'q' }, { source: 'state', kind: 'select', choices: [{ id: 'A', name: 'a' }] }, { source: 'date', kind: 'date', range: true }], { fixed: ['runId'] });
    expect(set.keys.map((input) => [input.key, input.label, input.bound])).toEqual([
      ['q', 'things.filters.q', undefined],
      ['state', 'things.filters.state', undefined],
      ['dateFrom', 'things.filters.dateFrom', 'from'],
      ['dateTo', 'things.filters.dateTo', 'to'],
    ]);
    expect(set.keys[0].maxLength).toBe(20);
  });

  it('refuses a filter the API does not take, and an API key neither declared nor fixed', () => {
    expect(() => defineFilters(schema, 't', [{ source: 'nope' }])).toThrow('Filter "nope" is not a key of the API filter');
    expect(() => defineFilters(schema, 't', [{ source: 'q' }, { source: 'state' }, { source: 'date', range: true }])).toThrow('API filter key "runId" has no filter declaration');
  });

  it('turns form values into the API filter the schema accepts, and back', () => {
    const [, code, , , progressiveFrom] = giftCardFilters.keys;
    expect(filterValueToApi(code, '  ab12 cd ', DAY)).toBe('AB12CD');
    expect(filterValueToApi(code, '   ', DAY)).toBeUndefined();
    expect(filterValueToApi(progressiveFrom, ' 120 ', DAY)).toBe(120);
    // not digits: passed on as typed, for the schema to refuse on the field
    expect(filterValueToApi(progressiveFrom, '12a', DAY)).toBe('12a');
    const dateTo = orderFilters.keys.find((input) => input.key === 'dateTo')!;
    expect(filterValueToApi(dateTo, '2026-11-26', DAY)).toBe('2026-11-26T24');
    const state = orderFilters.keys.find((input) => input.key === 'state')!;
    expect(filterValueToApi(state, '', DAY)).toBeUndefined();
    expect(filterValueFromApi(state, 'COMPLETED', WRITE)).toBe('COMPLETED');
    // a state the form does not offer reads as the empty choice
    expect(filterValueFromApi(state, 'NOPE', WRITE)).toBe('');
    const typology = orderFilters.keys.find((input) => input.key === 'typologyId')!;
    expect(filterValueFromApi(typology, undefined, WRITE)).toBeNull();
    const amountTo = walletMovementFilters.keys.find((input) => input.key === 'amountTo')!;
    expect(filterValueToApi(amountTo, '12', DAY)).toBe(1200);
    expect(filterValueToApi(amountTo, ' ', DAY)).toBeUndefined();
    expect(filterValueFromApi(amountTo, 1200, WRITE)).toBe('12');
  });
});
