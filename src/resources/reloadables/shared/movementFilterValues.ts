import type { WalletMovementFilter, WalletMovementReason, WalletMovementType } from '../../../../domain/reloadables';
import { displayDayOf, localDayEnd, localDayStart } from '../../../components/localDayBounds';

/** The movement filter form (type, reason, date range), named like the API filter keys. */
export interface MovementFilterValues {
  type: WalletMovementType | '';
  reason: WalletMovementReason | '';
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_MOVEMENT_FILTER: MovementFilterValues = { type: '', reason: '', dateFrom: '', dateTo: '' };

/** Form values → API filter: empty fields left out, typed days → the bounds of that local day. */
export function toMovementApiFilter(values: MovementFilterValues): WalletMovementFilter {
  const filter = { type: values.type || undefined, reason: values.reason || undefined, dateFrom: localDayStart(values.dateFrom), dateTo: localDayEnd(values.dateTo) };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as WalletMovementFilter;
}

export function fromMovementApiFilter(filter: Partial<WalletMovementFilter>): MovementFilterValues {
  return { type: filter.type ?? '', reason: filter.reason ?? '', dateFrom: displayDayOf(filter.dateFrom), dateTo: displayDayOf(filter.dateTo) };
}
