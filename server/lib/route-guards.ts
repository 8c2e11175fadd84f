import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client';
import { assertCan, authorize, principalOf, type CompanyActor } from './access';
import { subtreeIds } from './company-scope';
import { notFound } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller acting on the route's {companyId}, set by `companyRouteGuards` */
    actor: CompanyActor;
  }
}

/**
 * The guard of every company-scoped route (/api/company/{companyId}/…): a signed-in caller whom
 * the access table lets do `action` on `resource` (403 otherwise), then `{companyId}` inside the
 * caller's scope (404 otherwise). The scope answer normally came with the caller's own query
 * (plugins/auth.ts: no round trip here); otherwise the same `authorize` that serves services and
 * jobs (lib/access.ts) asks the database.
 */
export function companyRouteGuards(app: FastifyInstance, resource: string, action: string): preHandlerAsyncHookHandler[] {
  const guard: preHandlerAsyncHookHandler = async function (request: FastifyRequest, reply) {
    await app.requireAuth.call(this, request, reply);
    const { companyId } = request.params as { companyId: string };
    const principal = principalOf(request.auth);
    const known = request.companyScope?.companyId === companyId ? request.companyScope : null;
    if (!known) {
      request.actor = await authorize(app.ctx.db, principal, resource, action, companyId);
      return;
    }
    assertCan(principal, resource, action); // 403 before 404, as authorize does
    if (!known.inScope) throw notFound();
    request.actor = { ...principal, companyId };
  };
  return [guard];
}

/**
 * The ids of the route's {companyId} subtree, for repositories' `company_id IN (…)`: already
 * loaded with the caller on a guarded company route, else one query.
 */
export async function routeSubtreeIds(db: Db, request: FastifyRequest): Promise<string[]> {
  const companyId = request.actor.companyId;
  if (request.companyScope?.companyId === companyId && request.companyScope.inScope) return request.companyScope.subtreeIds;
  return subtreeIds(db, companyId);
}
