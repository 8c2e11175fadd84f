import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage, isCancelledError } from '../dataProvider/httpError';

/**
 * SPEC §8: a failed call shows a red notification with its text (the code's catalogue text,
 * else the detail, else the generic text: `HttpError.message` already is that text); a cancelled
 * call stays silent. `text` overrides the error's own text (e.g. an action's SPEC §8 message).
 */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, text: string | null = isCancelledError(error) ? null : errorMessage(error)) => {
      if (text) notify(text, { type: 'error', messageArgs: { _: text } });
    },
    [notify],
  );
}
