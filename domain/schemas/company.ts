import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../constants';
import { defineFields } from '../fields';
import { maxLengthMessage } from '../messages';
import { textField } from '../text';

/**
 * Company, referent and operator rules of SPEC §5, shared by the SPA forms and the API.
 * Messages are i18n keys under `validation.`.
 */
/**
 * 2 to 40 characters, one message stating the rule; then the text rule (domain/text.ts: one line,
 * no control or bidi character, NFC).
 */
export const text2to40 = z.string().trim().min(2, 'validation.length2to40').max(40, 'validation.length2to40').pipe(textField({ max: 40, min: 0 }));
/**
 * Letters (any alphabet), spaces, apostrophes and hyphens: no digits or other specials. In NFC
 * first, so a letter typed decomposed ("e" and a combining accent) is the one letter it shows.
 */
const personName = (min: number, key: string) =>
  z.string().trim().normalize('NFC').min(min, key).max(40, key).regex(/^[\p{L}][\p{L}' -]*$/u, key);

export const companySchema = z
  .object({
    code: text2to40,
    businessName: text2to40,
    companyName: text2to40,
    vatNumber: z.string().trim().regex(/^[A-Z0-9]{5,16}$/, 'validation.vatNumber'),
    address: text2to40,
    city: text2to40,
    municipality: text2to40,
    province: z.string().trim().length(2, 'validation.province'),
    zip: z.string().trim().regex(/^\d{5}$/, 'validation.zip'),
  })
  .strict();
export type CompanyInput = z.infer<typeof companySchema>;

export const referentSchema = z
  .object({
    firstName: personName(2, 'validation.personName'),
    lastName: personName(2, 'validation.personName'),
    phoneCountry: z.string().trim().regex(/^\+\d{1,4}$/, 'validation.phoneCountry'),
    phone: z.string().trim().min(4, 'validation.phone').max(20, 'validation.phone').regex(/^[\d ]+$/, 'validation.phone'),
    email: z.string().trim().min(1, 'validation.required').max(320, maxLengthMessage(320)).email('validation.email'),
  })
  .strict();
export type ReferentInput = z.infer<typeof referentSchema>;

export const operatorSchema = referentSchema.extend({
  firstName: personName(3, 'validation.operatorName'),
  lastName: personName(3, 'validation.operatorName'),
});
export type OperatorInput = z.infer<typeof operatorSchema>;

export const LOGO_TYPES = ['image/jpeg', 'image/png'] as const;
export const MAX_LOGO_BYTES = MAX_UPLOAD_BYTES;

const COMPANIES = 'privative-orders/companies';

/** The company form: the SPEC §5 company rules plus the parent (empty: the user's own company). */
export const companyFormSchema = companySchema.extend({ parentId: z.string() });
export type CompanyFormValues = z.infer<typeof companyFormSchema>;

/** Company fields (domain/fields.ts); `group` is the step of the two-step form (SPEC §2). */
export const companyFields = defineFields(
  companyFormSchema,
  [
    { source: 'code', label: 'companies.fields.code', group: 'company', column: true, sortable: true },
    { source: 'companyName', label: 'companies.fields.companyName', group: 'company', column: true, sortable: true },
    { source: 'businessName', label: 'companies.fields.businessName', group: 'company', column: true, sortable: true },
    { source: 'vatNumber', label: 'companies.fields.vatNumber', group: 'company', column: true, maxLength: 16 },
    { source: 'parentId', label: 'companies.fields.parent', group: 'company', kind: 'reference', reference: { resource: COMPANIES, optionText: 'companyName' }, show: false, filter: true },
    { source: 'parentName', label: 'companies.fields.parent', input: false, column: true },
    { source: 'address', label: 'companies.fields.address', group: 'address' },
    { source: 'city', label: 'companies.fields.city', group: 'address', column: true, sortable: true },
    { source: 'municipality', label: 'companies.fields.municipality', group: 'address' },
    { source: 'province', label: 'companies.fields.province', group: 'address', maxLength: 2 },
    { source: 'zip', label: 'companies.fields.zip', group: 'address', maxLength: 5 },
  ],
  { resource: COMPANIES, primary: 'companyName', secondary: ['code', 'city'], sorts: ['createdAt'], sort: { field: 'companyName', order: 'ASC' }, texts: 'companies.list' },
);

/** The two steps of the company form, in order. */
export const COMPANY_FORM_STEPS = ['company', 'address'] as const;

const contactFields = (schema: typeof referentSchema) =>
  defineFields(schema, [
    { source: 'firstName', label: 'companies.contactFields.firstName' },
    { source: 'lastName', label: 'companies.contactFields.lastName' },
    { source: 'phoneCountry', label: 'companies.contactFields.phoneCountry', defaultValue: '+39', maxLength: 5 },
    { source: 'phone', label: 'companies.contactFields.phone', kind: 'phone' },
    { source: 'email', label: 'companies.contactFields.email', kind: 'email' },
  ]);

/** The referent form and the referent block of the company page. */
export const referentFields = contactFields(referentSchema);
