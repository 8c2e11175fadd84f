/** Number-format locale per app language: Italian groups and writes "1.234,50 €", English "€1,234.50". */
function numberLocale(language: string): string {
  return language.startsWith('en') ? 'en-GB' : 'it-IT';
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Integer cents (the API's `…Cents` fields) as euros for display in the given language. */
export function formatCents(cents: number, language: string): string {
  const locale = numberLocale(language);
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(locale, formatter);
  }
  // cents → euros by division is exact enough for display: every cent value is representable
  return formatter.format(cents / 100);
}
