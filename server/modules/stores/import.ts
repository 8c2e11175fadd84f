import Papa from 'papaparse';
import { storeFields, storeSchema } from '../../../domain/schemas/store';
import { countDataLines } from '../../../domain/csvRead';
import { messageWith } from '../../../domain/messages';
import { ApiError } from '../../lib/errors';
import { parseCsvFlag, STORE_IMPORT_COLUMNS, STORE_IMPORT_LIMITS, type StoreImportFailure, type StoreImportResult } from '../../../domain/schemas/stores-api';
import type { AppContext } from '../../context';
import { assertCan, type CompanyActor } from '../../lib/access';
import { unreadable } from '../../lib/uploads';
import * as repo from './repository';
import { takeDefault } from './service';

interface ParsedRow {
  row: number;
  storeCode: string;
  values?: repo.StoreValues;
  failure?: StoreImportFailure;
}

/**
 * Text by content, not by name or declared type: valid UTF-8 (a BOM is fine) without NUL bytes,
 * which rules out spreadsheets saved as .xlsx, images and other binaries.
 */
export function decodeCsv(data: Buffer): string {
  if (data.length === 0) throw unreadable('The file is empty');
  if (data.includes(0)) throw unreadable('The file is not a text CSV');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw unreadable('The file is not UTF-8 text');
  }
}

/** Validates every line with the same rules as the form; line numbers count the header as 1. */
export function parseStoresCsv(text: string): ParsedRow[] {
  // the cap before the file is parsed, counted in place: a file of a million lines is refused at the
  // cost of one scan (a line of the file is a store: a name holding a line break counts twice)
  if (countDataLines(text, STORE_IMPORT_LIMITS.maxRows) > STORE_IMPORT_LIMITS.maxRows) {
    throw new ApiError(400, 'VALIDATION_ERROR', `A file holds at most ${STORE_IMPORT_LIMITS.maxRows} stores`, { file: messageWith('validation.storeRowsMax', { max: STORE_IMPORT_LIMITS.maxRows }) });
  }
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [';', ',', '\t'] });
  const [header, ...lines] = parsed.data;
  const names = (header ?? []).map((h) => h.trim());
  const index = Object.fromEntries(STORE_IMPORT_COLUMNS.map((c) => [c, names.findIndex((n) => n.toLowerCase() === c.toLowerCase())]));
  if (storeFields.inputs.some((field) => field.required && index[field.source] < 0)) {
    throw unreadable(`The first line must name the columns ${STORE_IMPORT_COLUMNS.join(';')}`);
  }
  const cell = (line: string[], column: string) => (index[column] >= 0 ? (line[index[column]] ?? '') : '');
  return lines.map((line, i) => {
    const row = i + 2;
    const storeCode = cell(line, 'code').trim();
    const failure = (field: string, message: string): ParsedRow => ({ row, storeCode, failure: { row, storeCode, code: 'VALIDATION_ERROR', field, message } });
    // each declared field from its column: a flag read as a spreadsheet writes it, a missing column left to its rule's default
    const body: Record<string, unknown> = {};
    for (const field of storeFields.inputs) {
      if (field.kind === 'boolean') {
        const flag = parseCsvFlag(cell(line, field.source));
        if (flag === null) return failure(field.source, 'validation.invalid');
        body[field.source] = flag;
      } else if (index[field.source] >= 0) body[field.source] = cell(line, field.source);
    }
    const result = storeSchema.safeParse(body);
    if (!result.success) {
      const issue = result.error.issues[0];
      return failure(String(issue.path[0] ?? ''), issue.message.startsWith('validation.') ? issue.message : 'validation.invalid');
    }
    return { row, storeCode, values: repo.storeTable.values(result.data) as repo.StoreValues };
  });
}

const duplicate = (row: number, storeCode: string): StoreImportFailure => ({
  row,
  storeCode,
  code: 'DUPLICATE_CODE',
  field: 'code',
  message: 'errors.codes.DUPLICATE_CODE',
});

/**
 * Saves the good lines and reports the bad ones: a line fails on its own rules or when its code
 * is already a store of the company or appears on an earlier line. All good lines commit in one
 * transaction; when several lines mark the default activation store, the last one wins.
 */
export async function importStores(ctx: AppContext, actor: CompanyActor, data: Buffer): Promise<StoreImportResult> {
  // the same check the route ran: an import started by a job or another API is held to it too
  assertCan(actor, 'privative/stores', 'import');
  const { companyId } = actor;
  const rows = parseStoresCsv(decodeCsv(data));
  const failed: StoreImportFailure[] = [];
  let created = 0;
  await ctx.db.transaction(async (tx) => {
    const good = rows.filter((r) => r.values);
    const taken = await repo.existingCodes(tx, companyId, good.map((r) => r.values!.code));
    const seen = new Set<string>();
    for (const r of rows) {
      if (r.failure) {
        failed.push(r.failure);
        continue;
      }
      const values = r.values!;
      if (taken.has(values.code) || seen.has(values.code)) {
        failed.push(duplicate(r.row, r.storeCode));
        continue;
      }
      seen.add(values.code);
      if (values.isDefaultActivation) await takeDefault(tx, companyId);
      // ON CONFLICT DO NOTHING: a store created meanwhile by someone else is a duplicate too.
      if (await repo.insertStore(tx, companyId, values)) created += 1;
      else failed.push(duplicate(r.row, r.storeCode));
    }
  });
  return { created, failed: failed.slice(0, STORE_IMPORT_LIMITS.maxReportedFailures), failedCount: failed.length };
}
