import { z } from 'zod';
import { changePasswordSchema, V, newPasswordSchema } from '../../domain/schemas/auth';

/** A new password and its confirmation (reset, activation). */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, V.required) })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: V.passwordsDiffer });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** Change own password: the API's rules for the current and the new one (domain changePasswordSchema), and the confirmation. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: changePasswordSchema.shape.oldPassword,
    newPassword: changePasswordSchema.shape.newPassword,
    confirmPassword: z.string().min(1, V.required),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: V.passwordsDiffer });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
