import { useCallback, useState } from 'react';
import { useDataProvider, useLocaleState, useNotify } from 'react-admin';
import type { OrderFilter } from '../../../domain/orders';
import { actionErrorText } from '../../components/actionErrorText';
import { saveBlob } from '../../components/saveBlob';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { browserTimeZone } from '../giftcards/useGiftCardExport';
import type { OrderViewConfig } from './orderViews';

export const exportLanguageOf = (locale: string) => (locale.startsWith('en') ? ('en' as const) : ('it' as const));

/**
 * Downloads the filtered order list as CSV (`orders/export?filter=&lang=&tz=`) through the http
 * client, which carries the Bearer token: in the UI's language and the browser's time zone.
 */
export function useOrderExport(config: OrderViewConfig) {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (filter: OrderFilter) => {
      setBusy(true);
      try {
        saveBlob(await dataProvider.exportOrders(config.view, filter, { language: exportLanguageOf(locale), timeZone: browserTimeZone() }), config.exportFile);
      } catch (error) {
        const text = actionErrorText(error, 'orderScreens.list.downloadError');
        if (text) notify(text, { type: 'error', messageArgs: { _: text } });
      } finally {
        setBusy(false);
      }
    },
    [dataProvider, notify, locale, config],
  );
  return { download, busy };
}
