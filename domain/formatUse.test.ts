import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles, ROOT } from '../tests/code-files';

/**
 * Issue 14, numbers and money: every number, amount and range is written by the one formatter
 * (domain/format.ts; the SPA reaches it through src/i18n/formatMoney.ts and i18next's
 * interpolation). This walks the SPA, the demo, the server and the domain, tests aside, and
 * fails on the ways a number gets written beside it: `toLocaleString`, `toFixed`, an own
 * `Intl.NumberFormat` or `Intl.PluralRules`, a decimal comma patched in with
 * `.replace('.', ',')`, cents turned into euros by hand (`…Cents / 100`).
 *
 * What it cannot see, a number put raw into JSX (`{order.quantity}`), is covered by the
 * screens' own tests and the named examples (src/i18n/namedExamples.test.tsx).
 */
const FORMATTER = 'domain/format.ts';

const RULES: Array<[string, RegExp]> = [
  ['toLocaleString', /\.toLocaleString\(/],
  ['toFixed', /\.toFixed\(/],
  ['Intl.NumberFormat', /Intl\.NumberFormat\b/],
  ['Intl.PluralRules', /Intl\.PluralRules\b/],
  ["replace('.', ',')", /\.replace\(\s*['"]\.['"]\s*,\s*['"],['"]\s*\)/],
  ['cents / 100', /cents\)?\s*\/\s*100\b/i],
];

const files = codeFiles(['src', 'server', 'domain']);

describe('numbers are written by the one formatter', () => {
  it('walks the SPA, the server and the domain', () => {
    expect(files).toContain('src/resources/giftcards/GiftCardList.tsx');
    expect(files).toContain('server/modules/reloadables/notifications.ts');
    expect(files).toContain(FORMATTER);
    expect(files.length).toBeGreaterThan(300);
  });

  it('the rules catch the ways numbers were written by hand', () => {
    const caught = (line: string) => RULES.filter(([, rule]) => rule.test(line)).map(([name]) => name);
    expect(caught("translate('giftcards.list.count', { n: data.count.toLocaleString(locale) })")).toEqual(['toLocaleString']);
    expect(caught('(settings.lowBalanceThresholdCents / 100).toFixed(2)')).toEqual(['toFixed', 'cents / 100']);
    expect(caught("new Intl.NumberFormat('it-IT').format(value)")).toEqual(['Intl.NumberFormat']);
    expect(caught("centsToDecimal(cents).replace('.', ',')")).toEqual(["replace('.', ',')"]);
    expect(caught('formatCents(run.creditedCents)')).toEqual([]);
  });

  it('no file but the formatter writes a number its own way', () => {
    const found = files
      .filter((file) => file !== FORMATTER)
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => RULES.filter(([, rule]) => rule.test(line)).map(([name]) => `${file}:${i + 1} ${name}: ${line.trim()}`)),
      );
    expect(found).toEqual([]);
  });
});
