import { Button, type ButtonProps } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog';
import { useBusyRun } from './useBusyRun';

export interface ConfirmActionButtonProps {
  /** the button's text key, also the confirm button's unless `confirmLabel` */
  label: string;
  confirmLabel?: string;
  /** the question's title (translated) */
  title: string;
  /** the question */
  children: ReactNode;
  /** the dismiss button's text key (see `ConfirmDialog`) */
  dismissLabelKey?: string;
  /** the one call */
  run: () => Promise<unknown>;
  /** the success notification's key */
  done?: string;
  /** the failure's SPEC §8 text key; without it, the error's own text */
  failure?: string;
  /** after success, once the question is closed (e.g. refresh or leave the page) */
  onDone?: () => void;
  /** the button's look (color, variant, size, disabled…) */
  button?: ButtonProps;
  /** the confirm button's color */
  confirmColor?: ButtonProps['color'];
}

/**
 * A button that asks first (the app's `ConfirmDialog`) and then runs one call, with its success
 * and failure texts (`useBusyRun`). On failure the question stays open, so the user may retry.
 */
export function ConfirmActionButton({ label, confirmLabel, title, children, dismissLabelKey, run, done, failure, onDone, button, confirmColor }: ConfirmActionButtonProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { busy, run: runBusy } = useBusyRun();
  const confirm = async () => {
    if (!(await runBusy(run, { done, failure }))) return;
    setOpen(false);
    onDone?.();
  };
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {translate(label)}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={translate(confirmLabel ?? label)}
        dismissLabelKey={dismissLabelKey}
        confirmColor={confirmColor}
        busy={busy !== null}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
