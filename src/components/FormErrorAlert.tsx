import { Alert, AlertTitle } from '@mui/material';

/**
 * A form's failure shown inside the form, next to what the user was doing (SPEC §8's red
 * notification, placed where the eye is): red, and announced by screen readers (role="alert")
 * without moving the focus away from the field. Pair it with `useFormSubmit(…, { onError })`.
 */
export function FormErrorAlert({ message, title }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" data-testid="form-error" sx={{ mb: 2 }}>
      {title && <AlertTitle>{title}</AlertTitle>}
      {message}
    </Alert>
  );
}
