import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditActorType, AuditOrigin } from '../../domain/audit';

/**
 * Who is changing the database, for the audit trail (issue 22, server/modules/audit/README.md).
 * Each request and each job runs inside a context; the database wrappers (db/client.ts,
 * db/postgres.ts) hand it to PostgreSQL as the transaction's `tessera.ctx` setting, which the
 * audit triggers read. Outside any context (migrations, seed, boot) the actor is the system.
 */
export interface AuditContext {
  actorType: AuditActorType;
  actorId: string | null;
  actorLabel: string | null;
  origin: AuditOrigin;
  ip: string | null;
  requestId: string | null;
  /** `METHOD routerPath` or the job's kind */
  operation: string | null;
}

/** What the storage holds: a request's actor is read when a query runs (authentication comes after onRequest). */
type ContextSource = { request: FastifyRequest } | { fixed: AuditContext };

const storage = new AsyncLocalStorage<ContextSource>();

export const SYSTEM_CONTEXT: AuditContext = {
  actorType: 'system',
  actorId: null,
  actorLabel: null,
  origin: 'system',
  ip: null,
  requestId: null,
  operation: null,
};

/** A request's context as it stands now (its actor once authenticated). */
export function requestAuditContext(request: FastifyRequest): AuditContext {
  const url = request.routeOptions.url ?? request.url.split('?', 1)[0];
  const integration = url.startsWith('/api/integration/');
  const base = { ip: request.ip ?? null, requestId: String(request.id), operation: `${request.method} ${url}` };
  const origin: AuditOrigin = integration ? 'integration' : 'back_office';
  const apiKey = (request as { apiKey?: FastifyRequest['apiKey'] }).apiKey;
  if (apiKey) return { ...base, actorType: 'api_key', actorId: apiKey.keyId, actorLabel: `${apiKey.keyName} (${apiKey.prefix})`, origin };
  const auth = (request as { auth?: FastifyRequest['auth'] }).auth;
  if (auth?.user) return { ...base, actorType: 'user', actorId: auth.user.id, actorLabel: auth.user.email, origin };
  // not signed in (sign-in, activation, password reset): the system acts, from this request
  return { ...base, actorType: 'system', actorId: null, actorLabel: null, origin };
}

/** The context of the code running now. */
export function currentAuditContext(): AuditContext {
  const source = storage.getStore();
  if (!source) return SYSTEM_CONTEXT;
  return 'request' in source ? requestAuditContext(source.request) : source.fixed;
}

/** The request whose work is running now (null in a job, a seed, a test's direct call). */
export function currentRequest(): FastifyRequest | null {
  const source = storage.getStore();
  return source && 'request' in source ? source.request : null;
}

/**
 * A statement that may write (and so fire the audit triggers): it needs the context. Anything
 * else (a SELECT) runs without being handed it, saving the round trip. A read that writes through
 * a function would escape this test: none does.
 */
export const MAY_WRITE = /^\s*(insert|update|delete|with|merge)\b/i;

/** The current context as the `tessera.ctx` setting's text ('' for the system: the setting's unset value). */
export function auditContextSetting(): string {
  const source = storage.getStore();
  return source ? JSON.stringify(currentAuditContext()) : '';
}

/** Runs `fn` (and everything it starts) as `context`: jobs, tests. */
export function runWithAuditContext<T>(context: AuditContext, fn: () => T): T {
  return storage.run({ fixed: context }, fn);
}

/** A job's context: the job kind is its actor and its operation. */
export function jobAuditContext(kind: string): AuditContext {
  return { actorType: 'job', actorId: kind, actorLabel: kind, origin: 'job', ip: null, requestId: null, operation: kind };
}

/**
 * Enters each /api request's context in onRequest; the hooks and handler after it run inside.
 * Fastify hands a callback (run it inside the context); the in-process host (host/lite.ts) awaits
 * its hooks without one, and its request's later steps follow in the same async chain (enterWith).
 */
export function registerAuditContext(app: FastifyInstance): void {
  app.addHook('onRequest', function (request: FastifyRequest, _reply: unknown, done?: () => void) {
    const entered = request.url.startsWith('/api/');
    if (typeof done === 'function') {
      if (entered) storage.run({ request }, done);
      else done();
      return;
    }
    if (entered) storage.enterWith({ request });
    return Promise.resolve();
  } as never);
}
