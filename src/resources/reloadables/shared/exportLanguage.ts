import type { ExportLanguage } from '../../../../domain/giftcards';

/** The CSV's language (separator and decimal mark) from the UI's. */
export const exportLanguageOf = (locale: string): ExportLanguage => (locale.startsWith('en') ? 'en' : 'it');

/** `wallet-movements_2026-11-23.csv`: the day of the download, so files do not overwrite each other. */
export function datedFileName(stem: string, at = new Date()): string {
  const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  return `${stem}_${day}.csv`;
}
