import { describe, expect, it } from 'vitest';
import { centsToDecimal, isCents, parseEurosToCents } from './money';
import { csvLine, formulaSafeCell } from './csv';

describe('money', () => {
  it('parses euros with dot or comma into cents', () => {
    expect(parseEurosToCents('12')).toBe(1200);
    expect(parseEurosToCents('12.5')).toBe(1250);
    expect(parseEurosToCents('12,05')).toBe(1205);
    expect(parseEurosToCents(0.1)).toBe(10);
  });

  it('refuses more than two decimals, signs and junk', () => {
    for (const bad of ['12.345', '-1', '+1', '1e3', '', 'abc', '1.2.3', '9999999999999']) {
      expect(parseEurosToCents(bad)).toBeNull();
    }
  });

  it('formats cents with two places', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-250)).toBe('-2.50');
  });

  it('knows a valid amount of cents', () => {
    expect(isCents(0)).toBe(true);
    expect(isCents(1.5)).toBe(false);
    expect(isCents(-1)).toBe(false);
  });
});

describe('formula-safe CSV', () => {
  it('neutralises cells that a spreadsheet would run', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(formulaSafeCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(formulaSafeCell('Acme')).toBe('Acme');
    expect(formulaSafeCell('-12.50')).toBe('-12.50');
    expect(formulaSafeCell('-1+1')).toBe("'-1+1");
    expect(formulaSafeCell(null)).toBe('');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvLine(['a;b', 'say "hi"', 'x'])).toBe('"a;b";"say ""hi""";x\r\n');
  });
});
