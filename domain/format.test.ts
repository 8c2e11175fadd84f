import { describe, expect, it } from 'vitest';
import { amountInputText, csvAmount, formatCents, formatFileSize, formatIdRange, formatNumber, formatPercent, numberLocale, pluralCategory } from './format';

const NBSP = '\u00a0';

describe('the one formatter', () => {
  it('writes amounts per language, grouping thousands always ("1.300,50 €" beside "18.999,50 €")', () => {
    expect(formatCents(130050, 'it')).toBe(`1.300,50${NBSP}€`);
    expect(formatCents(1899950, 'it')).toBe(`18.999,50${NBSP}€`);
    expect(formatCents(5, 'it')).toBe(`0,05${NBSP}€`);
    expect(formatCents(-3000, 'it')).toBe(`-30,00${NBSP}€`);
    expect(formatCents(130050, 'en')).toBe('€1,300.50');
    expect(formatCents(-3000, 'en')).toBe('-€30.00');
  });

  it('writes counts per language, 4-digit ones grouped too ("1.000" beside "20.000", "19.995")', () => {
    expect(formatNumber(1000, 'it')).toBe('1.000');
    expect(formatNumber(20000, 'it')).toBe('20.000');
    expect(formatNumber(19995, 'it')).toBe('19.995');
    expect(formatNumber(999, 'it')).toBe('999');
    expect(formatNumber(1000, 'en')).toBe('1,000');
    expect(formatNumber(12.5, 'it')).toBe('12,5');
  });

  it('writes ranges of identifiers (progressives) as typed, ungrouped', () => {
    expect(formatIdRange(502801, 512800)).toBe('502801–512800');
    expect(formatIdRange(7, 7)).toBe('7');
  });

  it('writes percentages and file sizes', () => {
    expect(formatPercent(40, 'it')).toBe('40%');
    expect(formatPercent(12.5, 'it')).toBe('12,5%');
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
    expect(formatFileSize(5 * 1024 * 1024, 'it')).toBe('5 MB');
    expect(formatFileSize(1.25 * 1024 * 1024, 'it')).toBe('1,3 MB');
    expect(formatFileSize(1.25 * 1024 * 1024, 'en')).toBe('1.3 MB');
    expect(formatFileSize(300, 'it')).toBe('1 KB');
  });

  it('writes an amount input and a CSV cell ungrouped with the language decimal separator ("500,50" in Italian)', () => {
    expect(amountInputText(50050, 'it')).toBe('500,50');
    expect(amountInputText(150000, 'it')).toBe('1500');
    expect(amountInputText(50050, 'en')).toBe('500.50');
    expect(csvAmount(123450, 'it')).toBe('1234,50');
    expect(csvAmount(123450, 'en')).toBe('1234.50');
    expect(csvAmount(-250, 'it')).toBe('-2,50');
  });

  it('languages without texts write Italian', () => {
    expect(numberLocale('de')).toBe('it-IT');
    expect(numberLocale('en-US')).toBe('en-GB');
    expect(formatNumber(1000, undefined)).toBe('1.000');
  });

  it('picks one/other plural forms, round millions included ("1.000.000 carte")', () => {
    expect(pluralCategory('it', 1)).toBe('one');
    expect(pluralCategory('it', 0)).toBe('other');
    expect(pluralCategory('it', 2)).toBe('other');
    expect(pluralCategory('it', 1_000_000)).toBe('other'); // CLDR's Italian "many"
    expect(pluralCategory('en', 1)).toBe('one');
    expect(pluralCategory('en', 0)).toBe('other');
  });
});
