import dayjs from 'dayjs';
import { RELOAD_LIMITS } from '../../../../domain/reloadables';

/** The value of a `datetime-local` input: a wall-clock time in the browser's zone. */
export const LOCAL_MINUTE = 'YYYY-MM-DDTHH:mm';

/** The earliest time the picker offers: the next minute (a run "now" needs no schedule). */
export function minSchedule(now = new Date()): string {
  return dayjs(now).add(1, 'minute').format(LOCAL_MINUTE);
}

export function maxSchedule(now = new Date()): string {
  return dayjs(now).add(RELOAD_LIMITS.maxScheduleDays, 'day').format(LOCAL_MINUTE);
}

/**
 * Why a chosen schedule cannot be sent (an i18n key), or null. The API refuses a past time
 * (RELOAD_SCHEDULE_PAST) and one more than a year ahead; saying so here spares a round trip.
 * Empty = run now.
 */
export function scheduleError(value: string, now = new Date()): string | null {
  if (!value) return null;
  const at = dayjs(value);
  if (!at.isValid()) return 'validation.invalid';
  if (!at.isAfter(now)) return 'validation.schedulePast';
  if (at.isAfter(dayjs(now).add(RELOAD_LIMITS.maxScheduleDays, 'day'))) return 'reloads.schedule.tooFar';
  return null;
}

/** The chosen local time as the ISO instant the API takes; undefined = run now. */
export function scheduleInstant(value: string): string | undefined {
  return value ? dayjs(value).toISOString() : undefined;
}
