import { useCallback, useState } from 'react';
import { useDataProvider, useLocaleState, useNotify } from 'react-admin';
import type { CardFilter } from '../../../domain/giftcards';
import { actionErrorText } from '../../components/actionErrorText';
import { saveBlob } from '../../components/saveBlob';
import type { TesseraDataProvider } from '../../dataProvider/types';

export const GIFT_CARD_EXPORT_FILE = 'giftcards.csv';

/** The browser's time zone ("Europe/Rome"); UTC when the browser does not say. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Downloads the filtered card list as CSV. The server streams it; the call goes through the
 * http client (not a plain link) because it needs the Authorization header. The file is in the
 * UI's language and the browser's zone (every request's Accept-Language is `it`, SPEC §7, so
 * both travel as parameters).
 */
export function useGiftCardExport() {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (filter: CardFilter) => {
      setBusy(true);
      try {
        const format = { language: locale.startsWith('en') ? ('en' as const) : ('it' as const), timeZone: browserTimeZone() };
        saveBlob(await dataProvider.exportGiftCards(filter, format), GIFT_CARD_EXPORT_FILE);
      } catch (error) {
        const text = actionErrorText(error, 'giftcards.list.downloadError');
        if (text) notify(text, { type: 'error', messageArgs: { _: text } });
      } finally {
        setBusy(false);
      }
    },
    [dataProvider, notify, locale],
  );
  return { download, busy };
}
