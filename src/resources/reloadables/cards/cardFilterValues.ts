import type { ReloadableCardFilter, ReloadableCardStatus } from '../../../../domain/reloadables';

/** The card filter form (SPEC §2 cards: search, status, client ID), named like the API filter keys. */
export interface CardFilterValues {
  q: string;
  status: ReloadableCardStatus | '';
  clientId: string;
}

export const EMPTY_CARD_FILTER: CardFilterValues = { q: '', status: '', clientId: '' };

export function toCardApiFilter(values: CardFilterValues): ReloadableCardFilter {
  const filter = { q: values.q.trim() || undefined, status: values.status || undefined, clientId: values.clientId.trim() || undefined };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as ReloadableCardFilter;
}

export function fromCardApiFilter(filter: Partial<ReloadableCardFilter>): CardFilterValues {
  return { q: filter.q ?? '', status: filter.status ?? '', clientId: filter.clientId ?? '' };
}
