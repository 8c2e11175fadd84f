import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Actor } from './access';
import { companyRouteGuards, routeSubtreeIds } from './route-guards';

/** Params of a company-scoped route: {companyId}, and {id} (a uuid) for one record. */
export const scopeParams = z.object({ companyId: z.string() }).strict();
export const itemParams = z.object({ companyId: z.string(), id: z.uuid() }).strict();

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller and the company subtree of the route's {companyId}, set by `guards` */
    scopedActor: Actor;
  }
}

/**
 * The guards of a company-scoped route whose handler reads the route company's subtree: the access
 * table's entry for (resource, action) first (403), then {companyId} inside the caller's scope
 * (404), then `request.scopedActor` with the subtree the handler may touch. Ids outside it answer
 * 404 like unknown ids.
 */
export function guards(app: FastifyInstance, ctx: AppContext, resource: string, action: string): preHandlerAsyncHookHandler[] {
  const actor: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    // the subtree came with the caller's one auth query (no round trip of its own)
    request.scopedActor = { ...request.actor, companyIds: await routeSubtreeIds(ctx.db, request) };
  };
  return [...companyRouteGuards(app, resource, action), actor];
}
