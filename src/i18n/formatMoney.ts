import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { amountInputText, formatCents, formatFileSize, formatIdRange, formatNumber, formatPercent } from '../../domain/format';

/**
 * The SPA's door to the one formatter (domain/format.ts): every number, amount and range a
 * screen shows goes through it, in the current language ("1.300,50 €" and "20.000" in Italian,
 * "€1,300.50" and "20,000" in English). Numbers interpolated into texts are formatted by i18next
 * with the same functions (src/i18n/i18n.ts), so a count is passed to `translate` as a number.
 */
export { amountInputText, formatCents, formatFileSize, formatIdRange, formatNumber, formatPercent };

/** The formatters bound to the current language. */
export function useFormat() {
  const [locale] = useLocaleState();
  return useMemo(
    () => ({
      cents: (cents: number) => formatCents(cents, locale),
      number: (value: number) => formatNumber(value, locale),
      percent: (percent: number) => formatPercent(percent, locale),
      fileSize: (bytes: number) => formatFileSize(bytes, locale),
      amountInput: (cents: number) => amountInputText(cents, locale),
    }),
    [locale],
  );
}

/** A formatter for counts and quantities in the current language; "—" for none. */
export function useFormatNumber(): (value: number | null | undefined) => string {
  const format = useFormat();
  return (value) => (value == null ? '—' : format.number(value));
}
