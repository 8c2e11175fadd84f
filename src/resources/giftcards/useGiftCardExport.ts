import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { CardFilter } from '../../../domain/giftcards';
import { useCsvDownload, type CsvFormat } from '../../components/csvDownload';
import type { TesseraDataProvider } from '../../dataProvider/types';

export const GIFT_CARD_EXPORT_FILE = 'giftcards.csv';

/** Downloads the filtered card list as CSV (the server streams it). */
export function useGiftCardExport() {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const fetchCsv = useCallback((filter: CardFilter, format: CsvFormat) => dataProvider.exportGiftCards(filter, format), [dataProvider]);
  return useCsvDownload(fetchCsv, GIFT_CARD_EXPORT_FILE, 'giftcards.list.downloadError');
}
