import { describe, expect, it } from 'vitest';
import { AMOUNT_EXAMPLE_CENTS, AMOUNT_MESSAGES, centsToDecimal, isCents, MAX_SAFE_CENTS, readAmount } from './money';
import { csvLine, formulaSafeCell } from './csv';

describe('money', () => {
  it('reads Italian amounts as an Italian types them', () => {
    const it_ = (text: string) => readAmount(text, 'it');
    expect(it_('1.500,00')).toEqual({ cents: 150000 });
    expect(it_('1500,5')).toEqual({ cents: 150050 });
    expect(it_('1.500')).toEqual({ cents: 150000 }); // Italian thousands
    expect(it_('12.5')).toEqual({ cents: 1250 }); // a point not grouping by three is the decimal point
    expect(it_('12,50')).toEqual({ cents: 1250 });
    expect(it_('1.234.567,89')).toEqual({ cents: 123456789 });
    expect(it_('€ 1.234,56')).toEqual({ cents: 123456 });
    expect(it_('1 500,00 €')).toEqual({ cents: 150000 });
    expect(it_('1,500.00')).toEqual({ cents: 150000 }); // both separators: the last is the decimal point
    expect(it_(',5')).toEqual({ cents: 50 });
    expect(it_('0')).toEqual({ cents: 0 }); // "more than zero" is the amount rule's, not the reader's
  });

  it('reads English amounts as an English user types them', () => {
    const en = (text: string) => readAmount(text, 'en');
    expect(en('1,500.00')).toEqual({ cents: 150000 });
    expect(en('1500.5')).toEqual({ cents: 150050 });
    expect(en('1,500')).toEqual({ cents: 150000 }); // English thousands
    expect(en('12,50')).toEqual({ cents: 1250 });
    expect(en('1,000,000')).toEqual({ cents: 100000000 });
    expect(en('1.500,00')).toEqual({ cents: 150000 });
  });

  it('refuses only what is really wrong, saying why', () => {
    expect(readAmount('1,500', 'it')).toEqual({ problem: 'decimals' }); // Italian: 1,500 has three decimals
    expect(readAmount('1.500', 'en')).toEqual({ problem: 'decimals' });
    expect(readAmount('12,345', 'it')).toEqual({ problem: 'decimals' });
    expect(readAmount('-5', 'it')).toEqual({ problem: 'negative' });
    expect(readAmount('-5,00', 'en')).toEqual({ problem: 'negative' });
    for (const bad of ['abc', '', '1e3', '1.2.3', '1.0000,00', '10.00.0', '1,00,0', '12 euro', '.', '--5']) {
      expect(readAmount(bad, 'it'), bad).toEqual({ problem: 'format' });
    }
    expect(AMOUNT_MESSAGES).toEqual({ format: 'validation.amountFormat?wholeInputCents=2500&exampleInputCents=2550', decimals: 'validation.amountDecimals?exampleInputCents=2550', negative: 'validation.amountNegative' });
  });

  it('gives examples an amount field never refuses: below every amount maximum of the domain (issue 43: "1.500" above a 1.000,00 € cap)', async () => {
    // every exported maximum in cents of the domain's modules: MAX_…_CENTS constants and max…Cents / …CapCents limits
    const modules = import.meta.glob<Record<string, unknown>>(['./**/*.ts', '!./**/*.test.ts', '!./index.ts'], { eager: true });
    const caps: [string, number][] = [];
    const isCap = (name: string) => /^MAX_.*_CENTS$|^max\w*Cents$|Cap\w*Cents$/.test(name) && name !== 'MAX_SAFE_CENTS';
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value === 'number' && isCap(name)) caps.push([`${file} ${name}`, value]);
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          for (const [field, inner] of Object.entries(value)) if (typeof inner === 'number' && isCap(field)) caps.push([`${file} ${name}.${field}`, inner]);
        }
      }
    }
    // a card's transaction maximum (1.000,00 € by default) is named DEFAULT_…
    const { DEFAULT_MAX_TRANSACTION_CENTS } = await import('./giftcards');
    caps.push(['./giftcards.ts DEFAULT_MAX_TRANSACTION_CENTS', DEFAULT_MAX_TRANSACTION_CENTS]);
    expect(caps.map(([where]) => where)).toEqual(expect.arrayContaining(['./square.ts SQUARE_LIMITS.maxAmountCents', './reloadables.ts RELOAD_LIMITS.maxReloadCents', './catalog.ts MAX_TYPOLOGY_VALUE_CENTS']));
    for (const [where, cap] of caps) for (const example of Object.values(AMOUNT_EXAMPLE_CENTS)) expect(example, where).toBeLessThan(cap);
  });

  it('reads a number too large to be an amount as more than any maximum', () => {
    expect(readAmount('99999999999999999999', 'it').cents).toBeGreaterThan(MAX_SAFE_CENTS);
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
