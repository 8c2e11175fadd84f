import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { PermissionKey } from '../../../domain/permissions';
import type { AppContext } from '../../context';
import { companyRouteGuards } from '../../lib/route-guards';
import { idempotencyKeyOf, type IdempotencyRequest } from './idempotency';
import type { Actor, MoveOptions } from './moves.service';
import { subtreeIds } from './scope';

export const scopeParams = z.object({ companyId: z.string() }).strict();
export const itemParams = z.object({ companyId: z.string(), id: z.uuid() }).strict();

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller and the company subtree of the route's {companyId}, set by the scope guard */
    giftcardActor: Actor;
  }
}

/**
 * Every gift-card route: a permission flag first (403), then {companyId} inside the caller's
 * scope (404), then the subtree the handler may touch. Ids outside it answer 404 like unknown ids.
 */
export function guards(app: FastifyInstance, ctx: AppContext, anyOf: readonly PermissionKey[]): preHandlerAsyncHookHandler[] {
  const actor: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    const { companyId } = request.params as { companyId: string };
    request.giftcardActor = { userId: request.auth.user.id, companyIds: await subtreeIds(ctx.db, companyId) };
  };
  return [...companyRouteGuards(app, anyOf), actor];
}

/** Move options of a request: the configured maximum and its Idempotency-Key, if any. */
export function moveOptions(ctx: AppContext, request: FastifyRequest, route: string, body: unknown): MoveOptions {
  const key = idempotencyKeyOf(request.headers);
  const idempotency: IdempotencyRequest | null = key ? { key, userId: request.auth.user.id, route, body } : null;
  return { maxTransactionCents: ctx.config.giftCards.maxTransactionCents, idempotency };
}
