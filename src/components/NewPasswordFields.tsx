import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { PasswordField } from './PasswordField';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

/** New password + meter + confirmation, for reset, activation and change-password forms. */
export function NewPasswordFields({ name, confirmName, label, confirmLabel }: { name: string; confirmName: string; label: string; confirmLabel: string }) {
  const { control, trigger, getFieldState } = useFormContext();
  const password = (useWatch({ control, name }) as string | undefined) ?? '';
  // the confirmation's "passwords differ" must follow changes of the password too
  useEffect(() => {
    if (getFieldState(confirmName).isDirty) void trigger(confirmName);
  }, [password, confirmName, getFieldState, trigger]);
  return (
    <>
      <PasswordField name={name} label={label} autoComplete="new-password" required />
      <PasswordStrengthMeter password={password} />
      <PasswordField name={confirmName} label={confirmLabel} autoComplete="new-password" required />
    </>
  );
}
