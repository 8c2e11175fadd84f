import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

/** Query parameters whose values are secrets (tokens, link codes) and must never reach a log. */
const SECRET_PARAMS = new Set(['refreshtoken', 'refresh_token', 'token', 't', 'key', 'code', 'idtoken']);
/**
 * Query parameters whose values may be logged: paging, sorting, language and time zone, kinds and
 * ids. Any other value is replaced (`filter` carries card codes, e-mail addresses and names; a
 * cursor the last row's values; a parameter added tomorrow anything).
 */
const LOGGABLE_PARAMS = new Set([
  'range', 'sort', 'order', 'lang', 'lng', 'tz', 'tab', 'format', 'type', 'step', 'days', 'from', 'to', 'min', 'max', 'mincents', 'maxcents',
  'limit', 'offset', 'page', 'perpage', 'reportid', 'parentid', 'companyid', 'company', 'typologyid', 'storeid', 'option', 'field', 'char',
]);

const PLAIN_NAME = /^[a-z0-9_.[\]-]{1,40}$/;

/**
 * The URL as it may be logged: the logout route drops its whole query (it carries the refresh
 * token); other routes keep their query's names, and the values of the parameters known to be
 * harmless (LOGGABLE_PARAMS); every other value, secrets first, is `[REDACTED]`.
 */
export function redactUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  if (query === undefined) return url;
  if (path === '/api/auth/logout') return `${path}?[REDACTED]`;
  const parts = query.split('&').map((pair) => {
    const [name] = pair.split('=', 1);
    let plain: string;
    try {
      plain = decodeURIComponent(name).toLowerCase();
    } catch {
      return '[REDACTED]';
    }
    // a name is kept when it is a plain word (a name could be anything, an e-mail address too)
    if (!PLAIN_NAME.test(plain)) return '[REDACTED]';
    if (!pair.includes('=')) return LOGGABLE_PARAMS.has(plain) ? pair : `${name}=[REDACTED]`;
    return SECRET_PARAMS.has(plain) || !LOGGABLE_PARAMS.has(plain) ? `${name}=[REDACTED]` : pair;
  });
  return `${path}?${parts.join('&')}`;
}

interface RequestLike {
  method: string;
  url: string;
  ip?: string;
  headers?: Record<string, unknown>;
}

/** A proxy's request id taken as ours: a plain token of a sane length, nothing a log line could be forged with. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The request ids (Fastify's `genReqId`, app.ts): the proxy's `X-Request-Id` when the server is
 * told it is behind one (TRUST_PROXY=1: the proxy sets the header, or replaces a client's) and the
 * value is a safe token, so one request is followed from the proxy's log to ours and the audit
 * trail; else a new UUID (unique across restarts and instances). Without a proxy the header is
 * anyone's, and an id of the caller's choosing would muddle the audit trail: never taken.
 */
export function requestIds(trustProxy: boolean): (raw: IncomingMessage) => string {
  return (raw) => {
    const given = trustProxy ? raw.headers['x-request-id'] : undefined;
    return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  };
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    // No authorization or cookie headers either: the serializer lists what is logged.
    serializers: {
      req(request: RequestLike) {
        return { method: request.method, url: redactUrl(request.url) };
      },
    },
  };
}

/** Who made the request, as ids only (never an e-mail, a name or a token): a user, or an integration API key. */
function callerOf(request: FastifyRequest): { userId?: string; apiKeyId?: string; companyId?: string } {
  const apiKey = (request as { apiKey?: FastifyRequest['apiKey'] }).apiKey;
  if (apiKey) return { apiKeyId: apiKey.keyId, companyId: apiKey.actor.company.id };
  const auth = (request as { auth?: FastifyRequest['auth'] }).auth;
  if (auth?.user) return { userId: auth.user.id, companyId: auth.company.id };
  return {};
}

/**
 * One JSON line per request, written when its response has ended (Fastify's own pair of lines is
 * off: `disableRequestLogging` in app.ts): the request id (`reqId`, the audit trail's `request_id`),
 * method, route template, the URL as it may be logged (redactUrl), status, duration in ms, and the
 * caller as ids. Never headers, bodies, e-mail addresses, names, tokens or codes. The probes
 * (health, metrics: `config.probe`) are written at debug level: a balancer asks every few seconds.
 * Each response carries the id as `X-Request-Id`.
 */
/**
 * The route a request matched, as written in the API (`/identity/v1/accounts:signInWithPassword`:
 * Fastify keeps a literal colon doubled in its template), or null when none matched. The request
 * log and the metrics' `route` label both use it.
 */
export function routeTemplate(request: FastifyRequest): string | null {
  return request.routeOptions.url?.replaceAll('::', ':') ?? null;
}

export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // request.log carries the request id (`reqId`) already
    const line = {
      method: request.method,
      route: routeTemplate(request),
      url: redactUrl(request.url),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ...callerOf(request),
    };
    const log = request.log;
    if (request.routeOptions.config?.probe) log.debug(line, 'request');
    else log.info(line, 'request');
  });
});
