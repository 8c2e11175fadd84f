import type { ReportTypeId } from '../../../../domain/reports';
import type { CsvFile } from '../../../lib/csv-export';
import { cardsByStateCsv } from './cards-by-state';
import { giftcardTransactionsCsv } from './giftcard-transactions';
import { ordersReportCsv } from './orders';
import { outstandingBalancesCsv } from './outstanding-balances';
import { reloadsCsv } from './reloads';
import { squareCodesCsv } from './square-codes';
import type { ReportFileInput } from './support';

/** Each type's file (one module each); the parameters are the type's schema's output (checked at generation). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const REPORT_FILES: Record<ReportTypeId, (input: ReportFileInput<any>) => CsvFile> = {
  'outstanding-balances': outstandingBalancesCsv,
  'giftcard-transactions': giftcardTransactionsCsv,
  'cards-by-state': cardsByStateCsv,
  orders: ordersReportCsv,
  reloads: reloadsCsv,
  'square-codes': squareCodesCsv,
};
