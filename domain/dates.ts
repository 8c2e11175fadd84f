import { z } from 'zod';

/**
 * Dates are checked as real days (DESIGN §5 "Input"): 2026-02-31 and 2026-13-01 are refused with a
 * field error, never handed to the database (PostgreSQL answers "date out of range": a 500) nor
 * read by `Date.parse`, which rolls 2026-02-31 over to March 3rd. zod's ISO helpers check the
 * calendar (leap years included); every date or date-time field and filter is built from these.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day as a user types it (SPEC §9, DD/MM/YYYY): "1/3/2026", "01/03/2026", "01.03.2026" or "01-03-2026" → day, month, year. */
export const TYPED_DAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** 'YYYY-MM-DD' naming a day that exists. */
export function isRealDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const TIME = /^T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** 'YYYY-MM-DDTHH:mm[:ss[.sss]]' with Z or ±HH:mm, on a day that exists, at a time that does (no 24:00, no 10:60). */
export function isRealDateTime(text: string): boolean {
  if (!isRealDay(text.slice(0, 10))) return false;
  const match = TIME.exec(text.slice(10));
  if (!match) return false;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  const [offsetHour, offsetMinute] = [Number(match[5] ?? 0), Number(match[6] ?? 0)];
  return hour <= 23 && minute <= 59 && second <= 59 && offsetHour <= 23 && offsetMinute <= 59;
}

/** A day ('YYYY-MM-DD') that exists; `message` is the field's error key. */
export const isoDaySchema = (message = 'validation.invalid') => z.iso.date({ error: message });

/** A filter bound: a day ('YYYY-MM-DD') or an ISO instant with its offset, both real; `message` is the field's error key. */
export const isoDayOrInstantSchema = (message = 'validation.invalid') => z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: message });
