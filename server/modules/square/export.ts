import { sql, type SQL } from 'drizzle-orm';
import type { CsvFormat } from '../../../domain/csv';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import { textsIn } from '../../lib/texts';

/**
 * An order's reconciliation CSV on the one CSV writer (lib/csv-export.ts): every code with its
 * recipient, its state and its e-mail's last delivery result, in the recipients' file order.
 * Every text cell (names, the mail server's answer) is formula-safe. Its headers, a code's state
 * and an e-mail's state are the words the order's screens show (square.fields, square.codeStatus,
 * square.communicationStatus in lib/texts.ts): one word per concept, on screen and in the file.
 */
export function reconciliationCsv(orderId: string, format: CsvFormat): CsvFile {
  const { fields: h, codeStatus, communicationStatus } = textsIn(format.language).square;
  const c = csvColumns(format);
  const columns = [
    c.text(h.code, sql`k.code`),
    c.text(h.email, sql`k.email`),
    c.text(h.firstName, sql`k.first_name`),
    c.text(h.lastName, sql`k.last_name`),
    c.money(h.amount, sql`k.amount_cents`),
    c.money(h.value, sql`k.value_cents`),
    c.words(h.status, sql`k.status`, codeStatus),
    c.dateTime(h.activationDate, sql`k.activation_date`),
    c.dateTime(h.expireDate, sql`k.expire_date`),
    c.words(h.communicationStatus, sql`m.status`, communicationStatus),
    c.count(h.retryNumber, sql`m.retry_number`),
    c.dateTime(h.sentAt, sql`m.sent_at`),
    c.text(h.lastSmtpAnswer, sql`m.last_smtp_answer`),
  ];
  const rows = {
    from: (condition: SQL) =>
      sql`FROM square_codes k JOIN square_order_recipients r ON r.id = k.recipient_id LEFT JOIN square_communications m ON m.code_id = k.id
          WHERE k.order_id = ${orderId} AND ${condition}`,
    key: { column: sql`r.line`, type: 'integer' as const, id: sql`k.id`, order: 'ASC' as const },
  };
  return { rows, columns, separator: c.separator };
}

export const reconciliationCsvStream = (db: Db, orderId: string, format: CsvFormat): ReadableStream<Uint8Array> => csvDownload(db, reconciliationCsv(orderId, format));
