import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import { useFormState } from 'react-hook-form';

/**
 * SPEC §4: a form's submit is enabled only when the form is changed and valid, and shows a
 * spinner while its request is in flight. Reads the state of the surrounding form (react-admin's
 * `<Form>`). `allowPristine`: a confirmation with nothing or only optional things to fill in
 * (a bulk action without parameters) may be sent unchanged.
 */
export function SubmitButton({ children, allowPristine = false, ...props }: ButtonProps & { allowPristine?: boolean }) {
  const { isDirty, isValid, isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      {...props}
      disabled={(!isDirty && !allowPristine) || !isValid || isSubmitting || props.disabled}
      startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : props.startIcon}
    >
      {children}
    </Button>
  );
}
