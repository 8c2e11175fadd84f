import type { OrderFilter, OrderState } from '../../../domain/orders';
import { displayDayOf, localDayEnd, localDayStart } from '../../components/localDayBounds';

/** The order filter form (SPEC §2: number, date from/to, state, card order typology), named like the API filter keys. */
export interface OrderFilterValues {
  number: string;
  dateFrom: string;
  dateTo: string;
  state: OrderState | '';
  typologyId: string;
}

export const EMPTY_ORDER_FILTER: OrderFilterValues = { number: '', dateFrom: '', dateTo: '', state: '', typologyId: '' };

/** Form values → the API filter: empty fields left out, typed days → the first / last instant of that local day. */
export function toOrderApiFilter(values: OrderFilterValues): OrderFilter {
  const filter = {
    number: values.number.trim() || undefined,
    dateFrom: localDayStart(values.dateFrom),
    dateTo: localDayEnd(values.dateTo),
    state: values.state || undefined,
    typologyId: values.typologyId || undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as OrderFilter;
}

/** The list's applied filter (in the URL) → form values. */
export function fromOrderApiFilter(filter: Partial<OrderFilter>): OrderFilterValues {
  return {
    number: filter.number ?? '',
    dateFrom: displayDayOf(filter.dateFrom),
    dateTo: displayDayOf(filter.dateTo),
    state: filter.state ?? '',
    typologyId: filter.typologyId ?? '',
  };
}
