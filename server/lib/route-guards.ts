import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { authorize, principalOf, type CompanyActor } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller acting on the route's {companyId}, set by `companyRouteGuards` */
    actor: CompanyActor;
  }
}

/**
 * The guard of every company-scoped route (/api/company/{companyId}/…): a signed-in caller whom
 * the access table lets do `action` on `resource` (403 otherwise), then `{companyId}` inside the
 * caller's scope (404 otherwise). The same `authorize` serves services and jobs (lib/access.ts).
 */
export function companyRouteGuards(app: FastifyInstance, resource: string, action: string): preHandlerAsyncHookHandler[] {
  const guard: preHandlerAsyncHookHandler = async function (request: FastifyRequest, reply) {
    await app.requireAuth.call(this, request, reply);
    const { companyId } = request.params as { companyId: string };
    request.actor = await authorize(app.ctx.db, principalOf(request.auth), resource, action, companyId);
  };
  return [guard];
}
