import { useCallback } from 'react';
import { useDataProvider, type Identifier } from 'react-admin';
import type { WalletMovementFilter } from '../../../../domain/reloadables';
import { datedFileName, useCsvDownload, type CsvFormat } from '../../../components/csvDownload';
import type { TesseraDataProvider } from '../../../dataProvider/types';

/** Downloads the filtered movements (the wallet's, or a sub-company's) as CSV, named by the day. */
export function useMovementExport(fileStem: string, subCompanyId?: Identifier) {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const fetchCsv = useCallback((filter: WalletMovementFilter, format: CsvFormat) => dataProvider.exportWalletMovements(filter, format, subCompanyId), [dataProvider, subCompanyId]);
  const fileName = useCallback(() => datedFileName(fileStem), [fileStem]);
  return useCsvDownload(fetchCsv, fileName, 'reloadables.movements.downloadError');
}
