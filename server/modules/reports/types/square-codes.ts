import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { squareCodesParameters } from '../../../../domain/reports';
import { inIds } from '../../../db/company-scope';
import { csvColumns, type CsvFile } from '../../../lib/csv-export';
import { textOf } from '../../../lib/texts';
import { reconciliationCsv } from '../../square/export';
import { inPeriod, overRows, type ReportFileInput } from './support';

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
  const file = {
    ...codes,
    columns: [c.text(t('reportFiles.columns.order'), sql`o.order_number`), c.dateTime(t('reportFiles.columns.orderDate'), sql`o.created_at`), c.text(t('reportFiles.columns.company'), sql`co.name`), ...codes.columns],
  };
  const where = sql`${inIds(sql`o.company_id`, companyIds)} AND ${inPeriod(sql`o.created_at`, parameters.dateFrom, parameters.dateTo, format.timeZone)}
    ${parameters.status ? sql`AND k.status = ${parameters.status}` : sql``}
    ${parameters.delivery ? sql`AND m.status = ${parameters.delivery}` : sql``}`;
  return overRows(
    file,
    (condition: SQL) => sql`FROM square_codes k JOIN square_orders o ON o.id = k.order_id JOIN companies co ON co.id = o.company_id
      JOIN square_order_recipients r ON r.id = k.recipient_id LEFT JOIN square_communications m ON m.code_id = k.id
      WHERE ${where} AND ${condition}`,
    { column: sql`o.created_at`, type: 'timestamptz', then: [{ column: sql`r.line`, type: 'integer', order: 'ASC' }], id: sql`k.id`, order: 'ASC' },
  );
}
