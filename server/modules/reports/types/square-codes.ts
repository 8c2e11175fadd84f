import type { z } from 'zod';
import type { squareCodesParameters } from '../../../../domain/reports';
import { csvColumns, type CsvFile } from '../../../lib/csv-export';
import { textOf } from '../../../lib/texts';
import { reconciliationCsv } from '../../square/export';
import { squareCodesOfOrders } from './rows.repository';
import { overRows, type ReportFileInput } from './support';

/**
 * The square order's reconciliation export (square/export.ts: every code with its recipient, state
 * and last delivery) over every order of the report's companies, led by the order and its company;
 * filtered by the code's state, its delivery's state (no e-mail yet: no delivery state) and the
 * orders' creation days; by order then file line.
 */
export function squareCodesCsv({ parameters, companyIds, format }: ReportFileInput<z.output<typeof squareCodesParameters>>): CsvFile {
  const t = textOf(format.language);
  const c = csvColumns(format);
  const codes = reconciliationCsv('', format);
  const rows = squareCodesOfOrders(companyIds, parameters, format.timeZone);
  const v = rows.values;
  const file = {
    ...codes,
    columns: [c.text(t('reportFiles.columns.order'), v.orderNumber), c.dateTime(t('reportFiles.columns.orderDate'), v.orderCreatedAt), c.text(t('reportFiles.columns.company'), v.company), ...codes.columns],
  };
  return overRows(file, rows);
}
