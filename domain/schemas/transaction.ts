import { z } from 'zod';
import { defineFields, type DisplayFieldSpec } from '../fields';

/**
 * The transaction list's columns (SPEC §2 /privative/transactions): the ledger is read, never
 * edited here (its actions are operations of their own), so every field is a display field.
 * Sorted by date only (TRANSACTION_SORT_FIELDS).
 */
const column = (source: string, label: string, extra: Partial<DisplayFieldSpec> = {}): DisplayFieldSpec => ({ source, label: `transactions.fields.${label}`, input: false, column: true, ...extra });

const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;

/** What every ledger row shows: the move, its outcome and effect, where it happened. */
const MOVE_COLUMNS: DisplayFieldSpec[] = [
  column('type', 'type'),
  column('result', 'result'),
  column('amountCents', 'amount', { kind: 'money' }),
  column('balanceAfterCents', 'balanceAfter', { kind: 'money' }),
  column('storeName', 'store'),
  column('returnNumber', 'returnNumber'),
];

export const transactionFields = defineFields(
  z.object({}).strict(),
  [column('createdAt', 'createdAt', { kind: 'datetime', sortable: true }), column('cardCode', 'card'), ...MOVE_COLUMNS, column('typologyName', 'typology')],
  { resource: 'privative/transactions', primary: 'cardCode', sort: NEWEST_FIRST, texts: 'transactions.list' },
);

/** A card's own ledger on its page (newest first, not sortable): the same cells, with who made each move. */
export const cardTransactionFields = defineFields(z.object({}).strict(), [column('createdAt', 'createdAt', { kind: 'datetime' }), ...MOVE_COLUMNS, column('userName', 'user')], {
  resource: 'privative/giftcard-transactions',
  sort: NEWEST_FIRST,
  texts: 'transactions.list',
  primary: 'type',
});
