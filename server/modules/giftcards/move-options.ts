import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { idempotencyKeyOf, type IdempotencyRequest } from '../../lib/idempotency';
import type { MoveOptions } from './moves.service';

/** Move options of a request: the configured maximum and its Idempotency-Key, if any. */
export function moveOptions(ctx: AppContext, request: FastifyRequest, route: string, body: unknown): MoveOptions {
  const key = idempotencyKeyOf(request.headers);
  const idempotency: IdempotencyRequest | null = key ? { key, userId: request.auth.user.id, route, body } : null;
  return { maxTransactionCents: ctx.config.giftCards.maxTransactionCents, idempotency };
}
