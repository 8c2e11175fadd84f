/**
 * The one place numbers, amounts and plural categories are written for people, shared by the
 * SPA, the demo, the server's e-mails and its CSV files. Every function takes the app language
 * (`it`, `en`, `es`, `fr`, `de`) and writes by that language's conventions, through Intl:
 *
 * - Italian, Spanish and German group thousands with "." and write decimals with ",":
 *   "1.300,50 €", "20.000"; French groups with a narrow no-break space: "1 300,50 €"; English
 *   the reverse of Italian: "€1,300.50", "20,000".
 * - Grouping is always on: Intl's it-IT and es-ES leave 4-digit numbers ungrouped ("1300,50 €"
 *   beside "18.999,50 €"), so every formatter here asks for `useGrouping: 'always'`.
 * - Identifiers that happen to be digits (card progressives, card numbers, order and lot numbers)
 *   are not quantities: they are written as the user types them, ungrouped (`formatIdRange`).
 * - Inputs (`amountInputText`) and CSV cells (`csvAmount`) are not grouped either: an input is
 *   edited, a CSV cell is read by a spreadsheet. Both use the language's decimal separator.
 */

/** Each app language as written in its country (English as in the UK: day first, euro amounts). */
const NUMBER_LOCALES = { it: 'it-IT', en: 'en-GB', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' } as const;
type NumberLocale = (typeof NUMBER_LOCALES)[keyof typeof NUMBER_LOCALES];

/** The number-format (and date-format) locale of an app language; Italian for an unknown one. */
export function numberLocale(language: string | undefined): NumberLocale {
  const code = language?.toLowerCase().split('-')[0] ?? '';
  return code in NUMBER_LOCALES ? NUMBER_LOCALES[code as keyof typeof NUMBER_LOCALES] : NUMBER_LOCALES.it;
}

/** The decimal separator an app language writes: "." in English, "," in the others. */
export const decimalSeparator = (language: string | undefined) => (numberLocale(language) === 'en-GB' ? '.' : ',');

/** The thousands separator an app language writes: "," in English, a narrow no-break space in French, "." in the others. */
export const groupSeparator = (language: string | undefined) => {
  const locale = numberLocale(language);
  return locale === 'en-GB' ? ',' : locale === 'fr-FR' ? '\u202f' : '.';
};

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(kind: 'money' | 'compactMoney' | 'number' | 'percent', language: string | undefined): Intl.NumberFormat {
  const locale = numberLocale(language);
  const id = `${kind}:${locale}`;
  let format = formatters.get(id);
  if (!format) {
    // 'always' is Intl.NumberFormat v3 (every current browser and Node 20); older engines read it
    // as `true`, their default grouping
    const grouping = { useGrouping: 'always' } as unknown as Intl.NumberFormatOptions;
    const options: Intl.NumberFormatOptions =
      kind === 'money'
        ? { ...grouping, style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }
        : kind === 'compactMoney'
          ? // minimum 0: the currency's 2 decimals, cut to 1, would write "12,0K €" and German's uncompacted "12.345,0 €"
            { style: 'currency', currency: 'EUR', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }
          : kind === 'percent'
          ? { ...grouping, style: 'percent', maximumFractionDigits: 2 }
          : { ...grouping, maximumFractionDigits: 2 };
    format = new Intl.NumberFormat(locale, options);
    formatters.set(id, format);
  }
  return format;
}

/** Integer cents (the API's `…Cents` fields) as euros: "1.300,50 €" in Italian, "€1,300.50" in English, "1 300,50 €" in French. */
export function formatCents(cents: number, language: string | undefined): string {
  // cents → euros by division is exact enough for display: every cent value is representable
  return formatter('money', language).format(cents / 100);
}

/** Cents as short euros for a chart's axis, readable on a phone: "12K €", "1,2 Mln €" in Italian, "€1.2M" in English. */
export function formatCompactCents(cents: number, language: string | undefined): string {
  return formatter('compactMoney', language).format(cents / 100);
}

/** A count or quantity: "20.000", "1.000", "19.995" in Italian; "20,000" in English (at most 2 decimals). */
export function formatNumber(value: number, language: string | undefined): string {
  return formatter('number', language).format(value);
}

/** A range of identifiers (card progressives): "502801–512800", ungrouped as the user types them; one value when equal. */
export function formatIdRange(from: number | string, to: number | string): string {
  return String(from) === String(to) ? String(from) : `${from}–${to}`;
}

/** A percentage (0–100, up to two decimals): "40%", "12,5%". */
export function formatPercent(percent: number, language: string | undefined): string {
  return formatter('percent', language).format(percent / 100);
}

/** A file size: "5 MB", "12,5 MB", "300 KB" (1 KB at least). */
export function formatFileSize(bytes: number, language: string | undefined): string {
  const mb = bytes / 1024 / 1024;
  // the language's own unit: French writes "Mo"/"ko" (Intl's unit style knows it)
  const unit = (value: number, name: 'megabyte' | 'kilobyte') => new Intl.NumberFormat(language ?? 'it', { style: 'unit', unit: name, maximumFractionDigits: 1 }).format(value);
  if (mb >= 1) return unit(Math.round(mb * 10) / 10, 'megabyte');
  return unit(Math.max(1, Math.round(bytes / 1024)), 'kilobyte');
}

/** Cents as the text of an amount input: "1500,50" / "1500.50", "500" for whole euros; ungrouped, so it edits easily. */
export function amountInputText(cents: number, language: string | undefined): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  return rest === 0 ? `${sign}${euros}` : `${sign}${euros}${decimalSeparator(language)}${String(rest).padStart(2, '0')}`;
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : String(n)));

/**
 * Cents in a CSV cell: "1234,50" in Italian, Spanish, French and German (Excel's decimal comma), "1234.50" in English;
 * ungrouped, two places. Built once per file (`csvAmounts(language)`) for files of millions of
 * amounts: integer arithmetic and a table of the two-digit endings.
 */
export function csvAmounts(language: string | undefined): (cents: number) => string {
  const mark = decimalSeparator(language);
  return (cents) => {
    const abs = cents < 0 ? -cents : cents;
    const rest = abs % 100;
    return `${cents < 0 ? '-' : ''}${(abs - rest) / 100}${mark}${TWO_DIGITS[rest]}`;
  };
}

export function csvAmount(cents: number, language: string | undefined): string {
  return csvAmounts(language)(cents);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The plural form a count takes in a language's texts: `one` or `other` (the `_one` / `_other`
 * keys). CLDR gives Italian (and French, Spanish) a `many` form for round millions ("un milione
 * di carte"); our texts write the digits ("1.000.000 carte"), which read as `other`.
 */
export function pluralCategory(language: string | undefined, count: number): 'one' | 'other' | 'zero' | 'two' | 'few' {
  const code = (language ?? 'it').split('-')[0] || 'it';
  let rules = pluralRules.get(code);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(code);
    } catch {
      rules = new Intl.PluralRules('it');
    }
    pluralRules.set(code, rules);
  }
  const category = rules.select(count);
  return category === 'many' ? 'other' : category;
}
