import type { CsvFormat } from '../../../domain/csv';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import { textsIn } from '../../lib/texts';
import { reconciliationRows } from './export.repository';

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
  const rows = reconciliationRows(orderId);
  const v = rows.values;
  const columns = [
    c.text(h.code, v.code),
    c.text(h.email, v.email),
    c.text(h.firstName, v.firstName),
    c.text(h.lastName, v.lastName),
    c.money(h.amount, v.amountCents),
    c.money(h.value, v.valueCents),
    c.words(h.status, v.status, codeStatus),
    c.dateTime(h.activationDate, v.activationDate),
    c.dateTime(h.expireDate, v.expireDate),
    c.words(h.communicationStatus, v.communicationStatus, communicationStatus),
    c.count(h.retryNumber, v.retryNumber),
    c.dateTime(h.sentAt, v.sentAt),
    c.text(h.lastSmtpAnswer, v.lastSmtpAnswer),
  ];
  return { rows, columns, separator: c.separator };
}

export const reconciliationCsvStream = (db: Db, orderId: string, format: CsvFormat): ReadableStream<Uint8Array> => csvDownload(db, reconciliationCsv(orderId, format));
