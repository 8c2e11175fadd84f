import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useNotify } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, type FormDialogProps } from './FormDialog';
import { useFormSubmit } from './useFormSubmit';

export interface ActionDialogProps<V extends FieldValues, T> extends Omit<FormDialogProps<V>, 'resolver' | 'onSubmit'> {
  /** the form's rules (a domain/ schema, or one built for the form): its output is what `run` gets; keep it stable (a module constant or memoized) */
  schema: z.ZodType<T, V>;
  /** the API call with the checked values */
  run: (values: T) => Promise<unknown>;
  /** the success notification's key */
  done: string;
  /** the failure's SPEC §8 text key (see `useFormSubmit`) */
  failure: string;
  /** after success, before the dialog closes (e.g. refresh the screen) */
  onDone: () => void;
}

/**
 * A one-call action in a `FormDialog`, declared: the form's schema, the call, its success text and
 * its failure text. On success it notifies `done`, calls `onDone` and closes; on failure it stays
 * open (a retry reuses the dialog's idempotency keys) and shows the failure.
 */
export function ActionDialog<V extends FieldValues, T>({ schema, run, done, failure, onDone, onClose, ...props }: ActionDialogProps<V, T>) {
  const notify = useNotify();
  const resolver = useMemo(() => zodResolver(schema as never) as unknown as Resolver<V>, [schema]);
  const submit = useFormSubmit(async (values: T) => {
    await run(values);
    notify(done, { type: 'success' });
    onDone();
    onClose();
  }, failure);
  return <FormDialog {...props} resolver={resolver} onSubmit={submit} onClose={onClose} />;
}
