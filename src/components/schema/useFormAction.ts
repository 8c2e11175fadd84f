import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { errorMessage, isCancelledError } from '../../dataProvider/httpError';
import { submissionErrors } from './submissionErrors';

/**
 * `onSubmit` for a `SchemaForm` that calls a named dataProvider method instead of a controller:
 * field errors go back to the form (react-admin puts them on their inputs), any other failure
 * is a red notification with its catalogue text (SPEC §8).
 */
export function useFormAction<T extends FieldValues>(action: (values: T) => Promise<unknown>) {
  const notify = useNotify();
  return useCallback(
    async (values: FieldValues) => {
      try {
        await action(values as T);
        return undefined;
      } catch (error) {
        const fieldErrors = submissionErrors(error);
        if (fieldErrors) return fieldErrors;
        if (!isCancelledError(error)) notify(errorMessage(error), { type: 'error', messageArgs: { _: errorMessage(error) } });
        return undefined;
      }
    },
    [action, notify],
  );
}
