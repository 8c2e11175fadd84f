import type { CsvFormat } from '../../../domain/csv';
import type { ExportLanguage } from '../../../domain/giftcards';
import { ORDER_CSV_COLUMNS, ORDER_STATE_DISPLAY, orderActivation, orderCsvHeader, type Order, type OrderCsvTexts, type OrderFilter, type OrderState } from '../../../domain/orders';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvColumn, type CsvFile } from '../../lib/csv-export';
import { nextTurn, streamOf } from '../../lib/streams';
import { textsIn } from '../../lib/texts';
import { cardSheets } from '../catalog/archive';
import { orderCardFronts, orderCodeExportRows, orderListExportRows } from './export.repository';
import type { OrderView } from './repository';

/**
 * CSV downloads of orders on the one CSV writer (lib/csv-export.ts), in the user's language and
 * zone like the card export: the list, and an order's codes. Both stream, so the first byte leaves
 * at once and memory stays flat at any size.
 */
interface Texts {
  /** the shell's order words (translation.json `orders`) */
  orders: { status: Record<string, string>; shippingType: Record<string, string>; codesCsv: Record<string, string> };
  /** the card states (giftcards.json `status`) */
  cardStatus: Record<string, string>;
  /** the list CSV's words: the order screens' labels and the shell's state and type names */
  orderCsv: OrderCsvTexts;
}
const texts = (language: ExportLanguage): Texts => {
  const tree = textsIn(language);
  return {
    orders: tree.orders,
    cardStatus: tree.giftcards.status,
    orderCsv: { fields: tree.orderScreens.fields, activation: tree.orderScreens.activation, status: tree.orders.status, shippingType: tree.orders.shippingType },
  };
};

/**
 * The order list as CSV, newest first, its columns (domain ORDER_CSV_COLUMNS) headed with the
 * list screens' labels (`orderCsvHeader`) and valued in their words: number, creation date,
 * company, placed by, shipped by, state, activation, company order number, cards, total.
 */
export function ordersCsv(view: OrderView, companyIds: readonly string[], filter: OrderFilter, format: CsvFormat): CsvFile {
  const t = texts(format.language).orderCsv;
  const c = csvColumns(format);
  const rows = orderListExportRows(view, companyIds, filter);
  const v = rows.values;
  const cells: Record<(typeof ORDER_CSV_COLUMNS)[number], (header: string) => CsvColumn> = {
    number: (h) => c.text(h, v.number),
    createdAt: (h) => c.dateTime(h, v.createdAt),
    company: (h) => c.text(h, v.companyName),
    placedBy: (h) => c.text(h, v.placedByName),
    shippingType: (h) => c.words(h, v.shippingType, t.shippingType),
    // the screens' state (several stored states show as one) and activation: the domain's rules
    state: (h) => c.derived(h, [v.state], (state) => t.status[ORDER_STATE_DISPLAY[state as OrderState]] ?? ''),
    activation: (h) => c.derived(h, [v.state, v.activated], (state, activated) => t.activation[orderActivation({ state: state as OrderState, activated: activated === 'true' })]),
    companyOrderNumber: (h) => c.text(h, v.companyOrderNumber),
    cards: (h) => c.count(h, v.cards),
    total: (h) => c.money(h, v.totalCents),
  };
  const headers = orderCsvHeader(t);
  const columns = ORDER_CSV_COLUMNS.map((name, i) => cells[name](headers[i]));
  return { rows, columns, separator: c.separator };
}

export const ordersCsvStream = (db: Db, view: OrderView, companyIds: readonly string[], filter: OrderFilter, format: CsvFormat): ReadableStream<Uint8Array> =>
  csvDownload(db, ordersCsv(view, companyIds, filter, format));

/** An order's codes as CSV (code, progressive, typology, value, status, recipient, e-mail, expiry), in progressive order on the order-reference index. */
export function orderCodesCsv(order: Pick<Order, 'companyId' | 'number'>, format: CsvFormat): CsvFile {
  const t = texts(format.language).orders.codesCsv;
  const c = csvColumns(format);
  const rows = orderCodeExportRows(order);
  const v = rows.values;
  const columns = [
    c.text(t.code, v.code),
    c.count(t.progressive, v.progressive),
    c.text(t.typology, v.typologyName),
    c.money(t.value, v.valueCents),
    c.words(t.status, v.status, texts(format.language).cardStatus),
    // a card with a recipient (its e-mail) is named after them
    c.derived(t.recipient, [v.recipientEmail, v.recipientFirstName, v.recipientLastName], (email, first, last) => (email ? `${first ?? ''} ${last ?? ''}`.trim() : '')),
    c.text(t.email, v.recipientEmail),
    c.dateTime(t.expireDate, v.expireDate),
  ];
  return { rows, columns, separator: c.separator };
}

export const orderCodesCsvStream = (db: Db, order: Pick<Order, 'companyId' | 'number'>, format: CsvFormat): ReadableStream<Uint8Array> => csvDownload(db, orderCodesCsv(order, format));

const PDF_BATCH = 500;

/**
 * An order's codes as print-ready PDF sheets (the batch archive's card front: typology, value,
 * Code 128 barcode, code, progressive, lot or order number, expiry), streamed: a sheet is drawn
 * only when the client has taken the previous ones, so memory stays flat at any size.
 */
export function orderCodesPdfStream(db: Db, order: Pick<Order, 'companyId' | 'number'>, language: ExportLanguage): ReadableStream<Uint8Array> {
  async function* pdf(): AsyncGenerator<Uint8Array> {
    const sheets = await cardSheets(order.number);
    // the document's header goes out before the first query: the download starts at once
    await nextTurn();
    const head = sheets.take();
    if (head) yield head;
    let after: { progressive: number; id: string } | null = null;
    for (;;) {
      const rows = await orderCardFronts(db, order, after, PDF_BATCH);
      for (const r of rows) {
        const header = {
          typologyName: r.typology,
          valueCents: r.value === null ? null : Number(r.value),
          lotNumber: r.lot_number,
          orderNumber: order.number,
          expireDate: r.expire_date ? new Date(r.expire_date).toISOString().slice(0, 10) : null,
          language,
        };
        if (!sheets.add(header, { code: r.code, progressive: Number(r.progressive) })) continue;
        // a full turn per sheet: embedded PGlite runs on this thread, and the sheet must reach the client
        await nextTurn();
        const bytes = sheets.take();
        if (bytes) yield bytes;
      }
      if (rows.length < PDF_BATCH) break;
      const last = rows[rows.length - 1];
      after = { progressive: Number(last.progressive), id: last.id };
    }
    const rest = await sheets.end();
    if (rest) yield rest;
  }
  return streamOf(pdf());
}
