import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { permissionsSchema } from '../permissions';
import { maxLengthMessage, messageWith } from '../messages';
import { isStrongPassword } from '../password';
import { USER_STATUSES, type UserStatus } from '../users';

/**
 * Payloads of SPEC §3/§7, shared by the SPA forms and the API routes. Messages are i18n keys
 * (under the `validation` group of locales/<lang>/translation.json).
 */
export const V = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  usernameError: 'validation.usernameError',
  passwordError: 'validation.passwordError',
  passwordLengthError: messageWith('validation.passwordLengthError', { max: PASSWORD_MAX_LENGTH }),
  emailError: 'validation.emailError',
  passwordMinLength: messageWith('validation.passwordMinLength', { min: PASSWORD_MIN_LENGTH }),
  passwordWeak: 'validation.passwordWeak',
  passwordsDiffer: 'validation.passwordsDiffer',
} as const;

/** Login form (SPEC §5): username ≥ 1 (usernameError); password 1..255. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, V.usernameError),
  password: z.string().min(1, V.passwordError).max(PASSWORD_MAX_LENGTH, V.passwordLengthError),
});

export interface SignInResponse {
  idToken: string;
  email: string;
  localId: string;
  refreshToken: string;
  expiresIn: string;
  registered: boolean;
}

/** The longest token a client may send: an identity provider's ID token (a JWT) or a refresh token. */
export const TOKEN_MAX = 8192;
export const tokenExchangeSchema = z.object({ fireBaseToken: z.string().min(1, V.required).max(TOKEN_MAX, maxLengthMessage(TOKEN_MAX)) }).strict();
export const sessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  companyId: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const refreshSchema = z
  .object({ refresh_token: z.string().min(1, V.required).max(TOKEN_MAX, maxLengthMessage(TOKEN_MAX)), grant_type: z.literal('refresh_token') })
  .strict();
export const refreshResponseSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });

/** Forgot request (SPEC §5): e-mail ≥ 1 character, no format check. */
export const forgotPasswordSchema = z.object({ email: z.string().trim().min(1, V.emailError).max(320, maxLengthMessage(320)) }).strict();

/** A new password (reset, activation): 12..255 and all meter criteria. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, V.passwordMinLength)
  .max(PASSWORD_MAX_LENGTH, V.passwordLengthError)
  .refine(isStrongPassword, V.passwordWeak);

export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, token: z.string().min(1, V.required).max(512, maxLengthMessage(512)) })
  .strict();
export const activateAccountSchema = resetPasswordSchema;

/** Change password (SPEC §5): current and new 1..255; the new one must also pass the meter. */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, V.required).max(PASSWORD_MAX_LENGTH, V.passwordLengthError),
    newPassword: newPasswordSchema,
  })
  .strict();

// the account's states are user management's (domain/users.ts); the payloads below name them
export { USER_STATUSES, type UserStatus };

/** `GET /api/user/configuration`: the signed-in user's profile, company and permissions. */
export const userConfigurationSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    phoneCountry: z.string().nullable(),
    role: z.string(),
    language: z.string(),
    status: z.enum(USER_STATUSES),
    // SPEC §3 profile (issue 20): the postal address, and an e-mail change waiting for its link
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    country: z.string().nullable(),
    pendingEmail: z.string().nullable(),
    /** the user is their company's referent (the access table's referent entries: the audit trail) */
    isReferent: z.boolean(),
  }),
  company: z.object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    isProvider: z.boolean(),
  }),
  permissions: permissionsSchema,
});
export type UserConfiguration = z.infer<typeof userConfigurationSchema>;
