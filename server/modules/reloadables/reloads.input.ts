import type { z } from 'zod';
import { issuesToErrors } from '../../../domain/errors';
import { createReloadsBodySchema, parseReloadCsv, reportedErrors, RELOAD_LIMITS, validateReloadsBodySchema, type CreateReloadsBody, type ReloadRowError, type ReloadValidation } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/access';
import { ApiError } from '../../lib/errors';
import { decodeCsvFile } from '../../lib/uploads';
import { checkRows, checkSchedule, type RunRowInput } from './reloads.service';

/**
 * The request bodies of POST reloads and POST reloads/validate. A bad row is reported the way
 * the contract names rows (`rows.<row>.<field>`, row = the client's `row` or the 1-based
 * position) under RELOAD_ROWS_INVALID; anything else wrong with the body is VALIDATION_ERROR.
 */

const ROW_FIELDS: Record<string, ReloadRowError['field']> = { amountCents: 'amount', cardId: 'card', cardNumber: 'cardNumber' };

function bodyErrors(issues: readonly z.core.$ZodIssue[], body: unknown): ApiError {
  const rows = (body as { rows?: unknown })?.rows;
  const rowErrors: Record<string, string> = {};
  const other: z.core.$ZodIssue[] = [];
  for (const issue of issues) {
    const [top, index, field] = issue.path;
    if (top === 'rows' && typeof index === 'number' && Array.isArray(rows)) {
      const given = (rows[index] as { row?: unknown } | undefined)?.row;
      const row = typeof given === 'number' && Number.isInteger(given) && given > 0 ? given : index + 1;
      const name = ROW_FIELDS[String(field)] ?? 'card';
      rowErrors[`rows.${row}.${name}`] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    } else other.push(issue);
  }
  if (other.length > 0) return new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', issuesToErrors(other));
  return new ApiError(400, 'RELOAD_ROWS_INVALID', `${Object.keys(rowErrors).length} reload rows are not valid`, rowErrors);
}

export function parseCreateBody(body: unknown): CreateReloadsBody {
  const parsed = createReloadsBodySchema.safeParse(body);
  if (!parsed.success) throw bodyErrors(parsed.error.issues, body);
  return parsed.data;
}

/** POST reloads/validate: the rows (or the CSV's) checked at the plan's time or now; nothing written. */
export async function validateBody(ctx: AppContext, actor: Pick<Actor, 'userId' | 'companyId'>, body: unknown): Promise<ReloadValidation> {
  const parsed = validateReloadsBodySchema.safeParse(body);
  if (!parsed.success) throw bodyErrors(parsed.error.issues, body);
  const scheduledAt = parsed.data.scheduledAt ? new Date(parsed.data.scheduledAt) : null;
  checkSchedule(ctx, scheduledAt);
  const at = scheduledAt ?? ctx.clock.now();
  let rows: RunRowInput[];
  let csvErrors: ReloadRowError[] = [];
  if ('file' in parsed.data) {
    const csv = parseReloadCsv(decodeCsvFile(parsed.data.file, RELOAD_LIMITS.maxCsvBytes));
    rows = csv.rows;
    csvErrors = csv.errors;
  } else {
    rows = parsed.data.rows.map((r, i) => ({ row: r.row ?? i + 1, cardId: r.cardId, cardNumber: r.cardNumber, amountCents: r.amountCents }));
  }
  const checked = await checkRows(ctx.db, ctx, actor, rows, at);
  if (csvErrors.length === 0) return checked;
  // a file's bad lines were never checked against the cards: the two sets of rows are apart, so their counts add up
  const file = reportedErrors(csvErrors);
  return {
    ...checked,
    errors: reportedErrors([...file.errors, ...checked.errors].sort((a, b) => a.row - b.row)).errors,
    errorCount: file.errorCount + checked.errorCount,
    badRows: file.badRows + checked.badRows,
  };
}
