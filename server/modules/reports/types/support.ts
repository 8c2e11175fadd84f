import { sql, type SQL } from 'drizzle-orm';
import type { CsvFormat } from '../../../../domain/csv';
import type { CsvFile } from '../../../lib/csv-export';
import { textOf } from '../../../lib/texts';

/**
 * What every report type's file is made from: the parameters as its schema gave them, the
 * companies it covers (the chosen company, with its sub-companies when asked), and whom it is
 * written for (language and zone: the days of the parameters are that zone's days).
 */
export interface ReportFileInput<P> {
  parameters: P;
  companyIds: readonly string[];
  format: CsvFormat;
}

/** The instant a day of the requester's zone starts (`date` 00:00 there). */
export const dayStart = (day: string, timeZone: string): SQL => sql`((${day})::date::timestamp AT TIME ZONE ${timeZone})`;
/** The instant a day of the requester's zone ends (the next day's 00:00 there): "at a day" means before this. */
export const dayEnd = (day: string, timeZone: string): SQL => sql`(((${day})::date + 1)::timestamp AT TIME ZONE ${timeZone})`;

/** `column` inside [from 00:00, to 24:00) of the requester's days; an empty bound is open. */
export function inPeriod(column: SQL, from: string, to: string, timeZone: string): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (from) parts.push(sql`${column} >= ${dayStart(from, timeZone)}`);
  if (to) parts.push(sql`${column} < ${dayEnd(to, timeZone)}`);
  return sql.join(parts, sql` AND `);
}

/** The screens' words of a set of ids (`<prefix>.<id>` in the language's texts). */
export function wordsOf(language: CsvFormat['language'], prefix: string, ids: readonly string[]): Record<string, string> {
  const t = textOf(language);
  return Object.fromEntries(ids.map((id) => [id, t(`${prefix}.${id}`)]));
}

/**
 * An area's own export (its columns, words and order) over other rows: the report's companies and
 * period instead of the screen's filter. `from` gets the batch condition as the file's own does.
 */
export function overRows(file: CsvFile, from: (condition: SQL) => SQL, key = file.rows.key): CsvFile {
  return { ...file, rows: { from, key } };
}
