import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { assertCan, authorize, principalOf, type Actor, type CompanyActor } from './access';
import { subtreeIds } from '../db/company-scope';
import { notFound } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller acting on the route's {companyId}, set by `guardCompanyRoute` */
    actor: CompanyActor;
    /** the caller and the company subtree of the route's {companyId}, set by `guardCompanyRoute` */
    scopedActor: Actor;
  }
}

/**
 * The check of every company route (/api/company/{companyId}/…), run by the auth plugin's hook for
 * the route's declared access (lib/route-access.ts), before the body is read: a signed-in caller
 * whom the access table lets do `action` on `resource` (403 otherwise), then `{companyId}` inside
 * the caller's scope (404 otherwise, so other company trees learn nothing). The scope answer and
 * the subtree normally came with the caller's own query (plugins/auth.ts: no round trip here);
 * otherwise the same `authorize` that serves services and jobs (lib/access.ts) asks the database.
 * Sets `request.actor` and `request.scopedActor` (with the subtree's ids, what repositories may
 * touch: ids outside it answer 404 like unknown ids).
 */
export async function guardCompanyRoute(db: Db, request: FastifyRequest, resource: string, action: string): Promise<void> {
  const { companyId } = (request.params ?? {}) as { companyId?: string };
  const principal = principalOf(request.auth);
  const known = request.companyScope?.companyId === companyId ? request.companyScope : null;
  if (!known || companyId === undefined) {
    request.actor = await authorize(db, principal, resource, action, companyId ?? '');
    request.scopedActor = { ...request.actor, companyIds: await subtreeIds(db, request.actor.companyId) };
    return;
  }
  assertCan(principal, resource, action); // 403 before 404, as authorize does
  if (!known.inScope) throw notFound();
  request.actor = { ...principal, companyId };
  request.scopedActor = { ...request.actor, companyIds: known.subtreeIds };
}
