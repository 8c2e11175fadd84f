import type { z } from 'zod';
import { LEDGER_TYPES } from '../../../../domain/giftcards';
import type { giftcardTransactionsParameters } from '../../../../domain/reports';
import { csvColumns, type CsvFile } from '../../../lib/csv-export';
import { textOf } from '../../../lib/texts';
import { ledgerRows } from './rows.repository';
import { wordsOf, type ReportFileInput } from './support';

/**
 * Every ledger row of the period (the requester's days), oldest first: when, the card (code,
 * progressive), company, typology, the move's type and result in the transaction list's words,
 * amount, balance after, store, user. Headers are the transaction list's and the card list's.
 */
export function giftcardTransactionsCsv({ parameters, companyIds, format }: ReportFileInput<z.output<typeof giftcardTransactionsParameters>>): CsvFile {
  const t = textOf(format.language);
  const c = csvColumns(format);
  const rows = ledgerRows(companyIds, parameters, format.timeZone);
  const v = rows.values;
  const columns = [
    c.dateTime(t('transactions.fields.createdAt'), v.createdAt),
    c.text(t('giftcards.fields.code'), v.code),
    c.count(t('giftcards.fields.progressive'), v.progressive),
    c.text(t('giftcards.fields.company'), v.company),
    c.text(t('transactions.fields.typology'), v.typology),
    c.words(t('transactions.fields.type'), v.type, wordsOf(format.language, 'transactions.types', LEDGER_TYPES)),
    c.words(t('transactions.fields.result'), v.result, wordsOf(format.language, 'transactions.results', ['SUCCESS', 'ERROR'])),
    c.money(t('transactions.fields.amount'), v.amountCents),
    c.money(t('transactions.fields.balanceAfter'), v.balanceAfterCents),
    c.text(t('transactions.fields.store'), v.store),
    c.text(t('transactions.fields.user'), v.user),
  ];
  return { rows, columns, separator: c.separator };
}
