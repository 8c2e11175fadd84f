import { Box, Button, DialogActions, DialogContent, DialogTitle, type Breakpoint } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { ModalDialog } from './ModalDialog';
import { SubmitButton } from './SubmitButton';

export interface FormDialogProps<V extends FieldValues, T> {
  /** the dialog's id; its title is `<id>-title` */
  id: string;
  title: ReactNode;
  form: UseFormReturn<V, unknown, T>;
  onSubmit: SubmitHandler<T>;
  onClose: () => void;
  submitLabel: string;
  maxWidth?: Breakpoint;
  children: ReactNode;
}

/**
 * A form in a modal (no close on backdrop or Escape): title, fields, cancel and a submit button
 * that is enabled only when the form is changed and valid, with a spinner while it is sent.
 */
export function FormDialog<V extends FieldValues, T>({ id, title, form, onSubmit, onClose, submitLabel, maxWidth = 'xs', children }: FormDialogProps<V, T>) {
  const translate = useTranslate();
  return (
    <ModalDialog open onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={`${id}-title`}>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={form.formState.isSubmitting}>
              {translate('ra.action.cancel')}
            </Button>
            <SubmitButton fullWidth={false} size="medium">
              {submitLabel}
            </SubmitButton>
          </DialogActions>
        </Box>
      </FormProvider>
    </ModalDialog>
  );
}
