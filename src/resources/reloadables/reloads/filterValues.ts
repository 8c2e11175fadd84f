import type { PlannedReloadFilter, ReloadRunFilter, ReloadSource, ReloadState } from '../../../../domain/reloadables';
import { displayDayOf, localDayEnd, localDayStart } from '../../../components/localDayBounds';

const defined = <T extends object>(filter: Record<string, unknown>) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as T;

/** The queue's filter form (SPEC §2): state, scheduled day range, card number; named like the API filter keys. */
export interface QueueFilterValues {
  state: ReloadState | '';
  scheduledFrom: string;
  scheduledTo: string;
  cardNumber: string;
}
export const EMPTY_QUEUE_FILTER: QueueFilterValues = { state: '', scheduledFrom: '', scheduledTo: '', cardNumber: '' };

/** The queue's state choices besides its default (the rows still to run, i.e. IN_PROGRESS): the rows that ran or were deleted. */
export const QUEUE_STATE_CHOICES = ['COMPLETED', 'DELETED'] as const satisfies readonly ReloadState[];

export function toQueueApiFilter(values: QueueFilterValues): PlannedReloadFilter {
  return defined<PlannedReloadFilter>({
    state: values.state || undefined,
    scheduledFrom: localDayStart(values.scheduledFrom),
    scheduledTo: localDayEnd(values.scheduledTo),
    cardNumber: values.cardNumber.replace(/\s/g, '') || undefined,
  });
}

export function fromQueueApiFilter(filter: Partial<PlannedReloadFilter>): QueueFilterValues {
  // IN_PROGRESS is the default's own set (an older link may still name it)
  return { state: filter.state === 'IN_PROGRESS' ? '' : (filter.state ?? ''), scheduledFrom: displayDayOf(filter.scheduledFrom), scheduledTo: displayDayOf(filter.scheduledTo), cardNumber: filter.cardNumber ?? '' };
}

/** The history's filter form: source and run day range. */
export interface HistoryFilterValues {
  source: ReloadSource | '';
  dateFrom: string;
  dateTo: string;
}
export const EMPTY_HISTORY_FILTER: HistoryFilterValues = { source: '', dateFrom: '', dateTo: '' };

export function toHistoryApiFilter(values: HistoryFilterValues): ReloadRunFilter {
  return defined<ReloadRunFilter>({ source: values.source || undefined, dateFrom: localDayStart(values.dateFrom), dateTo: localDayEnd(values.dateTo) });
}

export function fromHistoryApiFilter(filter: Partial<ReloadRunFilter>): HistoryFilterValues {
  return { source: filter.source ?? '', dateFrom: displayDayOf(filter.dateFrom), dateTo: displayDayOf(filter.dateTo) };
}
