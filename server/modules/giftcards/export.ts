import { GIFT_CARD_TEXTS, type CsvFormat } from '../../../domain/csv';
import type { CardFilter, CardStatus } from '../../../domain/giftcards';
import { effectiveStatus } from '../../../domain/giftcardRules';
import type { Db } from '../../db/client';
import { csvColumns, csvDownload, type CsvFile } from '../../lib/csv-export';
import { cardExportRows } from './cards.repository';

export type { CsvFormat };

/**
 * The filtered card list as CSV (lib/csv-export.ts), in progressive order: what the list shows of
 * a card, in the user's language and zone — the list's headers and state words
 * (locales/<lang>/giftcards.json), the state as the list works it out (a usable card past its
 * date is expired: domain effectiveStatus), the available balance as balance less frozen.
 */
export function cardsCsv(companyIds: readonly string[], filter: CardFilter, format: CsvFormat): CsvFile {
  const { fields, status } = GIFT_CARD_TEXTS[format.language];
  const c = csvColumns(format);
  const now = new Date();
  const rows = cardExportRows(companyIds, filter);
  const v = rows.values;
  const columns = [
    c.text(fields.code, v.code),
    c.count(fields.progressive, v.progressive),
    c.text(fields.lotNumber, v.lotNumber),
    c.text(fields.orderReference, v.orderReference),
    c.text(fields.typology, v.typologyName),
    c.text(fields.company, v.companyName),
    c.derived(fields.status, [v.storedStatus, v.expireMillis], (stored, expire) =>
      status[effectiveStatus({ status: stored as CardStatus, expireDate: expire === null ? null : new Date(Number(expire)) }, now)],
    ),
    c.money(fields.balance, v.balanceCents),
    c.money(fields.frozen, v.frozenCents),
    c.moneyOf(fields.availableBalance, [v.balanceCents, v.frozenCents], (balance, frozen) => Number(balance) - Number(frozen)),
    c.dateTime(fields.activationDate, v.activationDate),
    c.dateTime(fields.expireDate, v.expireDate),
    c.dateTime(fields.firstUseDate, v.firstUseDate),
    c.text(fields.store, v.storeName),
    c.dateTime(fields.createdAt, v.createdAt),
  ];
  return { rows, columns, separator: c.separator };
}

export const cardsCsvStream = (db: Db, companyIds: readonly string[], filter: CardFilter, format: CsvFormat): ReadableStream<Uint8Array> => csvDownload(db, cardsCsv(companyIds, filter, format));
