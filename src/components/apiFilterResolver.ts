import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Validates a list's filter form with the API's own filter schema (domain/): the form values
 * are turned into the API filter first, so the form checks exactly what the server will.
 * Form fields are named like the filter keys, so an issue's path names the field to mark.
 */
export function apiFilterResolver<V extends FieldValues>(
  toApiFilter: (values: V) => object,
  schema: z.ZodType,
  /** the inputs' own refusals (a day that does not exist), per field: they win over the schema's */
  inputErrors?: (values: V) => Record<string, string>,
): Resolver<V> {
  return async (values) => {
    const own = Object.entries(inputErrors?.(values) ?? {});
    const result = schema.safeParse(toApiFilter(values));
    if (result.success && own.length === 0) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = Object.fromEntries(own.map(([field, message]) => [field, { type: 'input', message }]));
    if (result.success) return { values: {}, errors: errors as FieldErrors<V> };
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
