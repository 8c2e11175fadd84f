import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ORDER_STATE_DISPLAY, ORDER_STATES } from '../../../../domain/orders';
import type { ordersParameters } from '../../../../domain/reports';
import { inIds } from '../../../db/company-scope';
import type { CsvFile } from '../../../lib/csv-export';
import { ordersCsv } from '../../orders/export';
import { ORDER_LIST_FROM } from '../../orders/repository';
import { inPeriod, overRows, type ReportFileInput } from './support';

/**
 * The order list's own export (orders/export.ts: its columns, words and newest-first order) over
 * the orders the report's companies placed or received, created in the period (the requester's
 * days), in one of the screens' states (several stored states show as one) or any.
 */
export function ordersReportCsv({ parameters, companyIds, format }: ReportFileInput<z.output<typeof ordersParameters>>): CsvFile {
  const file = ordersCsv('placed', companyIds, {}, format);
  const stored = parameters.state ? ORDER_STATES.filter((state) => ORDER_STATE_DISPLAY[state] === parameters.state) : null;
  const where = sql`(${inIds(sql`o.company_id`, companyIds)} OR ${inIds(sql`o.placed_by_company_id`, companyIds)})
    AND ${inPeriod(sql`o.created_at`, parameters.dateFrom, parameters.dateTo, format.timeZone)}
    ${stored ? sql`AND o.state IN (${sql.join(stored.map((state) => sql`${state}`), sql`, `)})` : sql``}`;
  return overRows(file, (condition: SQL) => sql`FROM ${ORDER_LIST_FROM} WHERE ${where} AND ${condition}`);
}
