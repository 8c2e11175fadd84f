import type { z } from 'zod';
import { issuesToErrors } from '../../../domain/errors';
import { RELOAD_LIMITS, type ReloadRowError } from '../../../domain/reloadables';
import { apiError } from '../errors';
import { problem } from './store';

/**
 * The request bodies of POST reloads and POST reloads/validate, as server/modules/reloadables/
 * reloads.input.ts reads them: a bad row is RELOAD_ROWS_INVALID naming it `rows.<row>.<field>`
 * (row = the client's `row` or the 1-based position), anything else wrong VALIDATION_ERROR; a
 * CSV's base64 content decoded with the upload routes' refusals.
 */
const ROW_FIELDS: Record<string, ReloadRowError['field']> = { amountCents: 'amount', cardId: 'card', cardNumber: 'cardNumber' };

export function parseReloadBody<S extends z.ZodType>(schema: S, body: unknown, instance: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const rows = (body as { rows?: unknown } | null)?.rows;
  const rowErrors: Record<string, string> = {};
  const other: z.core.$ZodIssue[] = [];
  for (const issue of parsed.error.issues) {
    const [top, index, field] = issue.path;
    if (top === 'rows' && typeof index === 'number' && Array.isArray(rows)) {
      const given = (rows[index] as { row?: unknown } | undefined)?.row;
      const row = typeof given === 'number' && Number.isInteger(given) && given > 0 ? given : index + 1;
      rowErrors[`rows.${row}.${ROW_FIELDS[String(field)] ?? 'card'}`] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    } else other.push(issue);
  }
  if (other.length > 0) throw apiError(400, 'VALIDATION_ERROR', instance, 'The request is not valid', issuesToErrors(other));
  throw problem(400, 'RELOAD_ROWS_INVALID', instance, `${Object.keys(rowErrors).length} reload rows are not valid`, { errors: rowErrors });
}

/** The text of an uploaded CSV: 415 not a CSV, 413 past 5 MB, 400 FILE_UNREADABLE when not base64 or not UTF-8. */
export function decodeCsvFile(file: { type: string; name: string; content: string }, instance: string): string {
  const csvLike = /^(text\/(csv|plain)|application\/(vnd\.ms-excel|csv|octet-stream))?$/i.test(file.type.trim()) || /\.csv$/i.test(file.name);
  if (!csvLike) throw apiError(415, 'FILE_TYPE_NOT_ALLOWED', instance, 'The file must be a CSV', { file: 'validation.fileType' });
  const tooLarge = () => apiError(413, 'FILE_TOO_LARGE', instance, 'The file is larger than 5 MB', { file: 'validation.fileTooLarge' });
  const unreadable = (detail: string) => apiError(400, 'FILE_UNREADABLE', instance, detail, { file: 'validation.fileUnreadable' });
  const base64 = file.content.replace(/^data:[^,]*;base64,/, '').replace(/\s/g, '');
  if (base64.length > Math.ceil((RELOAD_LIMITS.maxCsvBytes * 4) / 3) + 4) throw tooLarge();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw unreadable('The file content is not base64');
  const binary = atob(base64);
  if (binary.length > RELOAD_LIMITS.maxCsvBytes) throw tooLarge();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    throw unreadable('The file is not UTF-8 text');
  }
}
