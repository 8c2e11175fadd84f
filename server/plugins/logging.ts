import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values are secrets (tokens, link codes) and must never reach a log. */
const SECRET_PARAMS = new Set(['refreshtoken', 'refresh_token', 'token', 't', 'key', 'code', 'idtoken']);

/**
 * The URL as it may be logged: the logout route drops its whole query (it carries the refresh
 * token), other routes keep their query with secret values replaced.
 */
export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (query === undefined) return url;
  if (path === '/api/auth/logout') return `${path}?[REDACTED]`;
  const parts = query.split('&').map((pair) => {
    const [name] = pair.split('=', 1);
    return SECRET_PARAMS.has(decodeURIComponent(name).toLowerCase()) ? `${name}=[REDACTED]` : pair;
  });
  return `${path}?${parts.join('&')}`;
}

interface RequestLike {
  method: string;
  url: string;
  ip?: string;
  headers?: Record<string, unknown>;
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    // No authorization or cookie headers either: the serializer lists what is logged.
    serializers: {
      req(request: RequestLike) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
