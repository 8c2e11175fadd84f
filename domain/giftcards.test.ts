import { describe, expect, it } from 'vitest';
import { parseAmountInput } from './giftcards';

describe('parseAmountInput', () => {
  it.each([
    ['1.000,00', 100000],
    ['1000,00', 100000],
    ['1.000', 100000],
    ['1000.50', 100050],
    ['12,5', 1250],
    ['€ 1.234,56', 123456],
    ['0,01', 1],
  ])('reads Italian %s as %i cents', (text, cents) => expect(parseAmountInput(text, 'it')).toBe(cents));

  it.each([
    ['1,000.00', 100000],
    ['1000.00', 100000],
    ['1,000', 100000],
    ['12,50', 1250],
  ])('reads English %s as %i cents', (text, cents) => expect(parseAmountInput(text, 'en')).toBe(cents));

  it.each(['1.000,001', '10.00.0', '1.0000,00', '-5', '1,500', 'abc', ''])('refuses Italian %s', (text) =>
    expect(parseAmountInput(text, 'it')).toBeNull(),
  );
  it.each(['1.500', '1,00,0', '1.000,001'])('refuses English %s', (text) => expect(parseAmountInput(text, 'en')).toBeNull());
});
