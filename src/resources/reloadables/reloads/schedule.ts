import dayjs, { type Dayjs } from 'dayjs';
import { RELOAD_LIMITS } from '../../../../domain/reloadables';
import { parseDayTime } from '../../../components/localDayBounds';

/** The earliest time the picker offers: the next minute (a run "now" needs no schedule). */
export function minSchedule(now = new Date()): Dayjs {
  return dayjs(now).add(1, 'minute').second(0).millisecond(0);
}

export function maxSchedule(now = new Date()): Dayjs {
  return dayjs(now).add(RELOAD_LIMITS.maxScheduleDays, 'day');
}

/**
 * Why a chosen schedule (DD/MM/YYYY HH:mm, the user's zone) cannot be sent (an i18n key), or
 * null. The API refuses a past time (RELOAD_SCHEDULE_PAST) and one more than a year ahead;
 * saying so here spares a round trip. Empty = run now.
 */
export function scheduleError(value: string, now = new Date()): string | null {
  if (!value) return null;
  const at = parseDayTime(value);
  if (!at) return 'validation.dateTimeFormat';
  if (!at.isAfter(now)) return 'validation.schedulePast';
  if (at.isAfter(maxSchedule(now))) return 'reloads.schedule.tooFar';
  return null;
}

/** The chosen local time as the ISO instant the API takes; undefined = run now. */
export function scheduleInstant(value: string): string | undefined {
  return parseDayTime(value)?.toISOString();
}
