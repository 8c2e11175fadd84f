import { useCallback, useState } from 'react';
import { useDataProvider, useLocaleState, useNotify } from 'react-admin';
import type { ReloadRunFilter } from '../../../../domain/reloadables';
import { actionErrorText } from '../../../components/actionErrorText';
import { saveBlob } from '../../../components/saveBlob';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { browserTimeZone } from '../../giftcards/useGiftCardExport';
import { exportLanguageOf } from '../../orders/useOrderExport';

export const HISTORY_EXPORT_FILE = 'reloads-history.csv';

/** Downloads the filtered history's rows as CSV in the UI's language and the browser's time zone (through the http client, which carries the Bearer token). */
export function useHistoryExport() {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (filter: ReloadRunFilter) => {
      setBusy(true);
      try {
        saveBlob(await dataProvider.exportReloadsHistory(filter, { language: exportLanguageOf(locale), timeZone: browserTimeZone() }), HISTORY_EXPORT_FILE);
      } catch (error) {
        const text = actionErrorText(error, 'reloads.history.downloadError');
        if (text) notify(text, { type: 'error', messageArgs: { _: text } });
      } finally {
        setBusy(false);
      }
    },
    [dataProvider, notify, locale],
  );
  return { download, busy };
}
