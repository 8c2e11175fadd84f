import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CSV_BOM, CSV_SEPARATOR, csvCell, csvDateTime, csvDay, fastCsvCell, type CsvFormat } from '../../domain/csv';
import { csvAmounts } from '../../domain/format';
import type { Db } from '../db/client';
import { epochMillis, rowStream, type OrderedRead, type RowStreamOptions } from './row-stream';
import type { SortKey } from './keyset';
import { nextTurn, streamOf } from './streams';

/**
 * The one CSV writer of every download (DESIGN §2): a file is its columns (a header in the user's
 * language, what each reads, how its cell is written) over an ordered read of the database
 * (lib/row-stream.ts: a cursor on PostgreSQL, keyset batches on PGlite). Cells are written by
 * formatters built once per file for the user's language and time zone (domain/csv.ts), from the
 * values as PostgreSQL writes them, with no record objects in between: money as a plain decimal
 * with the language's mark, instants in the user's zone, states in the screens' words, every text
 * formula-safe and quoted as needed. The file starts with the UTF-8 byte-order mark, uses the
 * separator Excel expects for the language and CRLF line ends, streams with back-pressure (a chunk
 * is read only when the client has taken the previous one) and gives the event loop back every
 * few hundred rows.
 */
export interface CsvColumn {
  header: string;
  /** what the cell is made of: one value or more, each read as text */
  read: readonly SQL[];
  /** the cell as it goes in the file (CSV-safe), from the values read */
  cell: (...values: Array<string | null>) => string;
}

const dialect = new PgDialect();

/** Rows formatted between two turns of the event loop (a few milliseconds of work). */
const SLICE = 500;

/** The column makers of one file: each writes its cells the way a spreadsheet of the user's language reads them. */
export function csvColumns({ language, timeZone }: CsvFormat) {
  const separator = CSV_SEPARATOR[language];
  const text = fastCsvCell(separator);
  const amount = csvAmounts(language);
  const one = (header: string, read: SQL, cell: (value: string | null) => string): CsvColumn => ({ header, read: [read], cell });
  return {
    separator,
    /** free text (names, references): formula-safe, quoted when needed */
    text: (header: string, read: SQL) => one(header, read, text),
    /** digits (a progressive, a count): written as they are */
    count: (header: string, read: SQL) => one(header, read, (value) => value ?? ''),
    /** integer cents → "1234,50" (it) / "1234.50" (en) */
    money: (header: string, read: SQL) => one(header, read, (value) => (value === null ? '' : amount(Number(value)))),
    /** an instant (timestamptz) → the user's local date and time, read as epoch milliseconds */
    dateTime: (header: string, read: SQL) => {
      // a formatter of its own per column: its memory of the last instant serves rows made together
      const time = csvDateTime(timeZone);
      return one(header, epochMillis(read), (value) => (value === null ? '' : time(Number(value))));
    },
    /** a calendar day (a \`date\` column, no zone) → the screens' day format */
    day: (header: string, read: SQL) => one(header, read, (value) => (value === null ? '' : csvDay(value))),
    /** a stored state or kind → its words on the screens (`words`), the raw value where none */
    words: (header: string, read: SQL, words: Readonly<Record<string, string>>) => one(header, read, (value) => (value === null ? '' : text(words[value] ?? value))),
    /** an amount worked out of several values (`cents` gets them as text, in `read`'s order) */
    moneyOf: (header: string, read: readonly SQL[], cents: (...values: Array<string | null>) => number): CsvColumn => ({ header, read, cell: (...values) => amount(cents(...values)) }),
    /** a cell worked out of several values (`cell` gets them as text, in `read`'s order) */
    derived: (header: string, read: readonly SQL[], cell: (...values: Array<string | null>) => string): CsvColumn => ({ header, read, cell: (...values) => text(cell(...values)) }),
  };
}

/** Where a file's rows come from: `FROM … WHERE <condition> AND …` and their order (what a batch resumes after). */
export interface CsvRows {
  from: (condition: SQL) => SQL;
  key: SortKey;
}

/** A file: its rows, its columns, its separator (csvColumns' own). */
export interface CsvFile {
  rows: CsvRows;
  columns: readonly CsvColumn[];
  separator: string;
}

export interface CsvDownloadOptions extends RowStreamOptions {
  /**
   * Hears how many rows have been written so far, after each slice (a job's progress); awaited,
   * so what it throws (a lost lease) ends the stream with that error.
   */
  onRows?: (written: number) => void | Promise<void>;
}

/** The file as a stream: the byte-order mark and header, then a line per row. */
export function csvDownload(db: Db, file: CsvFile, options: CsvDownloadOptions = {}): ReadableStream<Uint8Array> {
  const { columns, separator } = file;
  const { onRows } = options;
  let written = 0;
  const { read, positions } = csvRead(file);
  const line = lineWriter(columns, positions, separator);
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + columns.map((column) => csvCell(column.header, separator)).join(separator) + '\r\n';
    for await (const chunk of rowStream(db, read, options)) {
      for (let at = 0; at < chunk.length; at += SLICE) {
        let out = '';
        const end = Math.min(chunk.length, at + SLICE);
        for (let i = at; i < end; i++) out += line(chunk[i]);
        yield out;
        written += end - at;
        if (onRows) await onRows(written);
        await nextTurn();
      }
    }
  }
  return streamOf(lines());
}

/** What the file reads: its values (each distinct one once) in its rows' order; `positions`: where each column finds its own. */
export function csvRead(file: CsvFile): { read: OrderedRead; positions: number[][] } {
  const { values, positions } = readsOnce(file.columns);
  return { read: { values, from: file.rows.from, key: file.rows.key }, positions };
}

/** What the columns read, each distinct value once (the state reads the expiry the expiry column reads too), and where each column finds its own. */
function readsOnce(columns: readonly CsvColumn[]): { values: SQL[]; positions: number[][] } {
  const values: SQL[] = [];
  const seen = new Map<string, number>();
  const positions = columns.map((column) =>
    column.read.map((value) => {
      const { sql: text, params } = dialect.sqlToQuery(value);
      const key = JSON.stringify([text, params]);
      let at = seen.get(key);
      if (at === undefined) {
        at = values.push(value) - 1;
        seen.set(key, at);
      }
      return at;
    }),
  );
  return { values, positions };
}

/** One line from a row of text values: each column's cell from its own values, joined once. */
function lineWriter(columns: readonly CsvColumn[], positions: number[][], separator: string): (row: Array<string | null>) => string {
  const count = columns.length;
  // single-value columns (nearly all) are called straight on their value: one call per cell
  const single = positions.map((at) => (at.length === 1 ? at[0] : -1));
  const cells = columns.map(({ cell }) => cell);
  const many = columns.map(({ cell }, c) => (row: Array<string | null>) => cell(...positions[c].map((i) => row[i])));
  return (row) => {
    let out = '';
    for (let c = 0; c < count; c++) {
      const at = single[c];
      out += (at >= 0 ? cells[c](row[at]) : many[c](row)) + (c === count - 1 ? '\r\n' : separator);
    }
    return out;
  };
}
