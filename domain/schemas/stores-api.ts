import { z } from 'zod';
import { recordSchemaOf, type FieldReference } from '../fields';
import { storeFields } from './store';

/** Answers of the stores API and the CSV import contract (issue 3). Rules: store.ts. */

/** The store pickers (card and transaction filters): a store is named by its name, and its code in brackets. */
export const STORE_REFERENCE = { resource: 'privative/stores', optionText: 'name', detail: 'code' } as const satisfies FieldReference;

/** A store as the API answers it: the declared fields (store.ts), its id, company and times. */
export const storeRecordSchema = recordSchemaOf(storeFields, { id: z.string(), companyId: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type StoreRecord = z.infer<typeof storeRecordSchema>;

/**
 * The import file: one store per line under a header naming the declared input fields (store.ts),
 * in any order; the required ones must be there, a missing other one takes its rule's default. `;`
 * or `,` separates fields (Italian spreadsheets write `;`, and store names may contain commas, so
 * the template uses `;`).
 */
export const STORE_IMPORT_COLUMNS: readonly string[] = storeFields.inputs.map((field) => field.source);
const STORE_IMPORT_EXAMPLES: ReadonlyArray<Readonly<Record<string, string>>> = [
  { code: 'NEG-001', name: 'Negozio Centro', storeCategoryId: 'RETAIL', defaultActivationStore: 'true' },
  { code: 'NEG-002', name: 'Outlet Nord, Milano', storeCategoryId: 'OUTLET', defaultActivationStore: 'false' },
];
export const STORE_IMPORT_TEMPLATE = `${[STORE_IMPORT_COLUMNS, ...STORE_IMPORT_EXAMPLES.map((example) => STORE_IMPORT_COLUMNS.map((column) => example[column] ?? ''))].map((line) => line.join(';')).join('\n')}\n`;

export const storeImportFailureSchema = z.object({
  /** line number in the file (the header is line 1) */
  row: z.number().int(),
  /** stable error code: VALIDATION_ERROR or DUPLICATE_CODE */
  code: z.string(),
  /** i18n key of the reason (`validation.*` or `errors.codes.*`) */
  message: z.string(),
  field: z.string().optional(),
  /** the store code as written in the row, to recognise it */
  storeCode: z.string(),
});
/** What one import reads and tells (issue 39): a file of more lines is refused whole; past the first failures only their number. */
export const STORE_IMPORT_LIMITS = { maxRows: 5_000, maxReportedFailures: 200 } as const;

export const storeImportResultSchema = z.object({
  created: z.number().int(),
  /** the first STORE_IMPORT_LIMITS.maxReportedFailures failed lines */
  failed: z.array(storeImportFailureSchema),
  /** failed lines in all */
  failedCount: z.number().int(),
});
export type StoreImportResult = z.infer<typeof storeImportResultSchema>;
export type StoreImportFailure = z.infer<typeof storeImportFailureSchema>;

/** `true/1/yes/si/sì/x` mark the default store; empty or anything in `false/0/no` does not. */
export function parseCsvFlag(value: string | undefined): boolean | null {
  const v = (value ?? '').trim().toLowerCase();
  if (['true', '1', 'yes', 'si', 'sì', 'x'].includes(v)) return true;
  if (['', 'false', '0', 'no'].includes(v)) return false;
  return null;
}
