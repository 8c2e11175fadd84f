import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { ReloadRunFilter } from '../../../../domain/reloadables';
import { useCsvDownload, type CsvFormat } from '../../../components/csvDownload';
import type { TesseraDataProvider } from '../../../dataProvider/types';

export const HISTORY_EXPORT_FILE = 'reloads-history.csv';

/** Downloads the filtered history's rows as CSV. */
export function useHistoryExport() {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const fetchCsv = useCallback((filter: ReloadRunFilter, format: CsvFormat) => dataProvider.exportReloadsHistory(filter, format), [dataProvider]);
  return useCsvDownload(fetchCsv, HISTORY_EXPORT_FILE, 'reloads.history.downloadError');
}
