import { reportedErrors, type ReloadRowError, type ReloadValidation } from '../../../../domain/reloadables';
import { HttpError } from '../../../dataProvider/httpError';

const FIELDS = new Set<ReloadRowError['field']>(['cardNumber', 'amount', 'file', 'card']);

/**
 * A 400 RELOAD_ROWS_INVALID names each bad row as `rows.<row>.<field>` → message key (the
 * module README): read back as the report's row errors. Null for any other failure.
 */
export function rowErrorsOf(error: unknown): ReloadRowError[] | null {
  if (!(error instanceof HttpError) || error.code !== 'RELOAD_ROWS_INVALID') return null;
  const errors = (error.body as { errors?: Record<string, unknown> } | null)?.errors ?? {};
  const out: ReloadRowError[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const match = /^rows\.(\d+)\.(\w+)$/.exec(path);
    if (!match || typeof message !== 'string') continue;
    const field = FIELDS.has(match[2] as ReloadRowError['field']) ? (match[2] as ReloadRowError['field']) : 'card';
    out.push({ row: Number(match[1]), field, code: message });
  }
  return out;
}

/** The report after the server refused rows at creation (a card locked since the check): those rows move to the errors. */
export function withRefusedRows(validation: ReloadValidation, refused: ReloadRowError[]): ReloadValidation {
  const bad = new Set(refused.map((error) => error.row));
  const rows = validation.rows.filter((row) => !bad.has(row.row));
  const totalCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
  return { ...validation, rows, ...reportedErrors(refused), count: rows.length, totalCents, shortfallCents: Math.max(0, totalCents - validation.availableCents) };
}
