import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';

const formatters = new Map<string, Intl.NumberFormat>();

/** A count (rows, cards) in the user's language: "10.000" in Italian, "10,000" in English (the locales of `formatCents`). */
export function formatCount(count: number, language: string): string {
  const locale = language.startsWith('en') ? 'en-GB' : 'it-IT';
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    formatters.set(locale, formatter);
  }
  return formatter.format(count);
}

export function useFormatCount(): (count: number) => string {
  const [language] = useLocaleState();
  return useCallback((count: number) => formatCount(count, language), [language]);
}
