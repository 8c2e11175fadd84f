import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import type { OrderFilter } from '../../../domain/orders';
import { useCsvDownload, type CsvFormat } from '../../components/csvDownload';
import type { TesseraDataProvider } from '../../dataProvider/types';
import type { OrderViewConfig } from './orderViews';

/** Downloads the filtered order list as CSV (`orders/export?filter=&lang=&tz=`). */
export function useOrderExport(config: OrderViewConfig) {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const fetchCsv = useCallback((filter: OrderFilter, format: CsvFormat) => dataProvider.exportOrders(config.view, filter, format), [dataProvider, config.view]);
  return useCsvDownload(fetchCsv, config.exportFile, 'orderScreens.list.downloadError');
}
