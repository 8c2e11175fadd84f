import { DATE_FORMAT } from '../../../domain/constants';
import { localDateTimeFormatter, type CsvFormat } from '../../../domain/csv';
import { INTEGRATED_ORDER_CSV_COLUMNS, type IntegratedOrderFilter } from '../../../domain/integratedOrders';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvColumn, type CsvFile } from '../../lib/csv-export';
import { textsIn } from '../../lib/texts';
import { integratedOrderExportRows } from './repository';

/**
 * The integrated orders as CSV on the one CSV writer (lib/csv-export.ts), one line per item with
 * SPEC §3's fields and the order's state, in the user's language and zone: newest order first, an
 * order's items in their order. SPEC's "date" and "hour" are the order's instant in the user's zone.
 */
export function integratedOrdersCsv(companyIds: readonly string[], filter: IntegratedOrderFilter, format: CsvFormat): CsvFile {
  const t = textsIn(format.language).integratedOrders;
  const c = csvColumns(format);
  const day = localDateTimeFormatter(format.timeZone, DATE_FORMAT);
  const hour = localDateTimeFormatter(format.timeZone, 'HH:mm:ss');
  const rows = integratedOrderExportRows(companyIds, filter);
  const v = rows.values;
  const cells: Record<(typeof INTEGRATED_ORDER_CSV_COLUMNS)[number], (header: string) => CsvColumn> = {
    orderNumber: (h) => c.text(h, v.orderNumber),
    date: (h) => c.derived(h, [v.orderedAtMillis], (ms) => day(ms === null ? null : Number(ms))),
    hour: (h) => c.derived(h, [v.orderedAtMillis], (ms) => hour(ms === null ? null : Number(ms))),
    productName: (h) => c.text(h, v.productName),
    externalItemId: (h) => c.text(h, v.externalItemId),
    denomination: (h) => c.money(h, v.denominationCents),
    serialNumber: (h) => c.text(h, v.serialNumber),
    price: (h) => c.money(h, v.priceCents),
    pinStatus: (h) => c.words(h, v.pinStatus, t.pinStatus),
    activationEmail: (h) => c.text(h, v.activationEmail),
    state: (h) => c.words(h, v.state, t.states),
  };
  const columns = INTEGRATED_ORDER_CSV_COLUMNS.map((name) => cells[name](t.fields[name]));
  return { rows, columns, separator: c.separator };
}

export const integratedOrdersCsvStream = (db: Db, companyIds: readonly string[], filter: IntegratedOrderFilter, format: CsvFormat): ReadableStream<Uint8Array> =>
  csvDownload(db, integratedOrdersCsv(companyIds, filter, format));
