import enTexts from '../locales/en/giftcards.json';
import itTexts from '../locales/it/giftcards.json';
import type { ExportLanguage, GiftCard } from './giftcards';
import { csvAmount } from './format';

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

/**
 * The gift-card CSV for the user who opens it in a spreadsheet (server export and demo alike):
 * their language's screen texts (locales/<lang>/giftcards.json: the one source of headers and
 * statuses), the separator and decimal mark Excel expects for it, times in their zone.
 */
export interface CsvFormat {
  language: ExportLanguage;
  /** IANA zone of the user's browser ("Europe/Rome") */
  timeZone: string;
}

const TEXTS = { it: itTexts, en: enTexts } satisfies Record<ExportLanguage, unknown>;
/** Excel reads ";" with a decimal comma in Italian settings, "," with a decimal point in English. */
export const CSV_SEPARATOR: Record<ExportLanguage, string> = { it: ';', en: ',' };

type Field = keyof typeof itTexts.fields;
type Cell = (card: GiftCard) => unknown;

export function giftCardCsv({ language, timeZone }: CsvFormat): { header: string; line: (card: GiftCard) => string } {
  const texts = TEXTS[language];
  const money = (cents: number) => csvAmount(cents, language);
  // it: the screen's DD/MM/YYYY; en: year first, which US and UK spreadsheets read alike
  const time = localDateTimeFormatter(timeZone, language === 'it' ? 'DD/MM/YYYY HH:mm:ss' : 'YYYY-MM-DD HH:mm:ss');
  const columns: Array<[Field, Cell]> = [
    ['code', (c) => c.code],
    ['progressive', (c) => c.progressive],
    ['lotNumber', (c) => c.lotNumber],
    ['orderReference', (c) => c.orderReference],
    ['typology', (c) => c.typologyName],
    ['company', (c) => c.companyName],
    ['status', (c) => texts.status[c.status]],
    ['balance', (c) => money(c.balanceCents)],
    ['frozen', (c) => money(c.frozenCents)],
    ['availableBalance', (c) => money(c.availableBalanceCents)],
    ['activationDate', (c) => time(c.activationDate)],
    ['expireDate', (c) => time(c.expireDate)],
    ['firstUseDate', (c) => time(c.firstUseDate)],
    ['store', (c) => c.storeName],
    ['createdAt', (c) => time(c.createdAt)],
  ];
  const separator = CSV_SEPARATOR[language];
  return {
    // the byte-order mark tells Excel the file is UTF-8 ("€", accented names)
    header: CSV_BOM + csvLine(columns.map(([field]) => texts.fields[field]), separator),
    line: (card) => csvLine(columns.map(([, cell]) => cell(card)), separator),
  };
}
