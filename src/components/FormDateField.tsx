import type { TextFieldProps } from '@mui/material';
import { FormTextField } from './FormTextField';

/** A calendar-day input (YYYY-MM-DD value; the browser shows it in the user's locale). */
export function FormDateField(props: Omit<TextFieldProps, 'name' | 'type'> & { name: string }) {
  return <FormTextField {...props} type="date" slotProps={{ inputLabel: { shrink: true }, ...props.slotProps }} />;
}
