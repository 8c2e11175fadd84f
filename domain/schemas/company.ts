import { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY, MAX_UPLOAD_BYTES, PHONE_COUNTRY_DIGITS } from '../constants';
import { defineFields } from '../fields';
import { lengthRangeMessage, maxLengthMessage, messageWith } from '../messages';
import { textField } from '../text';

/**
 * Company, referent and operator rules of SPEC §5, shared by the SPA forms and the API.
 * Messages are i18n keys under `validation.`.
 */
/** The length of a company's texts (code, names, address) and of a store's category. */
export const COMPANY_TEXT_LENGTH = { min: 2, max: 40 } as const;
/** A VAT number: upper-case letters or digits, this many. */
export const VAT_NUMBER_LENGTH = { min: 5, max: 16 } as const;
/** A province code ("MI"). */
export const PROVINCE_LENGTH = 2;
/** An Italian postcode (CAP) has exactly this many digits. */
export const ZIP_DIGITS = 5;
/** The longest first or last name of a referent or an operator. */
export const PERSON_NAME_MAX = 40;
/** The shortest name of a referent, and of an operator. */
export const REFERENT_NAME_MIN = 2;
export const OPERATOR_NAME_MIN = 3;
/** A contact's phone: digits (and spaces), this many. */
export const CONTACT_PHONE_LENGTH = { min: 4, max: 20 } as const;
/** The zip rule's message, "exactly 5 digits" (the company's and the profile's Italian one). */
export const zipMessage = messageWith('validation.zip', { length: ZIP_DIGITS });
/** A phone's country prefix: + and 1 to 4 digits, the default one as its example. */
export const PHONE_COUNTRY_PATTERN = new RegExp(`^\\+\\d{${PHONE_COUNTRY_DIGITS.min},${PHONE_COUNTRY_DIGITS.max}}$`);
export const phoneCountryMessage = messageWith('validation.phoneCountry', { min: PHONE_COUNTRY_DIGITS.min, max: PHONE_COUNTRY_DIGITS.max, example: DEFAULT_PHONE_COUNTRY });

/**
 * 2 to 40 characters, one message stating the rule; then the text rule (domain/text.ts: one line,
 * no control or bidi character, NFC).
 */
const textLengthMessage = lengthRangeMessage(COMPANY_TEXT_LENGTH.min, COMPANY_TEXT_LENGTH.max);
export const text2to40 = z
  .string()
  .trim()
  .min(COMPANY_TEXT_LENGTH.min, textLengthMessage)
  .max(COMPANY_TEXT_LENGTH.max, textLengthMessage)
  .pipe(textField({ max: COMPANY_TEXT_LENGTH.max, min: 0 }));
/**
 * Letters (any alphabet), spaces, apostrophes and hyphens: no digits or other specials. In NFC
 * first, so a letter typed decomposed ("e" and a combining accent) is the one letter it shows.
 */
const personName = (min: number, key: string) => {
  const message = messageWith(key, { min, max: PERSON_NAME_MAX });
  return z.string().trim().normalize('NFC').min(min, message).max(PERSON_NAME_MAX, message).regex(/^[\p{L}][\p{L}' -]*$/u, message);
};
const vatNumberMessage = messageWith('validation.vatNumber', VAT_NUMBER_LENGTH);
const contactPhoneMessage = messageWith('validation.phone', CONTACT_PHONE_LENGTH);

export const companySchema = z
  .object({
    code: text2to40,
    businessName: text2to40,
    companyName: text2to40,
    vatNumber: z.string().trim().regex(new RegExp(`^[A-Z0-9]{${VAT_NUMBER_LENGTH.min},${VAT_NUMBER_LENGTH.max}}$`), vatNumberMessage),
    address: text2to40,
    city: text2to40,
    municipality: text2to40,
    province: z.string().trim().length(PROVINCE_LENGTH, messageWith('validation.province', { length: PROVINCE_LENGTH })),
    zip: z.string().trim().regex(new RegExp(`^\\d{${ZIP_DIGITS}}$`), zipMessage),
  })
  .strict();

export const referentSchema = z
  .object({
    firstName: personName(REFERENT_NAME_MIN, 'validation.personName'),
    lastName: personName(REFERENT_NAME_MIN, 'validation.personName'),
    phoneCountry: z.string().trim().regex(PHONE_COUNTRY_PATTERN, phoneCountryMessage),
    phone: z.string().trim().min(CONTACT_PHONE_LENGTH.min, contactPhoneMessage).max(CONTACT_PHONE_LENGTH.max, contactPhoneMessage).regex(/^[\d ]+$/, contactPhoneMessage),
    email: z.string().trim().min(1, 'validation.required').max(320, maxLengthMessage(320)).email('validation.email'),
  })
  .strict();
export type ReferentInput = z.infer<typeof referentSchema>;

export const operatorSchema = referentSchema.extend({
  firstName: personName(OPERATOR_NAME_MIN, 'validation.operatorName'),
  lastName: personName(OPERATOR_NAME_MIN, 'validation.operatorName'),
});
export type OperatorInput = z.infer<typeof operatorSchema>;

export const LOGO_TYPES = ['image/jpeg', 'image/png'] as const;
export const MAX_LOGO_BYTES = MAX_UPLOAD_BYTES;

const COMPANIES = 'privative-orders/companies';

/** The company form: the SPEC §5 company rules plus the parent (empty: the user's own company). */
export const companyFormSchema = companySchema.extend({ parentId: z.string() });

/** Company fields (domain/fields.ts); `group` is the step of the two-step form (SPEC §2). */
export const companyFields = defineFields(
  companyFormSchema,
  [
    { source: 'code', label: 'companies.fields.code', group: 'company', column: true, sortable: true },
    { source: 'companyName', label: 'companies.fields.companyName', group: 'company', column: true, sortable: true },
    { source: 'businessName', label: 'companies.fields.businessName', group: 'company', column: true, sortable: true },
    { source: 'vatNumber', label: 'companies.fields.vatNumber', group: 'company', column: true, maxLength: VAT_NUMBER_LENGTH.max },
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
    { source: 'phoneCountry', label: 'companies.contactFields.phoneCountry', defaultValue: DEFAULT_PHONE_COUNTRY, maxLength: PHONE_COUNTRY_DIGITS.max + 1 },
    { source: 'phone', label: 'companies.contactFields.phone', kind: 'phone' },
    { source: 'email', label: 'companies.contactFields.email', kind: 'email' },
  ]);

/** The referent form and the referent block of the company page. */
export const referentFields = contactFields(referentSchema);
