import dayjs from 'dayjs';

// dayjs reads a bare YYYY-MM-DD as local midnight (unlike Date, which reads it as UTC)

/**
 * Date filters are picked as calendar days in the user's time zone; the API takes instants
 * (an instant "to" bound is inclusive), so a day becomes its first and last millisecond here.
 * Unparseable text passes through unchanged so the filter schema reports it.
 */
export function localDayStart(day: string): string | undefined {
  if (!day) return undefined;
  const date = dayjs(day);
  return date.isValid() ? date.startOf('day').toISOString() : day;
}

export function localDayEnd(day: string): string | undefined {
  if (!day) return undefined;
  const date = dayjs(day);
  return date.isValid() ? date.endOf('day').toISOString() : day;
}

/** The calendar day (YYYY-MM-DD, local) of an instant or date bound, for a date input. */
export function localDayOf(value: string | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('YYYY-MM-DD') : '';
}
