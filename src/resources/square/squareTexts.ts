import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { CSV_BOM, csvLine } from '../../../domain/csv';
import { readMessage } from '../../../domain/messages';
import type { SquareValidation } from '../../../domain/schemas/square';
import { hasTranslation } from '../../i18n/i18n';

export type SquareProblem = SquareValidation['problems'][number];

/** Shared texts whose wording is about reloads ("no reload rows"): a recipients file says recipients. */
/** (translated below with the count of their values, like every reason) */
const SQUARE_WORDING = /^validation\.(csvEmpty|csvTooManyRows)$/;
const squareWording = (key: string) => key.replace(/^validation\./, 'square.reasons.');

/**
 * A problem's reason in the user's language: its key (`validation.email`,
 * `validation.squareDuplicate` with `params.line`, `square.warning.liveCode`, a key with values
 * `validation.amountMax?maxCents=…`) or an error code; anything the catalogue does not know
 * reads as "invalid value", never as the server's own text.
 */
export function useSquareReason() {
  const translate = useTranslate();
  return useCallback(
    (problem: Pick<SquareProblem, 'code' | 'params'>): string => {
      const { key } = readMessage(problem.code);
      const code = SQUARE_WORDING.test(key) ? problem.code.replace(key, squareWording(key)) : problem.code;
      // a text with a count ("at most 40 characters") picks its form by the last number among the values
      const counts = Object.values(problem.params ?? {}).filter((value): value is number => typeof value === 'number');
      const options = counts.length > 0 ? { ...problem.params, smart_count: counts[counts.length - 1] } : problem.params;
      const known = (candidate: string) => hasTranslation(candidate) || hasTranslation(`${readMessage(candidate).key}_other`);
      if (known(code)) return translate(code, options);
      if (known(`errors.codes.${code}`)) return translate(`errors.codes.${code}`, options);
      return translate('validation.invalid');
    },
    [translate],
  );
}

/** A problem's column as the table shows it: the field's label, or "whole file". */
export const columnLabelKey = (column: SquareProblem['column']) => `square.fields.${column}`;

/**
 * The lines with an error, offered back as a CSV to fix: the file's header and each rejected
 * line's cells as read (in line order), with a last column saying why. Written with the file's
 * own separator, so the fixed file reads back as the first did; formula cells neutralised
 * (`csvLine`), since the cells are whatever the uploaded file held.
 */
export function rejectedLinesCsv(validation: SquareValidation, separator: ';' | ',', reasonHeader: string, reasonOf: (line: number) => string): string {
  const lines = Object.keys(validation.rejected)
    .map(Number)
    .sort((a, b) => a - b);
  const rows = [csvLine([...validation.header, reasonHeader], separator), ...lines.map((line) => csvLine([...validation.rejected[String(line)], reasonOf(line)], separator))];
  return `${CSV_BOM}${rows.join('')}`;
}
