import type { z } from 'zod';
import { ORDER_STATE_DISPLAY, ORDER_STATES } from '../../../../domain/orders';
import type { ordersParameters } from '../../../../domain/reports';
import type { CsvFile } from '../../../lib/csv-export';
import { ordersCsv } from '../../orders/export';
import { ordersInPeriod } from './rows.repository';
import { overRows, type ReportFileInput } from './support';

/**
 * The order list's own export (orders/export.ts: its columns, words and newest-first order) over
 * the orders the report's companies placed or received, created in the period (the requester's
 * days), in one of the screens' states (several stored states show as one) or any.
 */
export function ordersReportCsv({ parameters, companyIds, format }: ReportFileInput<z.output<typeof ordersParameters>>): CsvFile {
  const file = ordersCsv('placed', companyIds, {}, format);
  const stored = parameters.state ? ORDER_STATES.filter((state) => ORDER_STATE_DISPLAY[state] === parameters.state) : null;
  return overRows(file, ordersInPeriod(companyIds, parameters, stored, format.timeZone));
}
