import { useCallback, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { CardFilter } from '../../../domain/giftcards';
import { actionErrorText } from '../../components/actionErrorText';
import { saveBlob } from '../../components/saveBlob';
import type { TesseraDataProvider } from '../../dataProvider/types';

export const GIFT_CARD_EXPORT_FILE = 'giftcards.csv';

/**
 * Downloads the filtered card list as CSV. The server streams it; the call goes through the
 * http client (not a plain link) because it needs the Authorization header.
 */
export function useGiftCardExport() {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (filter: CardFilter) => {
      setBusy(true);
      try {
        saveBlob(await dataProvider.exportGiftCards(filter), GIFT_CARD_EXPORT_FILE);
      } catch (error) {
        const text = actionErrorText(error, 'giftcards.list.downloadError');
        if (text) notify(text, { type: 'error', messageArgs: { _: text } });
      } finally {
        setBusy(false);
      }
    },
    [dataProvider, notify],
  );
  return { download, busy };
}
