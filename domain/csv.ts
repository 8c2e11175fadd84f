import deTexts from '../locales/de/giftcards.json';
import enTexts from '../locales/en/giftcards.json';
import esTexts from '../locales/es/giftcards.json';
import frTexts from '../locales/fr/giftcards.json';
import itTexts from '../locales/it/giftcards.json';
import { DATE_FORMAT } from './constants';
import type { ExportLanguage } from './giftcards';

/**
 * CSV cells that start with = + - @ TAB or CR are read as formulas by spreadsheets
 * (DESIGN.md §5). Exports prefix such cells with a single quote.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** UTF-8 byte-order mark: without it Excel reads a UTF-8 file as the system code page ("€" garbled). */
export const CSV_BOM = '\uFEFF';

export function formulaSafeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // a plain number (a negative amount, with a decimal point or comma) is data, not a formula
  if (/^-?\d+([.,]\d+)?$/.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell as it goes in the file: formula-safe, and quoted (RFC 4180) when it holds the separator, a quote or a line break. */
export function csvCell(value: unknown, separator: string): string {
  const text = formulaSafeCell(value);
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * `csvCell` for files of millions of rows: most values need neither quoting nor a formula guard,
 * which one test of the first character and one search tell, with no copy.
 */
export function fastCsvCell(separator: string): (value: string | null) => string {
  const needsQuotes = new RegExp(`["\r\n${separator.replace(/[\\^\]-]/g, '\\$&')}]`);
  return (value) => {
    if (value === null) return '';
    const first = value.charCodeAt(0);
    // = + - @ TAB CR: a possible formula (csvCell decides: a plain negative number stays data)
    const risky = first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13;
    return risky || needsQuotes.test(value) ? csvCell(value, separator) : value;
  };
}

/** One CSV line, RFC 4180 quoting, formula-safe cells, CRLF ending. */
export function csvLine(cells: readonly unknown[], separator = ';'): string {
  return cells.map((cell) => csvCell(cell, separator)).join(separator) + '\r\n';
}

const QUARTER_HOUR = 15 * 60 * 1000;
const DAY = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const TWO = Array.from({ length: 60 }, (_, n) => pad(n));

/** Year, month, day of a count of days since 1970-01-01 (proleptic Gregorian; H. Hinnant's civil_from_days). */
function civilDate(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

type Token = 'YYYY' | 'MM' | 'DD' | 'HH' | 'mm' | 'ss';
const TOKENS = /YYYY|MM|DD|HH|mm|ss/g;

/**
 * Instants (ISO text, or milliseconds since the epoch as a number or digits) → local date-times
 * of `timeZone` in `pattern` (DD, MM, YYYY, HH, mm, ss), for files of millions of rows: built once
 * per file, the zone's offset is looked up with Intl once per quarter hour (every zone's offset
 * changes only on quarter-hour boundaries), a day's date part once per day, the rest is
 * arithmetic. null or '' → ''.
 */
export function localDateTimeFormatter(timeZone: string, pattern: string): (instant: string | number | null) => string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  /** the zone's offset at an instant (a whole second: the parts have no milliseconds) */
  const zoneOffset = (at: number): number => {
    const p = Object.fromEntries(parts.formatToParts(at).map(({ type, value }) => [type, Number(value)]));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at;
  };
  // a zone's offset changes a few times a year: a UTC day whose first and last instants share
  // an offset has it all day (one Intl call per day of the data, not per value); a day with a
  // change is looked up per quarter hour, the unit every offset change falls on
  const dayOffsets = new Map<number, number>();
  const quarterOffsets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const day = Math.floor(ms / DAY);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      const first = zoneOffset(day * DAY);
      offset = first === zoneOffset((day + 1) * DAY - 1000) ? first : NaN;
      if (dayOffsets.size > 100_000) dayOffsets.clear();
      dayOffsets.set(day, offset);
    }
    if (!Number.isNaN(offset)) return offset;
    const bucket = Math.floor(ms / QUARTER_HOUR);
    let exact = quarterOffsets.get(bucket);
    if (exact === undefined) {
      exact = zoneOffset(bucket * QUARTER_HOUR);
      if (quarterOffsets.size > 10_000) quarterOffsets.clear();
      quarterOffsets.set(bucket, exact);
    }
    return exact;
  };
  let lastBucket = NaN;
  let lastOffset = 0;
  // the pattern split once: its date part (up to the first time token), written once per day, then the time tokens
  const split = pattern.search(/HH|mm|ss/);
  const datePattern = split < 0 ? pattern : pattern.slice(0, split);
  const timeTokens = [...(split < 0 ? '' : pattern.slice(split)).matchAll(TOKENS)].map((m) => m[0] as Token);
  const timeLiterals = (split < 0 ? '' : pattern.slice(split)).split(TOKENS);
  const days = new Map<number, string>();
  let lastDay = NaN;
  let lastDate = '';
  const dateOf = (day: number): string => {
    if (day === lastDay) return lastDate;
    let date = days.get(day);
    if (date === undefined) {
      const [y, m, d] = civilDate(day);
      date = datePattern.replace('YYYY', pad(y, 4)).replace('MM', pad(m)).replace('DD', pad(d));
      if (days.size > 10_000) days.clear();
      days.set(day, date);
    }
    lastDay = day;
    lastDate = date;
    return date;
  };
  // rows made together share their instant (a batch's cards): the last one is remembered
  let lastMs = NaN;
  let lastText = '';
  return (instant) => {
    if (instant === null || instant === '') return '';
    const ms = typeof instant === 'number' ? instant : /^-?\d+$/.test(instant) ? Number(instant) : Date.parse(instant);
    if (ms === lastMs) return lastText;
    const bucket = Math.floor(ms / QUARTER_HOUR);
    if (bucket !== lastBucket) {
      lastBucket = bucket;
      lastOffset = offsetAt(ms);
    }
    const local = ms + lastOffset;
    const day = Math.floor(local / DAY);
    const inDay = local - day * DAY;
    let out = dateOf(day) + timeLiterals[0];
    for (let i = 0; i < timeTokens.length; i++) {
      const token = timeTokens[i];
      out += token === 'HH' ? TWO[Math.floor(inDay / 3_600_000)] : token === 'mm' ? TWO[Math.floor(inDay / 60_000) % 60] : TWO[Math.floor(inDay / 1000) % 60];
      out += timeLiterals[i + 1];
    }
    lastMs = ms;
    lastText = out;
    return out;
  };
}

/** Whom a file is written for: their language (texts, separator, decimal mark) and the zone their times are shown in. */
export interface CsvFormat {
  language: ExportLanguage;
  /** IANA zone of the user's browser ("Europe/Rome") */
  timeZone: string;
}

/**
 * Instants in a file: the screens' date format (SPEC §9, DD/MM/YYYY in every language — our
 * English is British, as its numbers are) and the time to the second, so a cell reads as the
 * list shows it, and a spreadsheet of either language reads it as a date.
 */
export const CSV_DATE_TIME_PATTERN = `${DATE_FORMAT} HH:mm:ss`;

/** A calendar day as stored ('2026-12-31', no zone to convert) in the screens' day format. */
export const csvDay = (day: string): string => DATE_FORMAT.replace('YYYY', day.slice(0, 4)).replace('MM', day.slice(5, 7)).replace('DD', day.slice(8, 10));

/** The instants of a file for a user: `CSV_DATE_TIME_PATTERN` in their zone (localDateTimeFormatter). */
export const csvDateTime = (timeZone: string) => localDateTimeFormatter(timeZone, CSV_DATE_TIME_PATTERN);

/** Excel reads ";" with a decimal comma (Italian, Spanish, French, German settings), "," with a decimal point (English). */
export const CSV_SEPARATOR: Record<ExportLanguage, string> = { it: ';', en: ',', es: ';', fr: ';', de: ';' };

/** The gift-card screens' texts (locales/<lang>/giftcards.json): the one source of the card file's headers and states. */
export const GIFT_CARD_TEXTS = { it: itTexts, en: enTexts, es: esTexts, fr: frTexts, de: deTexts } satisfies Record<ExportLanguage, unknown>;
