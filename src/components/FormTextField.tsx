import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';

type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };

/** A text field bound to the surrounding react-hook-form; error messages are i18n keys. */
export function FormTextField({ name, helperText, ...props }: FormTextFieldProps) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  return (
    <TextField
      {...props}
      {...field}
      value={field.value ?? ''}
      error={Boolean(error)}
      // a blank line is kept for the message, so an error appearing on blur does not shift the
      // form under the pointer (a click on the link below the field would otherwise miss it)
      helperText={error ? translate(error) : (helperText ?? ' ')}
      fullWidth
      margin="normal"
    />
  );
}
