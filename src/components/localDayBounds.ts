import dayjs, { type Dayjs } from 'dayjs';
import { isRealDateTime, isRealDay, TYPED_DAY } from '../../domain/dates';

/**
 * Date inputs show and take days as DD/MM/YYYY (SPEC §9), whatever the browser's locale; the API
 * takes ISO days or instants. Text that is not a day passes through unchanged, so the API's
 * schema (domain/) reports it on the field.
 */
export const DISPLAY_DAY = 'DD/MM/YYYY';

/** Date-time inputs show and take DD/MM/YYYY HH:mm (SPEC §9), in the user's time zone. */
export const DISPLAY_DAY_TIME = 'DD/MM/YYYY HH:mm';

/** "1/3/2026", "01/03/2026", "01.03.2026" or "01-03-2026" → that local day; null for anything else (31/02 included). */
export function parseDay(text: string): Dayjs | null {
  const match = TYPED_DAY.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = match.slice(1).map(Number);
  const date = dayjs(new Date(year, month - 1, day));
  return date.date() === day && date.month() === month - 1 ? date : null;
}

/** "26/11/2026 08:00" (also "26/11/2026 8.00") → that local minute; null for anything else (25:00 and 31/02 included). */
export function parseDayTime(text: string): Dayjs | null {
  const match = /^(\S+)\s+(\d{1,2})[:.](\d{2})$/.exec(text.trim());
  if (!match) return null;
  const day = parseDay(match[1]);
  const [hour, minute] = [Number(match[2]), Number(match[3])];
  if (!day || hour > 23 || minute > 59) return null;
  return day.hour(hour).minute(minute);
}

/**
 * Typing forward into a DD/MM/YYYY (HH:mm) input adds the separators: "26" → "26/", "26/11/2026"
 * → "26/11/2026 " (with time), "26/11/2026 08" → "26/11/2026 08:"; a separator typed right after
 * one added is dropped. Deleting, pasting and other edits keep the text as it is.
 */
export function maskDayInput(previous: string, next: string, withTime: boolean): string {
  if (next.length !== previous.length + 1 || !next.startsWith(previous)) return next;
  const doubled = /([/ :])\1$/.exec(next);
  if (doubled) return previous;
  if (/^\d{2}$|^\d{2}\/\d{2}$/.test(next)) return `${next}/`;
  if (withTime && /^\d{2}\/\d{2}\/\d{4}$/.test(next)) return `${next} `;
  if (withTime && /^\d{2}\/\d{2}\/\d{4} \d{2}$/.test(next)) return `${next}:`;
  return next;
}

/** Text typed in a day input that is not a day that exists (31/02/2026, 12/13/2026, "domani"); empty text is no day, not a wrong one. */
export const isWrongDay = (text: string) => text.trim() !== '' && parseDay(text) === null;

/** A typed day → its first instant in the user's time zone (the API's "from" bound). */
export function localDayStart(text: string): string | undefined {
  if (!text.trim()) return undefined;
  return parseDay(text)?.startOf('day').toISOString() ?? text;
}

/** A typed day → its last instant in the user's time zone (the API's inclusive "to" bound). */
export function localDayEnd(text: string): string | undefined {
  if (!text.trim()) return undefined;
  return parseDay(text)?.endOf('day').toISOString() ?? text;
}

/** A typed day → an ISO day (YYYY-MM-DD), for day-valued fields such as an expiry date. */
export function isoDayOf(text: string): string {
  return parseDay(text)?.format('YYYY-MM-DD') ?? text;
}

/**
 * An API instant or ISO day → the day shown in the input, in the user's time zone. A day that does
 * not exist (a link's `2026-02-31`) is shown as written, for the form to mark, not rolled over to
 * March 3rd as dayjs would.
 */
export function displayDayOf(value: string | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}/.test(value) && !isRealDay(value) && !isRealDateTime(value)) return value;
  const date = dayjs(value);
  return date.isValid() ? date.format(DISPLAY_DAY) : '';
}
