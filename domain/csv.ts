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

/** One CSV line, RFC 4180 quoting, formula-safe cells, CRLF ending. */
export function csvLine(cells: readonly unknown[], separator = ';'): string {
  return (
    cells
      .map((cell) => {
        const text = formulaSafeCell(cell);
        return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(separator) + '\r\n'
  );
}

const QUARTER_HOUR = 15 * 60 * 1000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * ISO instants → local date-times of `timeZone` in `pattern` (DD, MM, YYYY, HH, mm, ss), for files
 * of thousands of rows: the zone's offset is looked up once per quarter hour (every zone's
 * offset changes only on quarter-hour boundaries), the rest is arithmetic. null → ''.
 */
export function localDateTimeFormatter(timeZone: string, pattern: string): (iso: string | null) => string {
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
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const bucket = Math.floor(ms / QUARTER_HOUR);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const at = bucket * QUARTER_HOUR;
      const p = Object.fromEntries(parts.formatToParts(at).map(({ type, value }) => [type, Number(value)]));
      offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return offset;
  };
  return (iso) => {
    if (!iso) return '';
    const ms = Date.parse(iso);
    const local = new Date(ms + offsetAt(ms));
    return pattern
      .replace('YYYY', pad(local.getUTCFullYear(), 4))
      .replace('MM', pad(local.getUTCMonth() + 1))
      .replace('DD', pad(local.getUTCDate()))
      .replace('HH', pad(local.getUTCHours()))
      .replace('mm', pad(local.getUTCMinutes()))
      .replace('ss', pad(local.getUTCSeconds()));
  };
}
