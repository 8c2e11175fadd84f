import { normalizeCardCode, type CardFilter, type CardStatusFilter } from '../../../domain/giftcards';
import { displayDayOf, localDayEnd, localDayStart } from '../../components/localDayBounds';

/** The gift-card filter form: text inputs named like the API filter keys (domain cardFilterSchema). */
export interface GiftCardFilterValues {
  status: CardStatusFilter;
  code: string;
  progressiveFrom: string;
  progressiveTo: string;
  lotNumber: string;
  orderReference: string;
  storeId: string | null;
  activationFrom: string;
  activationTo: string;
  expiryFrom: string;
  expiryTo: string;
}

export const EMPTY_GIFT_CARD_FILTER: GiftCardFilterValues = {
  status: 'all',
  code: '',
  progressiveFrom: '',
  progressiveTo: '',
  lotNumber: '',
  orderReference: '',
  storeId: null,
  activationFrom: '',
  activationTo: '',
  expiryFrom: '',
  expiryTo: '',
};

const text = (value: string) => value.trim() || undefined;
// digits become numbers; anything else is passed on for the schema to reject
const progressive = (value: string) => {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** Form values → the API filter: empty fields left out, `all` means no status condition, typed days → instants. */
export function toGiftCardApiFilter(values: GiftCardFilterValues): CardFilter {
  const filter = {
    status: values.status === 'all' ? undefined : values.status,
    code: values.code.trim() ? normalizeCardCode(values.code) : undefined,
    progressiveFrom: progressive(values.progressiveFrom),
    progressiveTo: progressive(values.progressiveTo),
    lotNumber: text(values.lotNumber),
    orderReference: text(values.orderReference),
    storeId: values.storeId || undefined,
    activationFrom: localDayStart(values.activationFrom),
    activationTo: localDayEnd(values.activationTo),
    expiryFrom: localDayStart(values.expiryFrom),
    expiryTo: localDayEnd(values.expiryTo),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as CardFilter;
}

/** The list's current API filter (kept in the URL) → form values. */
export function fromGiftCardApiFilter(filter: Partial<CardFilter>): GiftCardFilterValues {
  return {
    status: filter.status ?? 'all',
    code: filter.code ?? '',
    progressiveFrom: filter.progressiveFrom?.toString() ?? '',
    progressiveTo: filter.progressiveTo?.toString() ?? '',
    lotNumber: filter.lotNumber ?? '',
    orderReference: filter.orderReference ?? '',
    storeId: filter.storeId ?? null,
    activationFrom: displayDayOf(filter.activationFrom),
    activationTo: displayDayOf(filter.activationTo),
    expiryFrom: displayDayOf(filter.expiryFrom),
    expiryTo: displayDayOf(filter.expiryTo),
  };
}
