import { sql } from 'drizzle-orm';
import enCards from '../../../locales/en/giftcards.json';
import enScreens from '../../../locales/en/orderScreens.json';
import enShell from '../../../locales/en/translation.json';
import itCards from '../../../locales/it/giftcards.json';
import itScreens from '../../../locales/it/orderScreens.json';
import itShell from '../../../locales/it/translation.json';
import { CSV_BOM, CSV_SEPARATOR, csvLine, csvDateTime, type CsvFormat } from '../../../domain/csv';
import type { ExportLanguage } from '../../../domain/giftcards';
import { csvAmount } from '../../../domain/format';
import { orderCsvCells, orderCsvHeader, type Order, type OrderCsvTexts, type OrderFilter } from '../../../domain/orders';
import { queryRows, type Db } from '../../db/client';
import { nextTurn, streamOf } from '../../lib/streams';
import { cardSheets } from '../catalog/archive';
import { orderBatches, type OrderView } from './repository';

/**
 * CSV downloads of orders, in the user's language like the card export (domain/csv.ts): the
 * list, and an order's codes. Both stream batch by batch, so the first byte leaves at once and
 * memory stays flat at any size.
 */
interface Texts {
  /** the shell's order words (translation.json `orders`) */
  orders: { status: Record<string, string>; shippingType: Record<string, string>; codesCsv: Record<string, string> };
  /** the card states (giftcards.json `status`) */
  cardStatus: Record<string, string>;
  /** the list CSV's words: the order screens' labels and the shell's state and type names */
  orderCsv: OrderCsvTexts;
}
const textsOf = (shell: typeof enShell, cards: typeof enCards, screens: typeof enScreens): Texts => ({
  orders: shell.orders,
  cardStatus: cards.status,
  orderCsv: { fields: screens.fields, activation: screens.activation, status: shell.orders.status, shippingType: shell.orders.shippingType },
});
const TEXTS: Record<ExportLanguage, Texts> = { it: textsOf(itShell, itCards, itScreens), en: textsOf(enShell, enCards, enScreens) };
const texts = (language: ExportLanguage) => TEXTS[language];

const moneyOf = (language: ExportLanguage) => (cents: number) => csvAmount(cents, language);

/** The order list as CSV, in the screens' words (domain `orderCsvHeader`/`orderCsvCells`): number, creation date, company, placed by, shipped by, state, activation, company order number, cards, total. */
export function ordersCsvStream(db: Db, view: OrderView, companyIds: readonly string[], filter: OrderFilter, format: CsvFormat): ReadableStream<Uint8Array> {
  const t = texts(format.language).orderCsv;
  const money = moneyOf(format.language);
  const time = csvDateTime(format.timeZone);
  const separator = CSV_SEPARATOR[format.language];
  const headers = orderCsvHeader(t);
  const line = (o: Order) => csvLine(orderCsvCells(o, t, { time, money }), separator);
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(headers, separator);
    for await (const batch of orderBatches(db, view, companyIds, filter)) {
      yield batch.map(line).join('');
      await nextTurn();
    }
  }
  return streamOf(lines());
}

interface CodeRow {
  id: string;
  code: string;
  progressive: string | number;
  typology: string;
  value: string | number | null;
  status: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  expire_date: Date | string | null;
}

const CODE_BATCH = 2000;

/** An order's codes as CSV (code, progressive, typology, value, status, recipient, e-mail, expiry), keyset batches on the order-reference index. */
export function orderCodesCsvStream(db: Db, order: Pick<Order, 'companyId' | 'number'>, format: CsvFormat): ReadableStream<Uint8Array> {
  const t = texts(format.language).orders.codesCsv;
  const statuses = texts(format.language).cardStatus;
  const money = moneyOf(format.language);
  const separator = CSV_SEPARATOR[format.language];
  const time = csvDateTime(format.timeZone);
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine([t.code, t.progressive, t.typology, t.value, t.status, t.recipient, t.email, t.expireDate], separator);
    let after: { progressive: number; id: string } | null = null;
    for (;;) {
      const rows: CodeRow[] = await queryRows<CodeRow>(
        db,
        sql`SELECT g.id, g.code, g.progressive, ty.name AS typology, COALESCE(g.value_cents, ty.value_cents) AS value, g.status,
              r.first_name, r.last_name, r.email, g.expire_date
            FROM gift_cards g JOIN card_typologies ty ON ty.id = g.typology_id
            LEFT JOIN order_recipients r ON r.card_id = g.id
            WHERE g.company_id = ${order.companyId} AND g.order_reference = ${order.number}
              ${after ? sql`AND (g.progressive, g.id) > (${after.progressive}, ${after.id})` : sql``}
            ORDER BY g.progressive, g.id LIMIT ${CODE_BATCH}`,
      );
      if (rows.length === 0) return;
      yield rows
        .map((r) =>
          csvLine(
            [
              r.code,
              Number(r.progressive),
              r.typology,
              r.value === null ? '' : money(Number(r.value)),
              statuses[r.status] ?? r.status,
              r.email ? `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() : '',
              r.email ?? '',
              r.expire_date ? time(new Date(r.expire_date).toISOString()) : '',
            ],
            separator,
          ),
        )
        .join('');
      if (rows.length < CODE_BATCH) return;
      const last = rows[rows.length - 1];
      after = { progressive: Number(last.progressive), id: last.id };
      await nextTurn();
    }
  }
  return streamOf(lines());
}

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
      const rows: Array<{ id: string; code: string; progressive: string | number; typology: string; value: string | number | null; lot_number: string | null; expire_date: Date | string | null }> = await queryRows(
        db,
        sql`SELECT g.id, g.code, g.progressive, ty.name AS typology, COALESCE(g.value_cents, ty.value_cents) AS value, g.lot_number, g.expire_date
            FROM gift_cards g JOIN card_typologies ty ON ty.id = g.typology_id
            WHERE g.company_id = ${order.companyId} AND g.order_reference = ${order.number}
              ${after ? sql`AND (g.progressive, g.id) > (${after.progressive}, ${after.id})` : sql``}
            ORDER BY g.progressive, g.id LIMIT ${PDF_BATCH}`,
      );
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
