import { z } from 'zod';
import type { ChoiceTone, FieldChoice } from './fields';
import { amountMaxMessage, maxItemsMessage, maxLengthMessage, numberRangeMessage, VALIDATION_MESSAGES } from './messages';
import { MAX_TYPOLOGY_VALUE_CENTS, TYPOLOGY_TYPES, typologyFields, typologySchema } from './typology';
import { optionalTextField, textField } from './text';

/**
 * Catalog and batches contract (SPEC §3 "Batch" and "Batch creation", §4 batch and PDF-archive
 * states; DESIGN §6), shared by the SPA and the API. Amounts are integer cents; dates ISO 8601.
 * Messages are i18n keys.
 */

// ---------------------------------------------------------------- states

/** SPEC §4 batch states. ERROR is shown as "verification". */
export const BATCH_STATUSES = [
  'PENDING',
  'IN_PROGRESS',
  'ERROR',
  'PENDING_ACTIVATION',
  'IN_PROGRESS_ACTIVATION',
  'ERROR_ACTIVATION',
  'PENDING_DEACTIVATE',
  'IN_PROGRESS_DEACTIVATE',
  'ERROR_DEACTIVATE',
  'COMPLETED',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** SPEC §4 PDF-archive states (null on a batch: no archive asked for yet). */
export const ARCHIVE_STATUSES = ['PENDING', 'IN_PROGRESS', 'ERROR', 'COMPLETED'] as const;
export type ArchiveStatus = (typeof ARCHIVE_STATUSES)[number];

/** SPEC §4 badge colours: completed green; pending and in progress yellow; errors red. */
export const BATCH_STATUS_TONES: Record<BatchStatus, ChoiceTone> = {
  PENDING: 'yellow',
  IN_PROGRESS: 'yellow',
  ERROR: 'red',
  PENDING_ACTIVATION: 'yellow',
  IN_PROGRESS_ACTIVATION: 'yellow',
  ERROR_ACTIVATION: 'red',
  PENDING_DEACTIVATE: 'yellow',
  IN_PROGRESS_DEACTIVATE: 'yellow',
  ERROR_DEACTIVATE: 'red',
  COMPLETED: 'green',
};
export const ARCHIVE_STATUS_TONES: Record<ArchiveStatus, ChoiceTone> = {
  PENDING: 'yellow',
  IN_PROGRESS: 'yellow',
  ERROR: 'red',
  COMPLETED: 'green',
};

/** i18n keys of the states' display names (locales <lang>/translation.json). */
export const batchStatusKey = (status: BatchStatus) => `batches.status.${status}`;
export const archiveStatusKey = (status: ArchiveStatus) => `batches.archiveStatus.${status}`;

export const BATCH_STATUS_CHOICES: readonly FieldChoice[] = BATCH_STATUSES.map((id) => ({ id, name: batchStatusKey(id), tone: BATCH_STATUS_TONES[id] }));
export const ARCHIVE_STATUS_CHOICES: readonly FieldChoice[] = ARCHIVE_STATUSES.map((id) => ({ id, name: archiveStatusKey(id), tone: ARCHIVE_STATUS_TONES[id] }));

/** States in which a job is still working on the batch (the SPA polls and shows the progress bar). */
export const BATCH_BUSY_STATUSES: readonly BatchStatus[] = [
  'PENDING',
  'IN_PROGRESS',
  'PENDING_ACTIVATION',
  'IN_PROGRESS_ACTIVATION',
  'PENDING_DEACTIVATE',
  'IN_PROGRESS_DEACTIVATE',
];
export const isBatchBusy = (status: BatchStatus) => BATCH_BUSY_STATUSES.includes(status);

/**
 * Which batch actions a state allows (the server enforces it, the SPA shows the buttons from it).
 * A batch whose cards were all made (COMPLETED) can be activated when not active, deactivated when
 * active; a failed activation or deactivation can be run again. The archive needs the cards.
 */
export type BatchAction = 'activate' | 'deactivate' | 'archive';
export function batchActionAllowed(action: BatchAction, batch: { status: BatchStatus; activated: boolean }): boolean {
  switch (action) {
    case 'activate':
      return (batch.status === 'COMPLETED' && !batch.activated) || batch.status === 'ERROR_ACTIVATION';
    case 'deactivate':
      return (batch.status === 'COMPLETED' && batch.activated) || batch.status === 'ERROR_DEACTIVATE';
    case 'archive':
      return !['PENDING', 'IN_PROGRESS', 'ERROR'].includes(batch.status);
  }
}

/**
 * Why an activation or deactivation refused cards, kept in the batch's `errorMessage`: each
 * refusal code with its count, in the order first met ("3 × ALREADY_USED, 1 × INTERNAL_ERROR").
 * The job writes it, the batch page reads it back to say it in the user's language.
 */
export function refusalSummary(codes: Iterable<string>): string {
  const counts = new Map<string, number>();
  for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return [...counts].map(([code, n]) => `${n} × ${code}`).join(', ');
}

/** A part of an `errorMessage`: a code, counted when it comes from a refusal summary. */
export interface RefusalPart {
  code: string;
  count: number | null;
}

/**
 * A batch's `errorMessage` read back: a refusal summary's counted codes, or a lone error code
 * (count null). Anything else (free text, a summary cut short) is null: no code to show.
 */
export function readRefusalSummary(message: string): RefusalPart[] | null {
  const parts = message.split(', ').map((part): RefusalPart | null => {
    const counted = /^(\d+) × ([A-Z_]+)$/.exec(part);
    if (counted) return { code: counted[2], count: Number(counted[1]) };
    return /^[A-Z_]+$/.test(part) ? { code: part, count: null } : null;
  });
  return parts.every((part) => part !== null) ? parts : null;
}

// ---------------------------------------------------------------- limits

/** Cards of one batch: 1 to 100,000. */
export const MIN_BATCH_QUANTITY = 1;
export const MAX_BATCH_QUANTITY = 100_000;
export const LOT_NUMBER_MAX = 40;
/** The characters a lot number takes. */
export const LOT_NUMBER_PATTERN = /^[A-Za-z0-9._/-]+$/;
/** A batch's order reference. */
export const BATCH_ORDER_REFERENCE_MAX = 60;
export const TYPOLOGY_SORT_FIELDS = ['name', 'sku', 'createdAt'] as const;

// ---------------------------------------------------------------- typologies

/** The typology's rules and limits are its declaration's (domain/typology.ts). */
export { MAX_EXPIRATION_MONTHS, MAX_TYPOLOGY_VALUE_CENTS, MIN_EXPIRATION_MONTHS, SKU_MAX, SKU_PATTERN, TYPOLOGY_NAME_MAX } from './typology';
const requiredOr = (key: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? VALIDATION_MESSAGES.required : key) });
const isoDay = z.iso.date(requiredOr(VALIDATION_MESSAGES.invalid));

/**
 * Between the declared fields (SPEC §3 "Batch creation"): a fixed value is required unless the
 * value is variable (then it must be absent); months are required for the two months-based
 * expiration types, a date for FIXED_DATE.
 */
function checkTypology(
  value: { variableValue?: boolean; valueCents?: number | null; expirationType?: string; expirationMonths?: number | null; expirationDate?: string | null },
  ctx: z.RefinementCtx,
) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.variableValue) {
    if (value.valueCents !== undefined && value.valueCents !== null) issue('valueCents', VALIDATION_MESSAGES.invalid);
  } else if (value.valueCents === undefined || value.valueCents === null) issue('valueCents', VALIDATION_MESSAGES.required);
  if (value.expirationType === 'FIXED_DATE') {
    if (!value.expirationDate) issue('expirationDate', VALIDATION_MESSAGES.required);
    if (value.expirationMonths !== undefined && value.expirationMonths !== null) issue('expirationMonths', VALIDATION_MESSAGES.invalid);
  } else if (value.expirationType !== undefined) {
    if (value.expirationMonths === undefined || value.expirationMonths === null) issue('expirationMonths', VALIDATION_MESSAGES.required);
    if (value.expirationDate) issue('expirationDate', VALIDATION_MESSAGES.invalid);
  }
}

/** POST typologies. `companyId` (optional) makes it a company's own product; absent: the provider's catalog. */
export const typologyCreateSchema = z
  .object({ ...typologyFields.schema.shape, companyId: z.uuid(VALIDATION_MESSAGES.invalid).nullable().optional() })
  .strict()
  .superRefine(checkTypology);
export type TypologyCreateBody = z.output<typeof typologyCreateSchema>;

/** PUT typologies/{id}: the same fields (the owner company does not change). */
export const typologyUpdateSchema = typologyFields.schema.superRefine(checkTypology);
export type TypologyUpdateBody = z.output<typeof typologyUpdateSchema>;

export const typologyFilterSchema = z
  .object({
    q: optionalTextField({ max: 80 }),
    type: z.enum(TYPOLOGY_TYPES, { error: VALIDATION_MESSAGES.invalid }).optional(),
    variableValue: z.boolean({ error: VALIDATION_MESSAGES.invalid }).optional(),
    /** react-admin's getMany (reference fields): these ids only */
    id: z.array(z.uuid(VALIDATION_MESSAGES.invalid), { error: VALIDATION_MESSAGES.invalid }).max(200, maxItemsMessage(200)).optional(),
  })
  .strict();
export type TypologyFilter = z.output<typeof typologyFilterSchema>;

export const catalogTypologySchema = typologySchema.extend({ createdAt: z.string() });
export type CatalogTypology = z.infer<typeof catalogTypologySchema>;

// ---------------------------------------------------------------- batches

const batchQuantityRule = numberRangeMessage(MIN_BATCH_QUANTITY, MAX_BATCH_QUANTITY);

/** POST batches: SPEC §3 "Batch" inputs (lot number, typology, quantity, expiry). */
export const batchCreateSchema = z
  .object({
    lotNumber: z
      .string(requiredOr(VALIDATION_MESSAGES.invalid))
      .trim()
      .min(1, VALIDATION_MESSAGES.required)
      .max(LOT_NUMBER_MAX, maxLengthMessage(LOT_NUMBER_MAX))
      .regex(LOT_NUMBER_PATTERN, VALIDATION_MESSAGES.invalid),
    typologyId: z.uuid(requiredOr(VALIDATION_MESSAGES.invalid)),
    quantity: z.number(requiredOr(batchQuantityRule)).int(batchQuantityRule).min(MIN_BATCH_QUANTITY, batchQuantityRule).max(MAX_BATCH_QUANTITY, batchQuantityRule),
    /** the cards' last day (printed on them; activation never gives a later expiry). Optional. */
    expireDate: isoDay.nullable().optional(),
    orderReference: textField({ max: BATCH_ORDER_REFERENCE_MAX, min: 0 }).nullable().optional(),
  })
  .strict();
export type BatchCreateBody = z.output<typeof batchCreateSchema>;

/** The face value of the cards of a variable-value typology, given when its batch is activated. */
export const batchActivationAmountSchema = z.number(VALIDATION_MESSAGES.amount).int(VALIDATION_MESSAGES.amount).positive(VALIDATION_MESSAGES.amount).max(MAX_TYPOLOGY_VALUE_CENTS, amountMaxMessage(MAX_TYPOLOGY_VALUE_CENTS));

export const batchFilterSchema = z
  .object({
    lotNumber: textField({ max: LOT_NUMBER_MAX }).optional(),
    typologyId: z.uuid(VALIDATION_MESSAGES.invalid).optional(),
    status: z.enum(BATCH_STATUSES, { error: VALIDATION_MESSAGES.invalid }).optional(),
    archiveStatus: z.enum(ARCHIVE_STATUSES, { error: VALIDATION_MESSAGES.invalid }).optional(),
  })
  .strict();
export type BatchFilter = z.output<typeof batchFilterSchema>;

const isoOrNull = z.string().nullable();

/** A batch as the API answers it (SPEC §3 Batch fields plus progress). */
export const batchSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  /** SPEC "date" */
  createdAt: z.string(),
  typologyId: z.string(),
  typologyName: z.string(),
  typologyType: z.enum(TYPOLOGY_TYPES),
  valueCents: z.number().nullable(),
  status: z.enum(BATCH_STATUSES),
  archiveStatus: z.enum(ARCHIVE_STATUSES).nullable(),
  quantity: z.number(),
  orderReference: z.string().nullable(),
  lotNumber: z.string(),
  /** first and last progressive (null until the generation job allocated them) */
  progressiveFrom: z.number().nullable(),
  progressiveTo: z.number().nullable(),
  userName: z.string().nullable(),
  expireDate: isoOrNull,
  /** cards created so far (0…quantity) */
  generatedCount: z.number(),
  /** cards activated or deactivated so far by the running (or last) activation job */
  activationCount: z.number(),
  /** cards drawn on the PDF archive so far */
  archiveCount: z.number(),
  /** the batch's cards are active (last activation done, not deactivated since) */
  activated: z.boolean(),
  /** why the last job failed (an API error code or a short reason), when status/archiveStatus is ERROR… */
  errorMessage: z.string().nullable(),
  updatedAt: z.string(),
});
export type Batch = z.infer<typeof batchSchema>;

/** Progress of what the batch is doing now, 0–100 (for the progress bar), or null when idle. */
export function batchProgress(batch: Pick<Batch, 'status' | 'quantity' | 'generatedCount' | 'activationCount'>): number | null {
  const pct = (done: number) => Math.min(100, Math.floor((done * 100) / Math.max(1, batch.quantity)));
  if (batch.status === 'PENDING' || batch.status === 'IN_PROGRESS') return pct(batch.generatedCount);
  if (batch.status.startsWith('PENDING_') || batch.status.startsWith('IN_PROGRESS_')) return pct(batch.activationCount);
  return null;
}
export function archiveProgress(batch: Pick<Batch, 'archiveStatus' | 'quantity' | 'archiveCount'>): number | null {
  if (batch.archiveStatus !== 'PENDING' && batch.archiveStatus !== 'IN_PROGRESS') return null;
  return Math.min(100, Math.floor((batch.archiveCount * 100) / Math.max(1, batch.quantity)));
}
