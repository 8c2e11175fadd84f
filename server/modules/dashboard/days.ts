import { BUSINESS_TIME_ZONE, type DashboardGranularity } from '../../../domain/dashboard';

/** Calendar arithmetic on business days written 'YYYY-MM-DD' (UTC midnight stands for the day: no zone shifts). */

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, n: number): string => fromMs(toMs(day) + n * DAY_MS);
/** both ends counted */
export const daysBetween = (from: string, to: string): number => Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1;

/** The business day (Europe/Rome) of an instant. */
export function businessDay(instant: Date): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The first day of the step (of this granularity) holding `day`: itself, its week's Monday, its month's 1st. */
export function stepStart(day: string, granularity: DashboardGranularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 8)}01`;
  const weekday = new Date(toMs(day)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The steps of [from, to]: each one's first day inside the period (the first step starts at `from`) and last day. */
export function stepsOf(from: string, to: string, granularity: DashboardGranularity): Array<{ first: string; last: string }> {
  const steps: Array<{ first: string; last: string }> = [];
  let first = from;
  while (first <= to) {
    const next = granularity === 'day' ? addDays(first, 1) : granularity === 'week' ? addDays(stepStart(first, 'week'), 7) : nextMonth(first);
    const last = addDays(next, -1) < to ? addDays(next, -1) : to;
    steps.push({ first, last });
    first = next;
  }
  return steps;
}

function nextMonth(day: string): string {
  const d = new Date(toMs(day));
  return fromMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}
