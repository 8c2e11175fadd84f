import { Button, type ButtonProps, CircularProgress, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ModalDialog } from './ModalDialog';

/** A yes/no question in the app's modal; the confirm button shows a spinner while `busy`. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabelKey = 'ra.action.cancel',
  busy = false,
  confirmColor,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** the dismiss button's text key: "Cancel" reads wrong when the action itself is a cancel */
  dismissLabelKey?: string;
  busy?: boolean;
  /** the confirm button's color (e.g. 'error' for a removal) */
  confirmColor?: ButtonProps['color'];
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <ModalDialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate(dismissLabelKey)}
        </Button>
        <Button variant="contained" color={confirmColor} onClick={onConfirm} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
