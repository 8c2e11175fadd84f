import type { TextFieldProps } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { DateTimeInput } from './DateTimeInput';

type FormDateFieldProps = Omit<TextFieldProps, 'name' | 'type' | 'value' | 'onChange' | 'error'> & {
  name: string;
  /** accessible name of the calendar button */
  calendarLabel: string;
  /** earliest and latest day the calendar offers (YYYY-MM-DD) */
  min?: string;
  max?: string;
  /** the text of an error's message key (a range's order naming both its inputs); default: the key translated */
  errorText?: (message: string) => string;
  /** a day and a time (DD/MM/YYYY HH:mm) */
  withTime?: boolean;
};

/**
 * A day typed as DD/MM/YYYY (the form value is that text) or chosen on the calendar, bound to
 * the surrounding react-hook-form; error messages are i18n keys (DateTimeInput, SPEC §9).
 */
export function FormDateField({ name, calendarLabel, min, max, helperText, errorText, ...props }: FormDateFieldProps) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  return (
    <DateTimeInput
      {...props}
      name={field.name}
      inputRef={field.ref}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onBlur={field.onBlur}
      onPicked={field.onBlur}
      calendarLabel={calendarLabel}
      min={min ? dayjs(min).startOf('day') : undefined}
      max={max ? dayjs(max).endOf('day') : undefined}
      error={Boolean(error)}
      // a blank line is kept for the message, like FormTextField's
      helperText={error ? (errorText ?? translate)(error) : (helperText ?? ' ')}
      fullWidth
      margin="normal"
    />
  );
}
