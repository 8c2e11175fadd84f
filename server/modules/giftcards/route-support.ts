import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { subtreeIds } from '../../lib/company-scope';
import { companyRouteGuards, routeSubtreeIds } from '../../lib/route-guards';
import { idempotencyKeyOf, type IdempotencyRequest } from './idempotency';
import type { Actor, MoveOptions } from './moves.service';

export const scopeParams = z.object({ companyId: z.string() }).strict();
export const itemParams = z.object({ companyId: z.string(), id: z.uuid() }).strict();

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller and the company subtree of the route's {companyId}, set by the scope guard */
    giftcardActor: Actor;
  }
}

/**
 * Every gift-card route: the access table's entry for (resource, action) first (403), then
 * {companyId} inside the caller's scope (404), then the subtree the handler may touch. Ids
 * outside it answer 404 like unknown ids.
 */
export function guards(app: FastifyInstance, ctx: AppContext, resource: string, action: string): preHandlerAsyncHookHandler[] {
  const actor: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    // the subtree came with the caller's one auth query (no round trip of its own)
    request.giftcardActor = { userId: request.actor.userId, permissions: request.actor.permissions, companyIds: await routeSubtreeIds(ctx.db, request) };
  };
  return [...companyRouteGuards(app, resource, action), actor];
}

/** The gift-card actor of a principal already checked on `companyId` (routes, jobs). */
export async function actorFor(ctx: AppContext, userId: string, permissions: Actor['permissions'], companyId: string): Promise<Actor> {
  return { userId, permissions, companyIds: await subtreeIds(ctx.db, companyId) };
}

/** Move options of a request: the configured maximum and its Idempotency-Key, if any. */
export function moveOptions(ctx: AppContext, request: FastifyRequest, route: string, body: unknown): MoveOptions {
  const key = idempotencyKeyOf(request.headers);
  const idempotency: IdempotencyRequest | null = key ? { key, userId: request.auth.user.id, route, body } : null;
  return { maxTransactionCents: ctx.config.giftCards.maxTransactionCents, idempotency };
}
