import { z } from 'zod';
import { ARCHIVE_STATUS_CHOICES, BATCH_ORDER_REFERENCE_MAX, BATCH_STATUS_CHOICES, batchCreateSchema, LOT_NUMBER_MAX, LOT_NUMBER_PATTERN, MAX_BATCH_QUANTITY, MIN_BATCH_QUANTITY } from '../catalog';
import { TYPED_DAY } from '../dates';
import { defineFields } from '../fields';
import { maxLengthMessage, messageWith } from '../messages';
import { isTodayOrLater } from '../orders';

/**
 * The batch screens' fields (SPEC §3 Batch) and the generate-batch form. The API checks the body
 * with domain/catalog.ts `batchCreateSchema`; this form states each rule in its own words
 * (issue 8: "at most 100,000 cards", not "invalid") and hands the API the same body.
 */
export { BATCH_ORDER_REFERENCE_MAX, MIN_BATCH_QUANTITY };

/**
 * Messages of the form: the whole rule of each field (locales <lang>/batches.json), each limit
 * passed from its constant (issue 43: no number typed in a text).
 */
export const BATCH_RULES = {
  /** the characters a lot number takes (its length has the generic maxLength message) */
  lotNumber: 'batches.validation.lotNumber',
  lotNumberTaken: 'batches.validation.lotNumberTaken',
  typologyId: 'batches.validation.typology',
  quantity: messageWith('batches.validation.quantity', { min: MIN_BATCH_QUANTITY, max: MAX_BATCH_QUANTITY }),
  expireDate: 'batches.validation.expireDate',
  orderReference: maxLengthMessage(BATCH_ORDER_REFERENCE_MAX),
} as const;

const REQUIRED = 'validation.required';

/** "31/12/2027" (or an ISO day) → "2027-12-31"; null when it is not a real day. */
export function isoDayOfInput(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const match = TYPED_DAY.exec(text);
  const [year, month, day] = iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : match ? [Number(match[3]), Number(match[2]), Number(match[1])] : [NaN, NaN, NaN];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The form's values are what the inputs hold: texts, and the quantity as its input read it in the
 * user's language (domain/money.ts `readWholeNumber`; the text itself when it reads as none). The
 * output is the API's body; each rule is the API's (domain/catalog.ts), said in the form's words.
 */
export const batchFormSchema = z
  .object({
    lotNumber: z
      .string()
      .trim()
      .min(1, REQUIRED)
      .max(LOT_NUMBER_MAX, maxLengthMessage(LOT_NUMBER_MAX))
      .regex(LOT_NUMBER_PATTERN, BATCH_RULES.lotNumber),
    typologyId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED),
    quantity: z.union([z.number(), z.string()]).transform((value, ctx) => {
      if (typeof value === 'number' && batchCreateSchema.shape.quantity.safeParse(value).success) return value;
      ctx.addIssue({ code: 'custom', message: value === '' ? REQUIRED : BATCH_RULES.quantity });
      return z.NEVER;
    }),
    expireDate: z
      .string()
      .trim()
      .transform((text, ctx) => {
        if (!text) return null;
        const day = isoDayOfInput(text);
        // the API's today is the UTC day (domain/orders.ts `isTodayOrLater`), not the browser's
        if (!day || !isTodayOrLater(day, new Date())) {
          ctx.addIssue({ code: 'custom', message: BATCH_RULES.expireDate });
          return z.NEVER;
        }
        return day;
      }),
    orderReference: z
      .string()
      .trim()
      .max(BATCH_ORDER_REFERENCE_MAX, BATCH_RULES.orderReference)
      .transform((text) => text || null),
  })
  .strict();
export type BatchFormBody = z.output<typeof batchFormSchema>;

/** The API's generic field keys on a refused body, read as this form's own rule. */
export function batchFieldErrorKey(field: string, key: string): string {
  if (field === 'lotNumber' && key === 'validation.duplicateCode') return BATCH_RULES.lotNumberTaken;
  if (key !== 'validation.invalid') return key;
  return (BATCH_RULES as Record<string, string>)[field === 'typologyId' ? 'typologyId' : field] ?? key;
}

/** SPEC §3 Batch fields as the list, the filters and the detail show them. */
export const batchFields = defineFields(
  batchFormSchema,
  [
    { source: 'createdAt', label: 'batches.fields.createdAt', kind: 'datetime', input: false, column: true, sortable: true },
    { source: 'lotNumber', label: 'batches.fields.lotNumber', column: true, sortable: true, filter: true, maxLength: LOT_NUMBER_MAX },
    {
      source: 'typologyId',
      label: 'batches.fields.typology',
      kind: 'reference',
      reference: { resource: 'privative/typologies', optionText: 'name' },
      filter: true,
      show: false,
    },
    { source: 'typologyName', label: 'batches.fields.typology', input: false, column: true },
    { source: 'status', label: 'batches.fields.status', input: false, kind: 'select', choices: BATCH_STATUS_CHOICES, column: true, filter: true },
    { source: 'archiveStatus', label: 'batches.fields.archiveStatus', input: false, kind: 'select', choices: ARCHIVE_STATUS_CHOICES, column: true, filter: true },
    {
      source: 'quantity',
      label: 'batches.fields.quantity',
      kind: 'number',
      column: true,
      sortable: true,
      helper: messageWith('batches.form.quantityHelp', { min: MIN_BATCH_QUANTITY, max: MAX_BATCH_QUANTITY, smart_count: MAX_BATCH_QUANTITY }),
    },
    { source: 'orderReference', label: 'batches.fields.orderReference', column: true, maxLength: BATCH_ORDER_REFERENCE_MAX },
    { source: 'progressiveFrom', label: 'batches.fields.progressiveFrom', input: false, column: true },
    { source: 'progressiveTo', label: 'batches.fields.progressiveTo', input: false, column: true },
    { source: 'userName', label: 'batches.fields.userName', input: false, column: true },
    { source: 'expireDate', label: 'batches.fields.expireDate', kind: 'date', column: true, sortable: true },
  ],
  { resource: 'privative/batches', primary: 'lotNumber', secondary: ['typologyName', 'status'], sort: { field: 'createdAt', order: 'DESC' }, texts: 'batches.list' },
);
