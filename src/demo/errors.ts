import type { z } from 'zod';
import { issuesToErrors, type ErrorCode, type ProblemBody } from '../../domain/errors';
import { HttpError, errorTextFromBody } from '../dataProvider/httpError';

/**
 * Errors of the demo providers, shaped like the real http client's: a react-admin HttpError
 * whose message is the user text of the code (errorTextFromBody, the same lookup the real client
 * uses) and whose body is the server's problem+json, so screens show the same texts.
 */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
};

export function apiError(status: number, code: ErrorCode, instance: string, detail?: string, errors?: Record<string, string>): HttpError {
  const body: ProblemBody = {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail: detail ?? TITLES[status] ?? 'Error',
    instance,
    error: { message: code },
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
  };
  return new HttpError(errorTextFromBody(body), status, body);
}

/** The identity provider's error shape: HTTP 400 `{"error":{"code":400,"message":CODE}}`. */
export function identityError(code: ErrorCode): HttpError {
  const body = { error: { code: 400, message: code } };
  return new HttpError(errorTextFromBody(body), 400, body);
}

export const notFound = (instance: string, detail = 'Not found') => apiError(404, 'NOT_FOUND', instance, detail);


/** Parses with the API's own schema; a failure is the server's 400 VALIDATION_ERROR with field errors. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, instance: string, prefix = ''): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw apiError(400, 'VALIDATION_ERROR', instance, 'The request is not valid', issuesToErrors(parsed.error.issues, prefix));
  return parsed.data;
}
