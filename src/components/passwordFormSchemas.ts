import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../../domain/constants';
import { V, newPasswordSchema } from '../../domain/schemas/auth';

/** A new password and its confirmation (reset, activation). */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, V.required) })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: V.passwordsDiffer });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** Change own password: current 1..255, new with the meter rules, confirmation. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, V.required).max(PASSWORD_MAX_LENGTH, V.passwordLengthError),
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, V.required),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: V.passwordsDiffer });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
