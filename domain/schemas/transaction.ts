import { z } from 'zod';
import { defineFields, type DisplayFieldSpec, type FieldReference } from '../fields';
import { defineFilters } from '../filters';
import { TRANSACTION_LIST_TYPES, transactionFilterSchema } from '../giftcards';
import { STORE_REFERENCE } from './stores-api';

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

/** A card of the card list, named by its code: the card filter has a picker of its own (src/resources/transactions/CardCodeAutocomplete), the card list being searched by code. */
const CARD_CODE: FieldReference = { resource: 'privative/giftcards', optionText: 'code' };

/** The ledger's filters (SPEC §2): list type, local days, store, card. */
export const transactionFilters = defineFilters(
  transactionFilterSchema,
  'transactions.filters',
  [
    { source: 'type', kind: 'select', choices: TRANSACTION_LIST_TYPES.map((type) => ({ id: type, name: `transactions.listTypes.${type}` })), any: 'transactions.filters.allTypes' },
    { source: 'date', kind: 'date', range: true },
    { source: 'storeId', kind: 'reference', reference: STORE_REFERENCE, label: 'transactions.filters.store' },
    { source: 'cardId', kind: 'reference', reference: CARD_CODE, label: 'transactions.filters.card' },
  ],
  { perRow: 3 },
);

export const transactionFields = defineFields(
  z.object({}).strict(),
  [column('createdAt', 'createdAt', { kind: 'datetime', sortable: true }), column('cardCode', 'card'), ...MOVE_COLUMNS, column('typologyName', 'typology')],
  { resource: 'privative/transactions', primary: 'cardCode', sort: NEWEST_FIRST, texts: 'transactions.list', filterForm: transactionFilters },
);

/** A card's own ledger on its page (newest first, not sortable): the same cells, with who made each move. */
export const cardTransactionFields = defineFields(z.object({}).strict(), [column('createdAt', 'createdAt', { kind: 'datetime' }), ...MOVE_COLUMNS, column('userName', 'user')], {
  resource: 'privative/giftcard-transactions',
  sort: NEWEST_FIRST,
  texts: 'transactions.list',
  primary: 'type',
});
