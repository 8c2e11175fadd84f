import type { z } from 'zod';
import { issuesToErrors } from '../../../domain/errors';
import { ApiError } from '../../lib/errors';

/** A body read after the guards (a caller without the flag learns 403, not what the body lacks), zod's issues as field errors. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', issuesToErrors(parsed.error.issues));
  return parsed.data;
}
