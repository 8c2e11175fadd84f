import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, ProblemBody } from '../../domain/errors';

/** The reason phrases of the statuses the API answers (RFC 9110, as Node's http.STATUS_CODES writes them; host-neutral). */
export const STATUS_CODES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The request path without its query string: `instance` must never echo tokens from the query. */
export function requestPath(request: FastifyRequest): string {
  return request.url.split('?')[0];
}

export function problemBody(
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  detail?: string,
  errors?: Record<string, string>,
  params?: Record<string, string | number>,
): ProblemBody {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: detail ?? STATUS_CODES[status] ?? 'Error',
    instance: requestPath(request),
    error: { message: code },
    ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
    ...(params ? { params } : {}),
  };
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  detail?: string,
  errors?: Record<string, string>,
  params?: Record<string, string | number>,
): FastifyReply {
  return reply
    .code(status)
    .type('application/problem+json; charset=utf-8')
    .send(problemBody(request, status, code, detail, errors, params));
}

/** Identity Toolkit error body (what Google's REST API answers, which the SPA already parses). */
export function sendIdentityError(reply: FastifyReply, code: string, status = 400): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({
    error: { code: status, message: code, errors: [{ message: code, domain: 'global', reason: 'invalid' }] },
  });
}

/** A request no route answers: the Identity Toolkit's 404 under /identity, else a NOT_FOUND problem. */
export function sendNoRoute(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (requestPath(request).startsWith('/identity/')) return sendIdentityError(reply, 'NOT_FOUND', 404);
  return sendProblem(request, reply, 404, 'NOT_FOUND', `No route ${request.method} ${requestPath(request)}`);
}
