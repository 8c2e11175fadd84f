import type { TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { maxLengthOf } from '../../domain/messages';
import { PlainTextField } from './PlainTextField';

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select' | 'SelectProps'> & {
  name: string;
  /** the field's rule (a zod schema, e.g. `schema.shape.note`): its `.max()` becomes the input's maxLength */
  rule?: z.ZodType;
};

/** The props binding a text field to the surrounding react-hook-form (FormTextField, FormSelectField). */
export function useFormFieldProps({ name, helperText, rule, slotProps, ...props }: FormTextFieldProps) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  const maxLength = rule ? maxLengthOf(rule) : undefined;
  const htmlInput = slotProps?.htmlInput;
  return {
    ...props,
    ...field,
    slotProps: maxLength === undefined || typeof htmlInput === 'function' ? slotProps : { ...slotProps, htmlInput: { maxLength, ...htmlInput } },
    value: field.value ?? '',
    error: Boolean(error),
    // a blank line is kept for the message, so an error appearing on blur does not shift the
    // form under the pointer (a click on the link below the field would otherwise miss it)
    helperText: error ? translate(error) : (helperText ?? ' '),
    fullWidth: true,
    margin: 'normal' as const,
  };
}

/** A text field bound to the surrounding react-hook-form; error messages are i18n keys. A choice list is a FormSelectField. */
export function FormTextField(props: FormTextFieldProps) {
  return <PlainTextField {...useFormFieldProps(props)} />;
}
