import { Button, DialogActions, DialogContent, DialogTitle, type Breakpoint } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, RecordContextProvider, useTranslate } from 'react-admin';
import { useFormState, type FieldValues, type Resolver } from 'react-hook-form';
import { ModalDialog } from './ModalDialog';
import { SubmitButton } from './SubmitButton';

export interface FormDialogProps<V extends FieldValues> {
  /** the dialog's id; its title is `<id>-title` */
  id: string;
  title: ReactNode;
  /** the form's schema check (zodResolver of a domain/ schema): its output is what onSubmit gets */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context, any output
  resolver: Resolver<V, any, any>;
  defaultValues: V;
  /** a `useFormSubmit` handler: the field errors it returns land on the fields */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the resolver's output type
  onSubmit: (values: any) => Promise<FieldValues | undefined | void>;
  onClose: () => void;
  submitLabel: string;
  /** see SubmitButton: a confirmation that may be sent unchanged */
  allowPristine?: boolean;
  maxWidth?: Breakpoint;
  children: ReactNode;
}

function Actions({ onClose, submitLabel, allowPristine }: { onClose: () => void; submitLabel: string; allowPristine: boolean }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={isSubmitting}>
        {translate('ra.action.cancel')}
      </Button>
      <SubmitButton fullWidth={false} size="medium" allowPristine={allowPristine}>
        {submitLabel}
      </SubmitButton>
    </DialogActions>
  );
}

/**
 * A react-admin `<Form>` in a modal (no close on backdrop or Escape): title, fields, cancel and a
 * submit button that is enabled only when the form is changed and valid, with a spinner while
 * it is sent. Validated on change and blur. The record of the surrounding screen (a card, a
 * transaction row) is not the form's: the form starts from `defaultValues` only.
 */
export function FormDialog<V extends FieldValues>({ id, title, resolver, defaultValues, onSubmit, onClose, submitLabel, allowPristine = false, maxWidth = 'xs', children }: FormDialogProps<V>) {
  return (
    <ModalDialog open onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={`${id}-title`}>
      <RecordContextProvider value={undefined}>
        <Form resolver={resolver} mode="all" defaultValues={defaultValues} onSubmit={onSubmit} noValidate>
          <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <Actions onClose={onClose} submitLabel={submitLabel} allowPristine={allowPristine} />
        </Form>
      </RecordContextProvider>
    </ModalDialog>
  );
}
