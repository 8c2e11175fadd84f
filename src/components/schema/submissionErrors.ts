import { HttpError } from '../../dataProvider/httpError';

/**
 * The field errors a failed call carries (problem+json `errors: {field: 'validation.key'}`), in
 * the shape react-admin's `Form` `onSubmit` returns so that each lands on its input; undefined
 * when the error is not about fields.
 */
export function submissionErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const errors = (error.body as { errors?: Record<string, string> } | null | undefined)?.errors;
  return errors && Object.keys(errors).length > 0 ? errors : undefined;
}
