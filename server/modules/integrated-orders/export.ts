import { sql, type SQL } from 'drizzle-orm';
import { DATE_FORMAT } from '../../../domain/constants';
import { localDateTimeFormatter, type CsvFormat } from '../../../domain/csv';
import { INTEGRATED_ORDER_CSV_COLUMNS, type IntegratedOrderFilter } from '../../../domain/integratedOrders';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, epochMillis, type CsvColumn, type CsvFile } from '../../lib/csv-export';
import { textsIn } from '../../lib/texts';
import { listConditions, ORDER_FROM, PIN_STATUS_SQL, STATE_SQL } from './repository';

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
  const orderedAt = epochMillis(sql`o.ordered_at`);
  const cells: Record<(typeof INTEGRATED_ORDER_CSV_COLUMNS)[number], (header: string) => CsvColumn> = {
    orderNumber: (h) => c.text(h, sql`o.order_number`),
    date: (h) => c.derived(h, [orderedAt], (ms) => day(ms === null ? null : Number(ms))),
    hour: (h) => c.derived(h, [orderedAt], (ms) => hour(ms === null ? null : Number(ms))),
    productName: (h) => c.text(h, sql`i.product_name`),
    externalItemId: (h) => c.text(h, sql`i.external_item_id`),
    denomination: (h) => c.money(h, sql`i.denomination_cents`),
    serialNumber: (h) => c.text(h, sql`i.serial_number`),
    price: (h) => c.money(h, sql`i.price_cents`),
    pinStatus: (h) => c.words(h, PIN_STATUS_SQL, t.pinStatus),
    activationEmail: (h) => c.text(h, sql`i.activation_email`),
    state: (h) => c.words(h, STATE_SQL, t.states),
  };
  const columns = INTEGRATED_ORDER_CSV_COLUMNS.map((name) => cells[name](t.fields[name]));
  const rows = {
    from: (condition: SQL) => sql`FROM ${ORDER_FROM} JOIN integrated_order_items i ON i.order_id = o.id WHERE ${listConditions(companyIds, filter)} AND ${condition}`,
    key: {
      column: sql`o.ordered_at`,
      type: 'timestamptz',
      // an order's lines together, in the shop's item order
      then: [
        { column: sql`o.id`, type: 'uuid', order: 'DESC' },
        { column: sql`i.position`, type: 'integer', order: 'ASC' },
      ],
      id: sql`i.id`,
      order: 'DESC',
    },
  } satisfies CsvFile['rows'];
  return { rows, columns, separator: c.separator };
}

export const integratedOrdersCsvStream = (db: Db, companyIds: readonly string[], filter: IntegratedOrderFilter, format: CsvFormat): ReadableStream<Uint8Array> =>
  csvDownload(db, integratedOrdersCsv(companyIds, filter, format));
