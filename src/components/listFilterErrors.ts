/**
 * A list's 400 (DESIGN §4: `errors: { <filter key>: "<message key>" }`): the refused filter keys
 * and their message keys, so the list names and marks the filter instead of offering a Retry that
 * sends the same request again. Anything else: null.
 */
export function listFilterErrors(error: unknown): Record<string, string> | null {
  if (typeof error !== 'object' || error === null || (error as { status?: unknown }).status !== 400) return null;
  const errors = ((error as { body?: { errors?: unknown } }).body ?? {}).errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** A refused filter's line: its label and what is wrong with it, in the user's language. */
export type FilterErrorText = (key: string, message: string) => string;
