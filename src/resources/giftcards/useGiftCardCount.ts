import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CardCount, CardFilter } from '../../../domain/giftcards';
import type { TesseraDataProvider } from '../../dataProvider/types';

/**
 * How many cards the filter matches (GET cards/count: exact up to 10,000, then `capped`). Its
 * own query, so the list's first page never waits for it; the bulk dialog reads the same one.
 */
export function useGiftCardCount(filter: CardFilter, enabled = true) {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  return useQuery<CardCount>({
    queryKey: ['privative/giftcards', 'count', filter],
    queryFn: ({ signal }) => dataProvider.countGiftCards(filter, signal),
    enabled,
    retry: false,
  });
}
