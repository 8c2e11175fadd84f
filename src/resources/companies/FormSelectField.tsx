import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';

export interface SelectOption {
  value: string;
  label: string;
}

/** A select bound to the surrounding react-hook-form; error messages are i18n keys. */
export function FormSelectField({ name, label, options, required, disabled }: { name: string; label: string; options: SelectOption[]; required?: boolean; disabled?: boolean }) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  return (
    <TextField
      {...field}
      value={options.some((o) => o.value === field.value) ? field.value : ''}
      select
      label={label}
      required={required}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ? translate(error) : undefined}
      fullWidth
      margin="normal"
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
