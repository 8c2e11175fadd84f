/**
 * Money is integer cents everywhere in the database and the API (fields ending in `Cents`).
 * These helpers convert user input in euros to cents without floating-point drift.
 */
export const MAX_SAFE_CENTS = 100_000_000_00; // 100 million euros: far above any card or wallet

/** Parses "12", "12.5", "12,50" into cents; null for anything else (3+ decimals, signs, junk). */
export function parseEurosToCents(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim().replace(',', '.');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_SAFE_CENTS ? cents : null;
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
