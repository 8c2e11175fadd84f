import { BUSINESS_TIME_ZONE, dashboardQuerySchema, type DashboardQuery } from '../../../domain/dashboard';
import { isoDayOf } from '../../components/localDayBounds';

/** The period choices of the dashboard; `custom` takes two days typed in the screens' format (DD/MM/YYYY). */
export const PERIOD_PRESETS = ['last30', 'thisMonth', 'lastMonth', 'last12Months', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
/** The length of the rolling presets: the last 30 days, the last 12 (whole) months. */
export const LAST_DAYS = 30;
export const LAST_MONTHS = 12;
/** What each preset's name counts (its days or months; 0 for the calendar presets), for its text. */
export const PRESET_SPANS: Record<PeriodPreset, number> = { last30: LAST_DAYS, thisMonth: 0, lastMonth: 0, last12Months: LAST_MONTHS, custom: 0 };

/** What the filters hold (kept in the URL: a link or a reload shows the same figures). */
export interface DashboardFilterState {
  preset: PeriodPreset;
  /** the custom period's days as typed (DD/MM/YYYY) */
  from: string;
  to: string;
  /** a company below the one looked at; empty: the one looked at */
  companyId: string;
  includeSubCompanies: boolean;
}

/** Today in the business time zone: the summaries' days are kept there (domain/dashboard.ts), whatever the viewer's zone. */
export function businessToday(now: Date = new Date()): string {
  // en-CA writes YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Calendar arithmetic on ISO days, in UTC so no zone or DST shifts a day. */
const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** A preset's first and last day (both counted) for `today` (ISO). */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): { from: string; to: string } {
  const date = utcDay(today);
  const [year, month] = [date.getUTCFullYear(), date.getUTCMonth()];
  switch (preset) {
    case 'last30':
      return { from: isoOf(new Date(Date.UTC(year, month, date.getUTCDate() - (LAST_DAYS - 1)))), to: today };
    case 'thisMonth':
      return { from: isoOf(new Date(Date.UTC(year, month, 1))), to: today };
    case 'lastMonth':
      return { from: isoOf(new Date(Date.UTC(year, month - 1, 1))), to: isoOf(new Date(Date.UTC(year, month, 0))) };
    case 'last12Months':
      // whole months: the series is monthly beyond six months (granularityFor)
      return { from: isoOf(new Date(Date.UTC(year, month - (LAST_MONTHS - 1), 1))), to: today };
  }
}

export type PeriodCheck = { ok: true; query: DashboardQuery } | { ok: false; field: 'from' | 'to'; message: string };

/**
 * The stats query for the filters, checked by the API's own schema so a wrong custom period is
 * refused with the API's rule (validation.dateRange, validation.periodTooLong) before any request.
 */
export function dashboardQueryOf(state: DashboardFilterState, today: string): PeriodCheck {
  const range = state.preset === 'custom' ? { from: isoDayOf(state.from), to: isoDayOf(state.to) } : presetRange(state.preset, today);
  const parsed = dashboardQuerySchema.safeParse({
    ...range,
    ...(state.companyId ? { companyId: state.companyId } : {}),
    includeSubCompanies: String(state.includeSubCompanies),
  });
  if (parsed.success) return { ok: true, query: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, field: issue.path[0] === 'from' ? 'from' : 'to', message: issue.message };
}

const PRESET_SET: ReadonlySet<string> = new Set(PERIOD_PRESETS);

/** The filters from the URL's search parameters (unknown values: the defaults). */
export function filtersFromSearch(search: URLSearchParams): DashboardFilterState {
  const preset = search.get('period') ?? '';
  return {
    preset: PRESET_SET.has(preset) ? (preset as PeriodPreset) : 'last30',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    companyId: search.get('company') ?? '',
    includeSubCompanies: search.get('subs') !== 'false',
  };
}

export function searchFromFilters(state: DashboardFilterState): URLSearchParams {
  const search = new URLSearchParams({ period: state.preset });
  if (state.preset === 'custom') {
    search.set('from', state.from);
    search.set('to', state.to);
  }
  if (state.companyId) search.set('company', state.companyId);
  if (!state.includeSubCompanies) search.set('subs', 'false');
  return search;
}
