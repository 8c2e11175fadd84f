import { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY, LANGUAGES, PHONE_COUNTRY_DIGITS } from '../constants';
import { defineFields, recordSchemaOf, type FieldSet } from '../fields';
import { maxItemsMessage, maxLengthMessage, messageWith } from '../messages';
import { PERMISSION_KEYS } from '../permissions';
import { USER_ROLES } from '../roles';
import { USER_ACTIONS } from '../users';
import { textField } from '../text';
import { USER_STATUSES } from './auth';
import { operatorSchema, phoneCountryMessage, referentSchema } from './company';

/**
 * User management and the profile (issue 20, SPEC §2 /users and /profile, §3 user and profile,
 * §5 user form and profile). Rules of who may grant what: domain/users.ts.
 *
 * Routes (Bearer; users routes need the access entry `users` (management flag) and {companyId}
 * in the caller's scope, else 403 FORBIDDEN / 404):
 *   GET    /api/company/{companyId}/users                      list of the subtree (filter q, status, role, companyId; sort; range)
 *   POST   /api/company/{companyId}/users                      create a pending user, e-mails the activation link → 201
 *   GET    /api/company/{companyId}/users/grantable            { permissions: the keys the caller may grant, roles }
 *   GET    /api/company/{companyId}/users/{id}                 one user (404 outside the subtree)
 *   PUT    /api/company/{companyId}/users/{id}                 data, role, permissions; a new e-mail goes pending
 *   POST   /api/company/{companyId}/users/{id}/disable         sessions end at once
 *   POST   /api/company/{companyId}/users/{id}/enable
 *   POST   /api/company/{companyId}/users/{id}/resend-activation
 * Refusals: 403 PERMISSION_NOT_GRANTABLE (body field `notGrantable`, params.permissions), 403
 * USER_OUT_OF_SCOPE (edit, disable, enable, resend-activation of a user holding a flag the caller
 * lacks; body field `outOfScope`, params.permissions), 403 OWN_PERMISSIONS, 403
 * ROLE_NOT_GRANTABLE, 409 LAST_USER_MANAGER, 409 USER_STATE_INVALID, 409 EMAIL_EXISTS.
 * Profile (any signed-in user, no flag):
 *   GET    /api/user/configuration                             now with the profile fields
 *   PUT    /api/user/profile                                   own data; a new e-mail goes pending
 *   PUT    /api/user/language                                  { language }: the language of later e-mails
 *   POST   /api/user/confirm-email                             public { token }: the pending e-mail becomes the e-mail
 */

/** SPEC §5 user form and §9: a user's phone has exactly this many digits. */
export const USER_PHONE_DIGITS = 10;
/** SPEC §5 user form: phone of 10 digits. */
const userPhoneMessage = messageWith('validation.userPhone', { digits: USER_PHONE_DIGITS });

/**
 * A user's phone is optional (issue 43): SPEC §3 lists phone and phone country among the user's
 * fields and §5 asks only that a phone given has 10 digits; it requires a phone of referents and
 * operators of a company's contact, not of every account. So a user has both or neither: an empty
 * phone stores neither (a prefix alone, the form's default +39, is not a phone), and a phone needs
 * its prefix (`phonePairIssue`). Empty and null are the same: null, as the demo users are stored.
 */
/** A prefix's whole length: the "+" and its digits. */
const PHONE_COUNTRY_MAX_LENGTH = PHONE_COUNTRY_DIGITS.max + 1;
const emptyIsNull = (value: string | null | undefined) => (value === '' || value == null ? null : value);
export const optionalUserPhoneSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^(\\d{${USER_PHONE_DIGITS}})?$`), userPhoneMessage)
  .nullable()
  .optional()
  .transform(emptyIsNull);
export const optionalPhoneCountrySchema = z
  .string()
  .trim()
  .regex(new RegExp(`^(\\+\\d{${PHONE_COUNTRY_DIGITS.min},${PHONE_COUNTRY_DIGITS.max}})?$`), phoneCountryMessage)
  .max(PHONE_COUNTRY_MAX_LENGTH, maxLengthMessage(PHONE_COUNTRY_MAX_LENGTH))
  .nullable()
  .optional()
  .transform(emptyIsNull);

/**
 * Both or neither: a phone without its country prefix is refused on the prefix. The check runs when
 * phone and prefix are each valid, whatever the other fields (so the form says it at once).
 */
const phonePairOk = (value: { phone?: unknown; phoneCountry?: unknown }) => !(value?.phone != null && value.phoneCountry == null);
const phonePairParams = {
  path: ['phoneCountry'],
  message: phoneCountryMessage,
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' && payload.value !== null && !payload.issues.some((issue) => !issue.path?.length || issue.path[0] === 'phone' || issue.path[0] === 'phoneCountry'),
};
/** The stored pair: neither when there is no phone. */
export const phonePair = <T extends { phone?: string | null; phoneCountry?: string | null }>(value: T) => ({ phone: value.phone ?? null, phoneCountry: value.phone ? (value.phoneCountry ?? null) : null });

/** The limits a user's data states up front (helper texts), read off the rules. */
export const USER_NAME_LENGTH = { min: operatorSchema.shape.firstName.minLength ?? 0, max: operatorSchema.shape.firstName.maxLength ?? 0 };
export const permissionKeySchema = z.enum(PERMISSION_KEYS);
const permissionListSchema = z
  .array(permissionKeySchema)
  .max(PERMISSION_KEYS.length, maxItemsMessage(PERMISSION_KEYS.length))
  .refine((keys) => new Set(keys).size === keys.length, 'validation.invalid');

/** The user's data (names like the operator's: 3 to 40 letters; SPEC §5 phone and e-mail). */
export const userDataSchema = z
  .object({
    firstName: operatorSchema.shape.firstName,
    lastName: operatorSchema.shape.lastName,
    email: operatorSchema.shape.email,
    phoneCountry: optionalPhoneCountrySchema,
    phone: optionalUserPhoneSchema,
  })
  .strict();

const userUpdateShape = userDataSchema.extend({ role: z.enum(USER_ROLES, 'validation.required'), permissions: permissionListSchema }).strict();
export const userUpdateSchema = userUpdateShape.refine(phonePairOk, phonePairParams);
export type UserUpdateBody = z.infer<typeof userUpdateSchema>;

/** A new user: a company of the caller's subtree (empty: the route's). */
export const userCreateSchema = userUpdateShape.extend({ companyId: z.string().max(64, maxLengthMessage(64)).optional() }).strict().refine(phonePairOk, phonePairParams);
export type UserCreateBody = z.infer<typeof userCreateSchema>;

export const grantableSchema = z.object({ permissions: z.array(permissionKeySchema), roles: z.array(z.enum(USER_ROLES)) });
export type Grantable = z.infer<typeof grantableSchema>;

// SPEC §4 badge colours: active green; pending and disabled yellow
const STATUS_TONES = { ACTIVE: 'green', PENDING_ACTIVATION: 'yellow', DISABLED: 'yellow' } as const;

/**
 * The list's filters and columns, the detail's fields and the form's: data, the company (chosen at
 * creation; empty: the route's), the role and the permissions (the detail's checklist replaces
 * that input). The create and update bodies are the form's values.
 */
const userFieldsSchema = userDataSchema.extend({ companyId: z.string(), role: z.enum(USER_ROLES, 'validation.required'), permissions: permissionListSchema });
/** "+ and the country code, e.g. +39": the default prefix as the example. */
const phoneCountryHint = messageWith('users.hints.phoneCountry', { example: DEFAULT_PHONE_COUNTRY });
const declaredUserFields = defineFields(
  userFieldsSchema,
  [
    { source: 'firstName', label: 'users.fields.firstName', column: true, sortable: true, group: 'data', helper: messageWith('users.hints.name', USER_NAME_LENGTH) },
    { source: 'lastName', label: 'users.fields.lastName', column: true, sortable: true, group: 'data', helper: messageWith('users.hints.name', USER_NAME_LENGTH) },
    { source: 'email', label: 'users.fields.email', kind: 'email', column: true, sortable: true, group: 'data' },
    { source: 'phoneCountry', label: 'users.fields.phoneCountry', defaultValue: DEFAULT_PHONE_COUNTRY, maxLength: PHONE_COUNTRY_MAX_LENGTH, group: 'data', helper: phoneCountryHint },
    { source: 'phone', label: 'users.fields.phone', kind: 'phone', column: true, maxLength: USER_PHONE_DIGITS, group: 'data', helper: messageWith('users.hints.phone', { digits: USER_PHONE_DIGITS }) },
    // chosen when the user is created; a user does not move between companies
    { source: 'companyId', label: 'users.fields.company', kind: 'reference', reference: { resource: 'privative-orders/companies', optionText: 'companyName' }, readOnly: true, show: false, filter: true, group: 'data' },
    { source: 'companyName', label: 'users.fields.company', input: false, column: true, sortable: true },
    { source: 'role', label: 'users.fields.role', kind: 'select', choices: USER_ROLES.map((id) => ({ id, name: `users.roles.${id}` })), column: true, sortable: true, filter: true, group: 'rights' },
    { source: 'permissions', label: 'users.fields.permissions', show: false, group: 'rights' },
    {
      source: 'status',
      label: 'users.fields.status',
      input: false,
      kind: 'select',
      choices: USER_STATUSES.map((id) => ({ id, name: `users.status.${id}`, tone: STATUS_TONES[id] })),
      column: true,
      sortable: true,
      filter: true,
    },
    { source: 'pendingEmail', label: 'users.fields.pendingEmail', input: false },
    { source: 'lastSignInAt', label: 'users.fields.lastSignInAt', input: false, kind: 'datetime' },
    { source: 'createdAt', label: 'users.fields.createdAt', input: false, kind: 'datetime' },
  ],
  { resource: 'users', primary: 'lastName', secondary: ['email', 'companyName'], sorts: ['createdAt'], sort: { field: 'lastName', order: 'ASC' }, texts: 'users' },
);
/** The declaration, its form also held to the phone pair (a phone needs its prefix). */
export const userFields: FieldSet = { ...declaredUserFields, formSchema: declaredUserFields.formSchema.refine(phonePairOk, phonePairParams) };

/**
 * A user as the API answers it: the declared fields (userFields; a user's phone may be missing),
 * the flags as their keys, its id, state, company name, language and times, and what the caller
 * may do with the user.
 */
const declaredUser = recordSchemaOf(declaredUserFields, {}).shape;
export const userRecordSchema = z.object({
  id: z.string(),
  ...declaredUser,
  permissions: z.array(permissionKeySchema),
  /** an e-mail waiting for its confirmation link (the account signs in with `email` until then) */
  pendingEmail: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  companyName: z.string(),
  language: z.string(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** what the caller may do with this user (domain/users.ts userActionsFor) */
  actions: z.array(z.enum(USER_ACTIONS)),
  /**
   * the flags this user holds and the caller does not (domain/users.ts outOfScopeKeys): when any,
   * the caller may read the user but not manage them, and the screen says why
   */
  outOfScope: z.array(permissionKeySchema),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** An optional text of the profile (the text rule, one line): empty is null. */
const optionalText = (max: number) =>
  textField({ max, min: 0 })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/**
 * The postcode of the profile (issue 43). SPEC §3 lists a zip among the profile's fields and fixes
 * "zip exactly 5 digits" for a company (an Italian one, with its province); for the profile it
 * fixes no rule, and its country is free text. So the rule follows the country: an Italian address
 * (country empty or Italy) has a CAP of exactly `italyDigits` digits; another country's postcode
 * is up to `max` letters, digits, spaces or hyphens. The helper text states both up front.
 */
export const PROFILE_ZIP = { italyDigits: 5, max: 10 } as const;
/** Italy as a user may write it (any case, in the five languages, or its ISO codes). */
const ITALY_NAMES = new Set(['it', 'ita', 'italia', 'italy', 'italie', 'italien']);
export const isItalianCountry = (country: string | null | undefined) => !country?.trim() || ITALY_NAMES.has(country.trim().toLowerCase());
const italianZipOk = (value: { zip?: unknown; country?: unknown }) =>
  typeof value?.zip !== 'string' || !isItalianCountry(typeof value.country === 'string' ? value.country : null) || new RegExp(`^\\d{${PROFILE_ZIP.italyDigits}}$`).test(value.zip);
const italianZipParams = {
  path: ['zip'],
  message: messageWith('validation.zipItaly', { digits: PROFILE_ZIP.italyDigits }),
  when: (payload: z.core.ParsePayload) => typeof payload.value === 'object' && payload.value !== null && !payload.issues.some((issue) => !issue.path?.length || issue.path[0] === 'zip' || issue.path[0] === 'country'),
};
/** The limits the profile states up front (helper texts), read off its rules. */
export const PROFILE_NAME_LENGTH = { min: referentSchema.shape.firstName.minLength ?? 0, max: referentSchema.shape.firstName.maxLength ?? 0 };
export const PROFILE_TEXT_MAX = { address: 80, city: 40, state: 40, country: 40 } as const;

/**
 * SPEC §3 profile, §5 profile messages: names like a referent's, a valid e-mail; the phone is the
 * user's own rule (optional, prefix and number both or neither: `phonePairOk`, issue 43; the demo
 * users have none); the address optional, its postcode by its country (`PROFILE_ZIP`).
 */
const profileShape = z
  .object({
    firstName: referentSchema.shape.firstName,
    lastName: referentSchema.shape.lastName,
    email: referentSchema.shape.email,
    phoneCountry: optionalPhoneCountrySchema,
    phone: optionalUserPhoneSchema,
    address: optionalText(PROFILE_TEXT_MAX.address),
    city: optionalText(PROFILE_TEXT_MAX.city),
    state: optionalText(PROFILE_TEXT_MAX.state),
    zip: z
      .string()
      .trim()
      .max(PROFILE_ZIP.max, messageWith('validation.zipAbroad', { max: PROFILE_ZIP.max }))
      .regex(/^[\p{L}\d -]*$/u, messageWith('validation.zipAbroad', { max: PROFILE_ZIP.max }))
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    country: optionalText(PROFILE_TEXT_MAX.country),
  })
  .strict();
export const profileSchema = profileShape.refine(phonePairOk, phonePairParams).refine(italianZipOk, italianZipParams);
export type ProfileBody = z.input<typeof profileSchema>;

export const languageSchema = z.object({ language: z.enum(LANGUAGES, 'validation.invalid') }).strict();
export const confirmEmailSchema = z.object({ token: z.string().min(1, 'validation.required').max(512, maxLengthMessage(512)) }).strict();

/** The profile form's fields (personal information tab), each stating its limit up front (issue 43). */
const declaredProfileFields = defineFields(profileShape, [
  { source: 'firstName', label: 'profile.fields.firstName', helper: messageWith('profile.hints.name', PROFILE_NAME_LENGTH) },
  { source: 'lastName', label: 'profile.fields.lastName', helper: messageWith('profile.hints.name', PROFILE_NAME_LENGTH) },
  { source: 'email', label: 'profile.fields.email', kind: 'email' },
  { source: 'phoneCountry', label: 'profile.fields.phoneCountry', defaultValue: DEFAULT_PHONE_COUNTRY, maxLength: PHONE_COUNTRY_MAX_LENGTH, helper: phoneCountryHint },
  { source: 'phone', label: 'profile.fields.phone', kind: 'phone', maxLength: USER_PHONE_DIGITS, helper: messageWith('users.hints.phone', { digits: USER_PHONE_DIGITS }) },
  { source: 'address', label: 'profile.fields.address', helper: maxLengthMessage(PROFILE_TEXT_MAX.address) },
  { source: 'city', label: 'profile.fields.city', helper: maxLengthMessage(PROFILE_TEXT_MAX.city) },
  { source: 'state', label: 'profile.fields.state', helper: maxLengthMessage(PROFILE_TEXT_MAX.state) },
  { source: 'zip', label: 'profile.fields.zip', maxLength: PROFILE_ZIP.max, helper: messageWith('profile.hints.zip', { max: PROFILE_ZIP.max, digits: PROFILE_ZIP.italyDigits }) },
  { source: 'country', label: 'profile.fields.country', helper: maxLengthMessage(PROFILE_TEXT_MAX.country) },
]);
/** The declaration, its form held to the same pair and postcode rules as the body. */
export const profileFields: FieldSet = { ...declaredProfileFields, formSchema: declaredProfileFields.formSchema.refine(phonePairOk, phonePairParams).refine(italianZipOk, italianZipParams) };
