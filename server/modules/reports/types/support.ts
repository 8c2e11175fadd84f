import type { CsvFormat } from '../../../../domain/csv';
import type { CsvFile, CsvRows } from '../../../lib/csv-export';
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

/** The screens' words of a set of ids (`<prefix>.<id>` in the language's texts). */
export function wordsOf(language: CsvFormat['language'], prefix: string, ids: readonly string[]): Record<string, string> {
  const t = textOf(language);
  return Object.fromEntries(ids.map((id) => [id, t(`${prefix}.${id}`)]));
}

/**
 * An area's own export (its columns, words and order) over other rows (rows.repository.ts): the
 * report's companies and period instead of the screen's filter, in the rows' order when they give
 * one. `from` gets the batch condition as the file's own does.
 */
export function overRows(file: CsvFile, rows: { from: CsvRows['from']; key?: CsvRows['key'] }): CsvFile {
  return { ...file, rows: { from: rows.from, key: rows.key ?? file.rows.key } };
}
