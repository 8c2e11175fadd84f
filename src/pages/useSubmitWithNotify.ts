import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage, isCancelledError } from '../dataProvider/httpError';

/**
 * Wraps a form submit: a failed call shows a red notification with its catalogue text
 * (SPEC §8), a cancelled one stays silent. Resolves either way so the form leaves "submitting".
 */
export function useSubmitWithNotify<T>(submit: (values: T) => Promise<void>) {
  const notify = useNotify();
  return useCallback(
    async (values: T) => {
      try {
        await submit(values);
      } catch (error) {
        if (!isCancelledError(error)) notify(errorMessage(error), { type: 'error', messageArgs: { _: errorMessage(error) } });
      }
    },
    [notify, submit],
  );
}
