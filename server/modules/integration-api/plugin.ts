import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { answerHit } from '../../lib/rate-limit-store';
import { forbidden } from '../../lib/errors';
import { authenticateKey } from './keys.service';
import { requireScope } from './scope';

/** A module's integration routes, registered inside the integration scope (its paths are relative to /api/integration/v1). */
export type IntegrationRoutePlugin = (scope: FastifyInstance, ctx: AppContext) => Promise<void>;

export const INTEGRATION_PREFIX = '/api/integration/v1';

/**
 * The integration API (`/api/integration/v1/…`, README.md beside this file): every request is
 * authenticated by its API key (`Authorization: Bearer tsk_…`; a session's token or cookie never
 * passes, and the back-office auth skips these paths), and counted against the key's rate limit
 * in the `rate_limits` table in the same statement, so every instance spends one budget per key. `request.apiKey` is the
 * caller (null on every other request). Each module's routes come as a plugin registered here.
 */
export async function integrationApi(app: FastifyInstance, ctx: AppContext, routePlugins: IntegrationRoutePlugin[]): Promise<void> {
  app.decorateRequest('apiKey', null);
  const max = ctx.config.integration.rateLimitPerMinute;
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      // counted in the key's own statement, once its secret matched: knowing a key's prefix (shown in lists) spends nothing of its budget
      const { caller, hit } = await authenticateKey(ctx.db, request.headers.authorization, max);
      request.apiKey = caller;
      if (hit) answerHit(reply, hit, max);
    });
    scope.addHook('onRequest', requireDeclaredScope);
    const prefixedScope = withPrefix(scope, INTEGRATION_PREFIX);
    for (const plugin of routePlugins) await plugin(prefixedScope, ctx);
  });
}

/**
 * The route's declared scope (lib/route-access.ts), checked before the body: a key without it
 * learns 403, not what the body lacks; a route that declares none is closed.
 */
export async function requireDeclaredScope(request: FastifyRequest): Promise<void> {
  const access = request.routeOptions.config.access;
  if (!access || typeof access !== 'object' || !('scope' in access)) throw forbidden();
  requireScope(request, access.scope);
}

const ROUTE_METHODS = new Set<PropertyKey>(['get', 'post', 'put', 'patch', 'delete']);

/**
 * The scope with `prefix` put before every route's path. Not Fastify's `register(…, {prefix})`:
 * the in-process host (host/lite.ts, the demo) serves the same modules and knows no prefixes.
 */
function withPrefix(scope: FastifyInstance, prefix: string): FastifyInstance {
  const proxy: FastifyInstance = new Proxy(scope, {
    get(target, property) {
      if (ROUTE_METHODS.has(property)) {
        const add = Reflect.get(target, property, target) as (url: string, ...rest: unknown[]) => unknown;
        return (url: string, ...rest: unknown[]) => (add.call(target, `${prefix}${url}`, ...rest), proxy);
      }
      if (property === 'route') return (options: { url: string }) => (target.route({ ...options, url: `${prefix}${options.url}` } as Parameters<FastifyInstance['route']>[0]), proxy);
      if (property === 'withTypeProvider') return () => proxy;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return proxy;
}
