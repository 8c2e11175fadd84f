import { z } from 'zod';
import { messageWith, VALIDATION_MESSAGES } from '../../../domain/messages';
import { AMOUNT_MESSAGES, readAmount, readWholeNumber } from '../../../domain/money';
import { isoDayOfInput } from '../../../domain/schemas/batch';
import { EXPIRATION_TYPES, MAX_EXPIRATION_MONTHS, MAX_TYPOLOGY_VALUE_CENTS, MIN_EXPIRATION_MONTHS, TYPOLOGY_TYPES, typologyFields } from '../../../domain/typology';

const REQUIRED = 'validation.required';
/** The API's rules (domain/typology.ts): the form refuses what the API refuses. */
const API = typologyFields.schema.shape;
/** The form's words for a rule the API calls invalid, its limits passed from the declaration's constants (issue 43). */
const RULE = {
  /** the characters an SKU takes */
  sku: 'batches.validation.sku',
  value: messageWith('batches.validation.typologyValue', { maxCents: MAX_TYPOLOGY_VALUE_CENTS }),
  months: messageWith('batches.validation.expirationMonths', { min: MIN_EXPIRATION_MONTHS, max: MAX_EXPIRATION_MONTHS }),
  date: 'batches.validation.expirationDate',
} as const;

export const TYPOLOGY_FORM_DEFAULTS = {
  name: '',
  type: 'PHYSICAL' as 'PHYSICAL' | 'DIGITAL',
  variableValue: false,
  value: '',
  sku: '',
  expirationType: 'MONTHS_FROM_ACTIVATION' as (typeof EXPIRATION_TYPES)[number],
  expirationMonths: '12',
  expirationDate: '',
};

/** The API's rule of a text field, its refusal "invalid" said in the form's words (`invalid`); its other messages (required, the length) are the API's. */
function apiTextRule(rule: z.ZodType<string>, invalid: string) {
  return z.string().transform((value, ctx) => {
    const result = rule.safeParse(value);
    if (result.success) return result.data;
    for (const { message } of result.error.issues) ctx.addIssue({ code: 'custom', message: message === VALIDATION_MESSAGES.invalid ? invalid : message });
    return z.NEVER;
  });
}

/**
 * SPEC §3 "Batch creation" as typed in the dialog (value in euros in the user's language, months
 * and day as text) → the body of POST typologies (domain/catalog.ts typologyCreateSchema), each
 * field with its own rule: a value unless the value is variable, months for the months-based
 * expirations, a day for a fixed date.
 */
export function typologyFormSchema(language: string) {
  return z
    .object({
      name: API.name,
      type: z.enum(TYPOLOGY_TYPES, { error: REQUIRED }),
      variableValue: z.boolean().default(false),
      value: z.string().trim(),
      sku: apiTextRule(API.sku, RULE.sku),
      expirationType: z.enum(EXPIRATION_TYPES, { error: REQUIRED }),
      expirationMonths: z.string().trim(),
      expirationDate: z.string().trim(),
    })
    .transform((form, ctx) => {
      const issue = (path: string, message: string) => {
        ctx.addIssue({ code: 'custom', path: [path], message });
        return z.NEVER;
      };
      let valueCents: number | null = null;
      if (!form.variableValue) {
        if (!form.value) return issue('value', REQUIRED);
        const reading = readAmount(form.value, language);
        if (reading.problem) return issue('value', AMOUNT_MESSAGES[reading.problem]);
        // the API's rule, said in the form's words
        if (!API.valueCents.safeParse(reading.cents).success) return issue('value', RULE.value);
        valueCents = reading.cents;
      }
      let expirationMonths: number | null = null;
      let expirationDate: string | null = null;
      if (form.expirationType === 'FIXED_DATE') {
        if (!form.expirationDate) return issue('expirationDate', REQUIRED);
        expirationDate = isoDayOfInput(form.expirationDate);
        if (!expirationDate) return issue('expirationDate', RULE.date);
      } else {
        if (!form.expirationMonths) return issue('expirationMonths', REQUIRED);
        const months = readWholeNumber(form.expirationMonths, language);
        if (months === null || !API.expirationMonths.safeParse(months).success) return issue('expirationMonths', RULE.months);
        expirationMonths = months;
      }
      return { name: form.name, type: form.type, variableValue: form.variableValue, valueCents, sku: form.sku, expirationType: form.expirationType, expirationMonths, expirationDate };
    });
}
