import { Dialog, type DialogProps } from '@mui/material';

/**
 * The app's modal (SPEC §9): centered and closed only by its own buttons, never by a click
 * outside or Escape. MUI has no prop to ignore backdrop clicks, hence this filter.
 */
export function ModalDialog({ onClose, ...props }: DialogProps) {
  return (
    <Dialog
      {...props}
      disableEscapeKeyDown
      onClose={(event, reason) => {
        if (reason === 'backdropClick' || reason === 'escapeKeyDown') return;
        onClose?.(event, reason);
      }}
    />
  );
}
