import { useCallback, useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, type Identifier } from 'react-admin';
import type { WalletMovementFilter } from '../../../../domain/reloadables';
import { actionErrorText } from '../../../components/actionErrorText';
import { saveBlob } from '../../../components/saveBlob';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { browserTimeZone } from '../../giftcards/useGiftCardExport';
import { datedFileName, exportLanguageOf } from './exportLanguage';

/**
 * Downloads the filtered movements (the wallet's, or a sub-company's) as CSV through the http
 * client (it carries the Bearer token), in the UI's language and the browser's time zone.
 */
export function useMovementExport(fileStem: string, subCompanyId?: Identifier) {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (filter: WalletMovementFilter) => {
      setBusy(true);
      try {
        const blob = await dataProvider.exportWalletMovements(filter, { language: exportLanguageOf(locale), timeZone: browserTimeZone() }, subCompanyId);
        saveBlob(blob, datedFileName(fileStem));
      } catch (error) {
        const text = actionErrorText(error, 'reloadables.movements.downloadError');
        if (text) notify(text, { type: 'error', messageArgs: { _: text } });
      } finally {
        setBusy(false);
      }
    },
    [dataProvider, notify, locale, fileStem, subCompanyId],
  );
  return { download, busy };
}
