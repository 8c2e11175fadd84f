import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { LEDGER_TYPES } from '../../../../domain/giftcards';
import type { giftcardTransactionsParameters } from '../../../../domain/reports';
import { inIds } from '../../../db/company-scope';
import { csvColumns, type CsvFile } from '../../../lib/csv-export';
import { textOf } from '../../../lib/texts';
import { inPeriod, wordsOf, type ReportFileInput } from './support';

/**
 * Every ledger row of the period (the requester's days), oldest first: when, the card (code,
 * progressive), company, typology, the move's type and result in the transaction list's words,
 * amount, balance after, store, user. Headers are the transaction list's and the card list's.
 */
export function giftcardTransactionsCsv({ parameters, companyIds, format }: ReportFileInput<z.output<typeof giftcardTransactionsParameters>>): CsvFile {
  const t = textOf(format.language);
  const c = csvColumns(format);
  const columns = [
    c.dateTime(t('transactions.fields.createdAt'), sql`x.created_at`),
    c.text(t('giftcards.fields.code'), sql`g.code`),
    c.count(t('giftcards.fields.progressive'), sql`g.progressive`),
    c.text(t('giftcards.fields.company'), sql`co.name`),
    c.text(t('transactions.fields.typology'), sql`ty.name`),
    c.words(t('transactions.fields.type'), sql`x.type`, wordsOf(format.language, 'transactions.types', LEDGER_TYPES)),
    c.words(t('transactions.fields.result'), sql`x.result`, wordsOf(format.language, 'transactions.results', ['SUCCESS', 'ERROR'])),
    c.money(t('transactions.fields.amount'), sql`x.amount_cents`),
    c.money(t('transactions.fields.balanceAfter'), sql`x.balance_after_cents`),
    c.text(t('transactions.fields.store'), sql`s.name`),
    c.text(t('transactions.fields.user'), sql`CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END`),
  ];
  const where = sql`${inIds(sql`x.company_id`, companyIds)} AND ${inPeriod(sql`x.created_at`, parameters.dateFrom, parameters.dateTo, format.timeZone)}
    ${parameters.type ? sql`AND x.type = ${parameters.type}` : sql``}`;
  const rows = {
    from: (condition: SQL) => sql`FROM gift_card_transactions x JOIN gift_cards g ON g.id = x.card_id JOIN companies co ON co.id = x.company_id
      JOIN card_typologies ty ON ty.id = g.typology_id LEFT JOIN stores s ON s.id = x.store_id LEFT JOIN users u ON u.id = x.user_id
      WHERE ${where} AND ${condition}`,
    key: { column: sql`x.created_at`, type: 'timestamptz', id: sql`x.id`, order: 'ASC' },
  } as const;
  return { rows, columns, separator: c.separator };
}
