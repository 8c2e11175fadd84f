import { messageWith } from './messages';

/**
 * Money is integer cents everywhere in the database and the API (fields ending in `Cents`).
 * These helpers convert user input in euros to cents without floating-point drift.
 */
export const MAX_SAFE_CENTS = 100_000_000_00; // 100 million euros: far above any card or wallet

/**
 * Why a typed amount cannot be read (the i18n key that says so: `AMOUNT_MESSAGES`). Whether it
 * is above zero and within the maximum is the amount rule's business (the domain's zod schemas:
 * `amountCentsSchema`, `reloadAmountSchema`…), not the reader's.
 */
export type AmountProblem = 'format' | 'decimals' | 'negative';
export type AmountReading = { cents: number; problem?: undefined } | { cents?: undefined; problem: AmountProblem };

/**
 * The amounts the messages give as examples ("25" and "25,50" in Italian, "25.50" in English: as
 * typed in an input, `…InputCents` message parameters): small, below the maximum of every amount
 * field (the lowest is 1.000,00 €, a card's transaction; domain/money.test.ts checks them all), so
 * an example is never an amount the field refuses.
 */
export const AMOUNT_EXAMPLE_CENTS = { whole: 2500, withCents: 2550 } as const;

export const AMOUNT_MESSAGES: Record<AmountProblem, string> = {
  format: messageWith('validation.amountFormat', { wholeInputCents: AMOUNT_EXAMPLE_CENTS.whole, exampleInputCents: AMOUNT_EXAMPLE_CENTS.withCents }),
  decimals: messageWith('validation.amountDecimals', { exampleInputCents: AMOUNT_EXAMPLE_CENTS.withCents }),
  negative: 'validation.amountNegative',
};

const grouped = (digits: string, separator: string) => new RegExp(`^\\d{1,3}(\\${separator}\\d{3})+$`).test(digits);

/**
 * A number as the user's language writes it, split at its decimal point (the rules of
 * `readAmount` below; spaces already removed): null when it is not one.
 */
function splitNumber(text: string, language: string | undefined): { integer: string; fraction: string; negative: boolean } | null {
  const negative = /^[-−]/.test(text);
  if (negative || text.startsWith('+')) text = text.slice(1);
  if (!/^[\d.,]*\d[\d.,]*$/.test(text)) return null;
  const group = language?.toLowerCase().startsWith('en') ? ',' : '.';
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  let integer = text;
  let fraction = '';
  if (dots > 0 && commas > 0) {
    const point = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    const other = point === '.' ? ',' : '.';
    const at = text.lastIndexOf(point);
    integer = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (text.split(point).length > 2 || !grouped(integer, other)) return null;
    integer = integer.split(other).join('');
  } else if (dots + commas > 1) {
    if (!grouped(text, dots > 0 ? '.' : ',')) return null;
    integer = text.replace(/[.,]/g, '');
  } else if (dots + commas === 1) {
    const separator = dots > 0 ? '.' : ',';
    if (separator === group && grouped(text, group)) integer = text.replace(group, '');
    else [integer, fraction] = text.split(separator);
  }
  return { integer, fraction, negative };
}

/**
 * The one reader of amounts typed in euros, in the user's language (every amount input, the
 * reloads CSV). What it accepts:
 *
 * - digits, with the language's thousands separator grouping by three and its decimal
 *   separator: "1.500,50" in Italian, "1,500.50" in English; spaces, a "€" and a "+" are ignored;
 * - with both separators the last one is the decimal point, whichever it is: "1,500.50" reads
 *   1500.50 in Italian too (there is no other reading);
 * - one separator, once, is the decimal point ("12,5", "12.5", ",5" in both languages), unless
 *   it is the language's thousands separator followed by exactly three digits: "1.500" is 1500
 *   in Italian, "1,500" is 1500 in English. So "1,500" in Italian and "1.500" in English are
 *   three decimals, which is refused (`decimals`), not guessed: a thousandfold error on money
 *   costs more than retyping;
 * - one separator repeated groups thousands: "1.000.000", "1,000,000".
 *
 * Refused, with the reason: more than 2 decimals (`decimals`), a minus sign (`negative`),
 * anything else (`format`). A number too large to be an amount reads as more than any maximum.
 */
export function readAmount(input: string | number, language: string | undefined): AmountReading {
  const number = splitNumber(String(input).replace(/[\s\u00a0\u202f€]/g, ''), language);
  if (!number) return { problem: 'format' };
  if (number.fraction.length > 2) return { problem: 'decimals' };
  if (number.negative) return { problem: 'negative' };
  const cents = Number(number.integer || '0') * 100 + Number(number.fraction.padEnd(2, '0'));
  return { cents: Number.isSafeInteger(cents) ? cents : Number.MAX_SAFE_INTEGER };
}

/**
 * The one reader of whole numbers typed in the user's language (quantities, progressive numbers,
 * months): `readAmount`'s separators, without decimals or a sign. "10.000" and "10 000" are ten
 * thousand in Italian, "10,000" and "10 000" in English; "10,000" in Italian is ten with three
 * decimals, refused as in an amount. Null when the text is not a whole number (the field's rule
 * then says what it takes); a number too large reads as more than any maximum.
 */
export function readWholeNumber(input: string, language: string | undefined): number | null {
  const number = splitNumber(input.replace(/[\s\u00a0\u202f]/g, ''), language);
  if (!number || number.negative || number.fraction !== '' || number.integer === '') return null;
  const value = Number(number.integer);
  return Number.isSafeInteger(value) ? value : Number.MAX_SAFE_INTEGER;
}

/**
 * The one reader of decimals typed in the user's language (a percentage: "12,5" in Italian,
 * "12.5" in English): `readAmount`'s separators, with any number of decimals and a sign. Null
 * when the text is not a number (the field's rule then says what it takes).
 */
export function readDecimal(input: string, language: string | undefined): number | null {
  const number = splitNumber(input.replace(/[\s\u00a0\u202f]/g, ''), language);
  if (!number || (number.integer === '' && number.fraction === '')) return null;
  const value = Number(`${number.negative ? '-' : ''}${number.integer || '0'}.${number.fraction || '0'}`);
  return Number.isFinite(value) ? value : null;
}

/** `readAmount`'s cents, or null when the text is not an amount (a sign, 3+ decimals, junk). */
export function parseAmountInput(input: string, language: string | undefined): number | null {
  return readAmount(input, language).cents ?? null;
}

/** Cents as a plain decimal string with two places ("1234.50"), for CSV and inputs. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Whether a number is a valid non-negative amount of cents. */
export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_SAFE_CENTS;
}
