import { describe, expect, it } from 'vitest';
import { readAmount, readDecimal, readWholeNumber } from './money';

// issue 46: one reader of typed numbers; a count and an amount read the same text alike
describe('readWholeNumber', () => {
  it.each([
    ['10.000', 10_000],
    ['10 000', 10_000],
    ['10\u202f000', 10_000],
    ['1.000.000', 1_000_000],
    ['10000', 10_000],
    [' 7 ', 7],
  ])('reads Italian %j as %i', (text, value) => expect(readWholeNumber(text, 'it')).toBe(value));

  it.each([
    ['10,000', 10_000],
    ['10 000', 10_000],
    ['1,000,000', 1_000_000],
    ['10000', 10_000],
  ])('reads English %j as %i', (text, value) => expect(readWholeNumber(text, 'en')).toBe(value));

  // "10,000" in Italian is ten with three decimals, as the money reader says: refused, not guessed
  it.each(['10,000', '1.5', '1,5', '-3', '10,00', '', 'abc', '1.00.0'])('refuses Italian %j', (text) => expect(readWholeNumber(text, 'it')).toBeNull());
  it.each(['10.000', '1.5', '1,5', '-3', '1,00,0'])('refuses English %j', (text) => expect(readWholeNumber(text, 'en')).toBeNull());

  it('takes what the money reader takes as a whole number of euros, and refuses what it refuses', () => {
    for (const language of ['it', 'en', 'es', 'fr', 'de']) {
      for (const text of ['10,000', '10.000', '10 000', '1.5', '1,5', '1.000.000', '25']) {
        const amount = readAmount(text, language);
        const whole = readWholeNumber(text, language);
        if (amount.cents === undefined || amount.cents % 100 !== 0 || /[.,]\d{1,2}$/.test(text)) expect(whole, `${text} in ${language}`).toBeNull();
        else expect(whole! * 100, `${text} in ${language}`).toBe(amount.cents);
      }
    }
  });
});

// a percentage typed in a form (SchemaKindInputs): the same separators, any decimals
describe('readDecimal', () => {
  it.each([
    ['it', '12,5', 12.5],
    ['it', '1.000,25', 1000.25],
    ['it', '-3', -3],
    ['en', '12.5', 12.5],
    ['en', '1,000.25', 1000.25],
    ['de', '0,125', 0.125],
  ])('reads %s %j as %d', (language, text, value) => expect(readDecimal(text, language)).toBe(value));

  it.each(['', 'abc', '1.00.0', '12,5%'])('refuses %j', (text) => expect(readDecimal(text, 'it')).toBeNull());

  it('reads a whole number as readWholeNumber does', () => {
    for (const language of ['it', 'en']) for (const text of ['10.000', '10,000', '7']) {
      const whole = readWholeNumber(text, language);
      if (whole !== null) expect(readDecimal(text, language), `${text} in ${language}`).toBe(whole);
    }
  });
});
