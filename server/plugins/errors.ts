import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../domain/errors';
import { ApiError, IdentityError } from '../lib/errors';
import { DATABASE_RETRY_AFTER_SECONDS, RECORD_BUSY_RETRY_AFTER_SECONDS, databaseFault, loggableError } from '../lib/pg-errors';
import { RetryLaterError } from '../lib/work-limits';
import { problemBody, requestPath, sendIdentityError, sendProblem } from '../lib/problem';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Zod issues → `{ field: i18n key }`. Domain schemas already use keys; anything else is generic. */
export function fieldErrors(issues: readonly ValidationIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys as string[]) out[field ? `${field}.${key}` : key] ??= 'validation.invalid';
      continue;
    }
    const message = issue.message ?? '';
    const key = message.startsWith('validation.')
      ? message
      : issue.keyword === 'invalid_type' && message.includes('received undefined')
        ? 'validation.required'
        : 'validation.invalid';
    out[field || '_'] ??= key;
  }
  return out;
}

function handleError(this: FastifyInstance, error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const isIdentity = requestPath(request).startsWith('/identity/');
  if (error instanceof IdentityError) return sendIdentityError(reply, error.code);
  if (error instanceof ApiError) {
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (isIdentity && error.code === 'RATE_LIMITED') return sendIdentityError(reply, 'TOO_MANY_ATTEMPTS_TRY_LATER');
    // a 400 of the API's own (the NUL guard, plugins/input-guard.ts) in the Identity Toolkit's words
    if (isIdentity) return sendIdentityError(reply, error.code === 'VALIDATION_ERROR' ? 'INVALID_ARGUMENT' : error.code, error.statusCode);
    return sendProblem(request, reply, error.statusCode, error.code, error.detail, error.fieldErrors, error.params);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrors(error.validation as unknown as ValidationIssue[]);
    return sendProblem(request, reply, 400, 'VALIDATION_ERROR', 'The request is not valid', errors);
  }
  // the database's faults, not the request's: retry later, unchanged (lib/pg-errors.ts)
  const fault = databaseFault(error);
  if (fault) {
    const unavailable = fault === 'unavailable';
    // no parameters in the log (personal data), and no stack of a 500: an outage is an operations matter
    request.log.warn({ err: loggableError(error) }, unavailable ? 'database unavailable' : 'record busy');
    reply.header('retry-after', String(unavailable ? DATABASE_RETRY_AFTER_SECONDS : RECORD_BUSY_RETRY_AFTER_SECONDS));
    const [status, code, detail] = unavailable
      ? ([503, 'DATABASE_UNAVAILABLE', 'The database is unavailable, try again shortly'] as const)
      : ([409, 'RECORD_BUSY', 'The record is busy with another operation, try again shortly'] as const);
    if (isIdentity) return sendIdentityError(reply, code, status);
    return sendProblem(request, reply, status, code, detail);
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_ERROR';
    if (isIdentity) return sendIdentityError(reply, code === 'VALIDATION_ERROR' ? 'INVALID_ARGUMENT' : code, status);
    // Fastify's own 4xx messages (bad JSON, wrong content type) are safe to show.
    return sendProblem(request, reply, status, code, error.message);
  }
  // a database error without its statement's parameters: they hold personal data (lib/pg-errors.ts)
  request.log.error({ err: loggableError(error) }, 'unhandled error');
  if (isIdentity) return sendIdentityError(reply, 'INTERNAL_ERROR', 500);
  return sendProblem(request, reply, 500, 'INTERNAL_ERROR', 'An unexpected error occurred');
}

/**
 * What Fastify answers before any route (a URL that is no valid text, a path parameter past the
 * router's length): problem+json like every other refusal, never echoing the URL back
 * (Fastify's own body quotes it whole). Given to Fastify as `frameworkErrors` (app.ts).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const detail = status === 414 ? 'A path parameter is longer than any valid value' : 'The URL is not valid';
  if (requestPath(request).startsWith('/identity/')) return sendIdentityError(reply, 'INVALID_ARGUMENT', status);
  // no `instance`: the path is what is wrong with the request, and may be anything
  return reply.code(status).type('application/problem+json; charset=utf-8').send({ ...problemBody(request, status, 'VALIDATION_ERROR', detail), instance: undefined });
}

/** One error handler for the whole app: problem+json under /api, Identity Toolkit errors under /identity. */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler(handleError);
});
