import type { TransactionFilter, TransactionListType } from '../../../domain/giftcards';
import { displayDayOf, localDayEnd, localDayStart } from '../../components/localDayBounds';

/** The transaction filter form, fields named like the API filter keys (domain transactionFilterSchema). */
export interface TransactionFilterValues {
  type: TransactionListType | '';
  dateFrom: string;
  dateTo: string;
  storeId: string | null;
  cardId: string | null;
}

export const EMPTY_TRANSACTION_FILTER: TransactionFilterValues = { type: '', dateFrom: '', dateTo: '', storeId: null, cardId: null };

/** Form values → the API filter: empty fields left out, days → instants of the user's day. */
export function toTransactionApiFilter(values: TransactionFilterValues): TransactionFilter {
  const filter = {
    type: values.type || undefined,
    dateFrom: localDayStart(values.dateFrom),
    dateTo: localDayEnd(values.dateTo),
    storeId: values.storeId || undefined,
    cardId: values.cardId || undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as TransactionFilter;
}

export function fromTransactionApiFilter(filter: Partial<TransactionFilter>): TransactionFilterValues {
  return {
    type: filter.type ?? '',
    dateFrom: displayDayOf(filter.dateFrom),
    dateTo: displayDayOf(filter.dateTo),
    storeId: filter.storeId ?? null,
    cardId: filter.cardId ?? null,
  };
}
