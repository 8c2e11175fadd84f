import { sql } from 'drizzle-orm';
import { GIFT_CARD_TEXTS, type CsvFormat } from '../../../domain/csv';
import type { CardFilter, CardStatus } from '../../../domain/giftcards';
import { effectiveStatus } from '../../../domain/giftcardRules';
import type { Db } from '../../db/client';
import { inIds } from '../../db/company-scope';
import { csvColumns, csvDownload, epochMillis, type CsvFile } from '../../lib/csv-export';
import { cardFilterConditions } from './card-filter';
import { CARD_RECORD_JOINS } from './cards.repository';

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
  const columns = [
    c.text(fields.code, sql`c.code`),
    c.count(fields.progressive, sql`c.progressive`),
    c.text(fields.lotNumber, sql`c.lot_number`),
    c.text(fields.orderReference, sql`c.order_reference`),
    c.text(fields.typology, sql`t.name`),
    c.text(fields.company, sql`co.name`),
    c.derived(fields.status, [sql`c.status`, epochMillis(sql`c.expire_date`)], (stored, expire) =>
      status[effectiveStatus({ status: stored as CardStatus, expireDate: expire === null ? null : new Date(Number(expire)) }, now)],
    ),
    c.money(fields.balance, sql`c.balance_cents`),
    c.money(fields.frozen, sql`c.frozen_cents`),
    c.moneyOf(fields.availableBalance, [sql`c.balance_cents`, sql`c.frozen_cents`], (balance, frozen) => Number(balance) - Number(frozen)),
    c.dateTime(fields.activationDate, sql`c.activation_date`),
    c.dateTime(fields.expireDate, sql`c.expire_date`),
    c.dateTime(fields.firstUseDate, sql`c.first_use_date`),
    c.text(fields.store, sql`s.name`),
    c.dateTime(fields.createdAt, sql`c.created_at`),
  ];
  const rows = {
    from: (condition: ReturnType<typeof sql>) => sql`FROM gift_cards c ${CARD_RECORD_JOINS} WHERE ${inIds(sql`c.company_id`, companyIds)} AND ${cardFilterConditions(filter)} AND ${condition}`,
    key: { column: sql`c.progressive`, type: 'bigint', id: sql`c.id`, order: 'ASC' },
  } as const;
  return { rows, columns, separator: c.separator };
}

export const cardsCsvStream = (db: Db, companyIds: readonly string[], filter: CardFilter, format: CsvFormat): ReadableStream<Uint8Array> => csvDownload(db, cardsCsv(companyIds, filter, format));
