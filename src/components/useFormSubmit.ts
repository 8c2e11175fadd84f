import { useCallback } from 'react';
import type { FieldValues } from 'react-hook-form';
import { errorMessage, HttpError, isCancelledError } from '../dataProvider/httpError';
import { actionErrorText } from './actionErrorText';
import { useNotifyError } from './useNotifyError';

/** Field errors of a refused body (`errors: { <field>: "<message key>" }`, DESIGN.md §4), if any. */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return undefined;
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * The `onSubmit` of a react-admin `<Form>` that is not bound to a controller (account pages,
 * action dialogs): runs the call; a failure shows a red notification (the action's SPEC §8 text
 * via `actionErrorText` when `fallbackKey` is given, else the error's own catalogue text; a
 * cancelled call stays silent). A refused body's field errors are returned instead, which
 * react-admin's Form sets on the fields (the messages are i18n keys, translated by the fields),
 * with the text as `root.serverError`, which react-admin's Form notifies.
 */
export interface FormSubmitOptions {
  /**
   * Show the failure inside the form (e.g. a `FormErrorAlert` above the submit button) instead
   * of the red notification; called with the text, or null when a new submit starts.
   */
  onError?: (text: string | null) => void;
}

export function useFormSubmit<T>(submit: (values: T) => Promise<void>, fallbackKey?: string, options: FormSubmitOptions = {}) {
  const notifyError = useNotifyError();
  const { onError } = options;
  return useCallback(
    // react-admin's Form hands over the resolver's output: the form's schema made it a T
    async (values: FieldValues): Promise<FieldValues | undefined> => {
      try {
        onError?.(null);
        await submit(values as T);
        return undefined;
      } catch (error) {
        const text = fallbackKey ? actionErrorText(error, fallbackKey) : isCancelledError(error) ? null : errorMessage(error);
        const fields = serverFieldErrors(error);
        // react-admin's Form sets the field errors and notifies `root.serverError` as the form's
        // failure (once: it would otherwise add its own "form is not valid" notice)
        if (fields && !onError) return { ...fields, root: { serverError: text ?? '' } };
        if (text && onError) onError(text);
        else notifyError(error, text);
        return fields;
      }
    },
    [notifyError, submit, fallbackKey, onError],
  );
}
