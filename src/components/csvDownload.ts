import { useCallback, useState } from 'react';
import { useLocaleState, useNotify } from 'react-admin';
import { knownLanguage } from '../../domain/constants';
import type { ExportLanguage } from '../../domain/giftcards';
import { actionErrorText } from './actionErrorText';
import { saveBlob } from './saveBlob';

/** The browser's time zone ("Europe/Rome"); UTC when the browser does not say. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The CSV's language (texts, separator and decimal mark) from the UI's. */
export const exportLanguageOf = (locale: string): ExportLanguage => knownLanguage(locale);

/** What a CSV of the API is asked in: every request's Accept-Language is `it` (SPEC §7), so both travel as parameters. */
export interface CsvFormat {
  language: ExportLanguage;
  timeZone: string;
}

/** `wallet-movements_2026-11-23.csv`: the day of the download, so files do not overwrite each other. */
export function datedFileName(stem: string, at = new Date()): string {
  const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
  return `${stem}_${day}.csv`;
}

/**
 * A list's CSV download: `fetchCsv` asks the API (through the dataProvider, whose http client
 * carries the Bearer token: not a plain link) for the filtered rows in the UI's language and the
 * browser's time zone; the file is saved as `fileName`. `busy` while it runs; a failure is told
 * in a notification (`errorKey` when the API gives no reason of its own).
 */
export function useCsvDownload<F>(fetchCsv: (filter: F, format: CsvFormat) => Promise<Blob>, fileName: string | (() => string), errorKey: string) {
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (filter: F) => {
      setBusy(true);
      try {
        const blob = await fetchCsv(filter, { language: exportLanguageOf(locale), timeZone: browserTimeZone() });
        saveBlob(blob, typeof fileName === 'function' ? fileName() : fileName);
      } catch (error) {
        const text = actionErrorText(error, errorKey);
        if (text) notify(text, { type: 'error', messageArgs: { _: text } });
      } finally {
        setBusy(false);
      }
    },
    [fetchCsv, fileName, errorKey, notify, locale],
  );
  return { download, busy };
}
