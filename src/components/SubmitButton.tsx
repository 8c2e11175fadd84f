import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import { useFormState } from 'react-hook-form';

/**
 * SPEC §4: a form's submit is enabled only when the form is changed and valid, and shows a
 * spinner while its request is in flight.
 */
export function SubmitButton({ children, ...props }: ButtonProps) {
  const { isDirty, isValid, isSubmitting } = useFormState();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      {...props}
      disabled={!isDirty || !isValid || isSubmitting || props.disabled}
      startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : props.startIcon}
    >
      {children}
    </Button>
  );
}
