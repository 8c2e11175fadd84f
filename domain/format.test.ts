import { describe, expect, it } from 'vitest';
import { amountInputText, csvAmount, decimalSeparator, formatCents, formatCompactCents, formatFileSize, formatIdRange, formatNumber, formatPercent, groupSeparator, numberLocale, pluralCategory } from './format';

const NBSP = '\u00a0';
/** French groups thousands with a narrow no-break space. */
const NNBSP = '\u202f';

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
    expect(formatFileSize(300, 'it')).toBe('1 kB');
    // French writes octets: "5 Mo", with its narrow no-break space
    expect(formatFileSize(5 * 1024 * 1024, 'fr')).toBe(`5${NNBSP}Mo`);
    expect(formatFileSize(300, 'fr')).toBe(`1${NNBSP}ko`);
  });

  it('writes an amount input and a CSV cell ungrouped with the language decimal separator ("500,50" in Italian)', () => {
    expect(amountInputText(50050, 'it')).toBe('500,50');
    expect(amountInputText(150000, 'it')).toBe('1500');
    expect(amountInputText(50050, 'en')).toBe('500.50');
    expect(csvAmount(123450, 'it')).toBe('1234,50');
    expect(csvAmount(123450, 'en')).toBe('1234.50');
    expect(csvAmount(-250, 'it')).toBe('-2,50');
  });

  it('maps each app language to its country locale; an unknown language writes Italian', () => {
    expect(['it', 'en', 'es', 'fr', 'de'].map(numberLocale)).toEqual(['it-IT', 'en-GB', 'es-ES', 'fr-FR', 'de-DE']);
    expect(numberLocale('en-US')).toBe('en-GB');
    expect(numberLocale('de-AT')).toBe('de-DE');
    expect(numberLocale('pt')).toBe('it-IT');
    expect(formatNumber(1000, undefined)).toBe('1.000');
  });

  it('writes Spanish, French and German by their conventions, 4-digit numbers grouped too', () => {
    expect(formatCents(130050, 'es')).toBe(`1.300,50${NBSP}€`);
    expect(formatCents(130050, 'fr')).toBe(`1${NNBSP}300,50${NBSP}€`);
    expect(formatCents(130050, 'de')).toBe(`1.300,50${NBSP}€`);
    expect(formatNumber(1000, 'es')).toBe('1.000');
    expect(formatNumber(20000, 'fr')).toBe(`20${NNBSP}000`);
    expect(formatNumber(12.5, 'de')).toBe('12,5');
    expect(formatPercent(12.5, 'fr')).toBe(`12,5${NBSP}%`);
    for (const language of ['es', 'fr', 'de']) {
      expect(amountInputText(50050, language)).toBe('500,50');
      expect(csvAmount(123450, language)).toBe('1234,50');
    }
    expect(groupSeparator('fr')).toBe(NNBSP);
    expect(decimalSeparator('de')).toBe(',');
  });

  it('writes short chart amounts without a forced decimal ("12K €", German\'s "12.000 €")', () => {
    expect(formatCompactCents(1200000, 'it')).toBe(`12K${NBSP}€`);
    expect(formatCompactCents(1234500, 'en')).toBe('€12.3k');
    expect(formatCompactCents(1200000, 'de')).toBe(`12.000${NBSP}€`);
    expect(formatCompactCents(123456700, 'es')).toBe(`1,2${NBSP}M${NBSP}€`);
  });

  it('picks one/other plural forms, round millions included ("1.000.000 carte")', () => {
    expect(pluralCategory('it', 1)).toBe('one');
    expect(pluralCategory('it', 0)).toBe('other');
    expect(pluralCategory('it', 2)).toBe('other');
    expect(pluralCategory('it', 1_000_000)).toBe('other'); // CLDR's Italian "many"
    expect(pluralCategory('en', 1)).toBe('one');
    expect(pluralCategory('en', 0)).toBe('other');
    expect(pluralCategory('fr', 0)).toBe('one'); // "0 carte" in French
    expect(pluralCategory('es', 1_000_000)).toBe('other');
    expect(pluralCategory('de', 1)).toBe('one');
  });
});
