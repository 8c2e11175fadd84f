import { z } from 'zod';
import { defineFields, recordSchemaOf } from './fields';
import { amountMaxMessage, maxLengthMessage, numberRangeMessage, VALIDATION_MESSAGES } from './messages';
import { textField } from './text';

/**
 * The catalog typology (SPEC §3 "Batch creation"): its rules and its fields, declared once. The
 * API's bodies (domain/catalog.ts typologyCreateSchema, typologyUpdateSchema: these rules and the
 * value / expiry checks between fields), its record (`typologySchema`) and the repository's
 * columns, values, sorts and filters (server/modules/giftcards/typologies.repository.ts) read them.
 * The creation dialog is its own form (src/resources/batches/typologyForm.ts: the value and the
 * expiry depend on each other), over the same rules. Nothing here imports catalog.ts or
 * giftcards.ts: both read this file — which is why it stands beside them and not in schemas/,
 * whose declarations build on catalog.ts and giftcards.ts (imports run one way).
 */

export const TYPOLOGY_TYPES = ['DIGITAL', 'PHYSICAL'] as const;
export type TypologyType = (typeof TYPOLOGY_TYPES)[number];
export const EXPIRATION_TYPES = ['MONTHS_FROM_ACTIVATION', 'MONTHS_FROM_FIRST_USE', 'FIXED_DATE'] as const;
export type ExpirationType = (typeof EXPIRATION_TYPES)[number];

export const TYPOLOGY_NAME_MAX = 80;
export const SKU_MAX = 40;
/** The characters an SKU takes. */
export const SKU_PATTERN = /^[A-Za-z0-9._-]+$/;
/** A typology's face value: up to 10,000.00 EUR. */
export const MAX_TYPOLOGY_VALUE_CENTS = 1_000_000;
/** Months of a months-based expiry: 1 to 120. */
export const MIN_EXPIRATION_MONTHS = 1;
export const MAX_EXPIRATION_MONTHS = 120;

const requiredOr = (key: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? VALIDATION_MESSAGES.required : key) });
const monthsRule = numberRangeMessage(MIN_EXPIRATION_MONTHS, MAX_EXPIRATION_MONTHS);
const months = z.number(requiredOr(monthsRule)).int(monthsRule).min(MIN_EXPIRATION_MONTHS, monthsRule).max(MAX_EXPIRATION_MONTHS, monthsRule);

/**
 * SPEC §3 "Batch creation" fields: name, type, value, expiration type, expiration months,
 * variable value, SKU. Whether a value, months or a day is required depends on the other fields
 * (domain/catalog.ts checkTypology).
 */
const typologyRules = z
  .object({
    name: textField({ max: TYPOLOGY_NAME_MAX }),
    type: z.enum(TYPOLOGY_TYPES, requiredOr(VALIDATION_MESSAGES.invalid)),
    valueCents: z.number(requiredOr(VALIDATION_MESSAGES.amount)).int(VALIDATION_MESSAGES.amount).positive(VALIDATION_MESSAGES.amount).max(MAX_TYPOLOGY_VALUE_CENTS, amountMaxMessage(MAX_TYPOLOGY_VALUE_CENTS)).nullable().optional(),
    variableValue: z.boolean(requiredOr(VALIDATION_MESSAGES.invalid)).default(false),
    sku: z
      .string(requiredOr(VALIDATION_MESSAGES.invalid))
      .trim()
      .min(1, VALIDATION_MESSAGES.required)
      .max(SKU_MAX, maxLengthMessage(SKU_MAX))
      .regex(SKU_PATTERN, VALIDATION_MESSAGES.invalid),
    expirationType: z.enum(EXPIRATION_TYPES, requiredOr(VALIDATION_MESSAGES.invalid)),
    expirationMonths: months.nullable().optional(),
    expirationDate: z.iso.date(requiredOr(VALIDATION_MESSAGES.invalid)).nullable().optional(),
  })
  .strict();

/** The typology's fields (domain/fields.ts); a new field is a rule above and one line here. */
export const typologyFields = defineFields(
  typologyRules,
  [
    { source: 'name', label: 'batches.typology.name', column: true, sortable: true },
    { source: 'type', label: 'batches.typology.type', kind: 'select', choices: TYPOLOGY_TYPES.map((id) => ({ id, name: `batches.typologyDialog.types.${id}` })), column: true, filter: true },
    { source: 'valueCents', label: 'batches.typology.value', kind: 'money', column: true },
    { source: 'variableValue', label: 'batches.typology.variableValue', kind: 'boolean', filter: true },
    { source: 'sku', label: 'batches.typology.sku', column: true, sortable: true },
    { source: 'expirationType', label: 'batches.typology.expirationType', kind: 'select', choices: EXPIRATION_TYPES.map((id) => ({ id, name: `batches.typology.expirationTypes.${id}` })) },
    { source: 'expirationMonths', label: 'batches.typology.expirationMonths', kind: 'number' },
    { source: 'expirationDate', label: 'batches.typology.expirationDate', kind: 'date' },
  ],
  { resource: 'privative/typologies', primary: 'name', sorts: ['createdAt'], sort: { field: 'name', order: 'ASC' } },
);

// the answer states its choices (OpenAPI enums), which a declared select's plain text would not
const declaredTypology = recordSchemaOf(typologyFields, { type: z.enum(TYPOLOGY_TYPES), expirationType: z.enum(EXPIRATION_TYPES) }).shape;

/** A typology as the API answers it: the id, the owner company (null: the provider's catalog) and the declared fields. */
export const typologySchema = z.object({ id: z.string(), companyId: z.string().nullable(), ...declaredTypology });
export type Typology = z.infer<typeof typologySchema>;
