import { TextField } from '@mui/material';
import { useFormFieldProps, type FormTextFieldProps } from './FormTextField';

/**
 * A choice list (MUI's select TextField; its options are the children) bound to the surrounding
 * react-hook-form, like FormTextField; error messages are i18n keys. Apart from FormTextField so
 * that MUI's Select, Menu and Popover stay out of the sign-in page's JavaScript (issue 45).
 */
export function FormSelectField(props: FormTextFieldProps) {
  return <TextField {...useFormFieldProps(props)} select />;
}
