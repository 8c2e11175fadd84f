import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiKeyScope } from '../../../domain/integration';
import type { AppContext } from '../../context';
import { ApiError } from '../../lib/errors';
import { idempotencyKeyOf, unwrap } from '../../lib/idempotency';
import type { IntegrationCaller } from './caller';
import { activateAndSell, cancelRow, cardByCode, consumeByCode, freezeByCode, returnAgainst, toIntegrationCard, toIntegrationMove, unfreezeRow, type CallOptions } from './giftcards.service';
import { integrationBodies, integrationCardSchema, integrationMoveSchema } from './schemas';
import { requireScope } from './scope';
import { keyAccess } from '../../lib/route-access';

export const INTEGRATION_TAG = 'Integration API';
/** OpenAPI: integration routes authenticate with an API key, not a session's token (plugins/docs.ts declares the scheme). */
export const integrationSecurity = [{ apiKey: [] as string[] }];

/**
 * The options of a money move: its Idempotency-Key is required (400 IDEMPOTENCY_KEY_REQUIRED), and
 * scoped to (API key, operation, key); a replay answers the first answer with `Idempotent-Replayed: true`.
 */
function callOptions(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, caller: IntegrationCaller, operation: string): CallOptions {
  const key = idempotencyKeyOf(request.headers);
  if (key === null) throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'Every money move needs an Idempotency-Key header', { 'Idempotency-Key': 'validation.required' });
  return {
    maxTransactionCents: ctx.config.giftCards.maxTransactionCents,
    idempotency: {
      key,
      userId: caller.actor.userId,
      apiKeyId: caller.keyId,
      route: `integration.giftcards.${operation}`,
      body: request.body,
      onReplay: () => void reply.header('Idempotent-Replayed', 'true'),
    },
  };
}

/** /api/integration/v1/giftcards/… (domain/integration.ts lists them; README.md beside this file). */
export async function integrationGiftcardRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = [INTEGRATION_TAG];
  const bodies = integrationBodies(ctx.config.giftCards.maxTransactionCents);
  // the scope is checked before the body (integration plugin): a key without it learns 403, not what the body lacks
  const needs = (scopeName: ApiKeyScope) => ({ config: keyAccess(scopeName) });
  const moveDoc = (summary: string, scopeName: ApiKeyScope) => ({ tags, security: integrationSecurity, summary: `${summary} (scope ${scopeName}; Idempotency-Key required)`, response: { 200: integrationMoveSchema } });

  app.post(
    '/giftcards/balance',
    { ...needs('giftcards.balance'), schema: { tags, security: integrationSecurity, summary: "A card's state and balance by its code (scope giftcards.balance); unknown codes and codes of other companies answer the same 404", body: bodies.balance, response: { 200: integrationCardSchema } } },
    async (request) => toIntegrationCard(await cardByCode(ctx.db, requireScope(request, 'giftcards.balance'), request.body.code)),
  );

  app.post('/giftcards/consume', { ...needs('giftcards.move'), schema: { ...moveDoc('Consume from a card at a store', 'giftcards.move'), body: bodies.consume } }, async (request, reply) => {
    const caller = requireScope(request, 'giftcards.move');
    return toIntegrationMove(unwrap(await consumeByCode(ctx.db, caller, request.body, callOptions(ctx, request, reply, caller, 'consume'))));
  });

  app.post('/giftcards/freeze', { ...needs('giftcards.move'), schema: { ...moveDoc('Freeze (hold) part of the available balance', 'giftcards.move'), body: bodies.freeze } }, async (request, reply) => {
    const caller = requireScope(request, 'giftcards.move');
    return toIntegrationMove(unwrap(await freezeByCode(ctx.db, caller, request.body, callOptions(ctx, request, reply, caller, 'freeze'))));
  });

  app.post('/giftcards/unfreeze', { ...needs('giftcards.move'), schema: { ...moveDoc('Release a FREEZE (its transactionId)', 'giftcards.move'), body: bodies.unfreeze } }, async (request, reply) => {
    const caller = requireScope(request, 'giftcards.move');
    return toIntegrationMove(unwrap(await unfreezeRow(ctx.db, caller, request.body.transactionId, callOptions(ctx, request, reply, caller, 'unfreeze'))));
  });

  app.post(
    '/giftcards/return',
    { ...needs('giftcards.move'), schema: { ...moveDoc('Return part of a consumption (its transactionId); never more than was consumed (422 RETURN_EXCEEDS_CONSUME)', 'giftcards.move'), body: bodies.return } },
    async (request, reply) => {
      const caller = requireScope(request, 'giftcards.move');
      return toIntegrationMove(unwrap(await returnAgainst(ctx.db, caller, request.body, callOptions(ctx, request, reply, caller, 'return'))));
    },
  );

  app.post('/giftcards/cancel', { ...needs('giftcards.move'), schema: { ...moveDoc('Cancel a consumption, reload or return (its transactionId)', 'giftcards.move'), body: bodies.cancel } }, async (request, reply) => {
    const caller = requireScope(request, 'giftcards.move');
    return toIntegrationMove(unwrap(await cancelRow(ctx.db, caller, request.body.transactionId, callOptions(ctx, request, reply, caller, 'cancel'))));
  });

  app.post(
    '/giftcards/activate-and-sell',
    {
      ...needs('giftcards.sell'),
      schema: {
        tags,
        security: integrationSecurity,
        summary: 'Activate a card as it is sold (scope giftcards.sell; Idempotency-Key required); amountCents for a variable-value card',
        body: bodies.activateAndSell,
        response: { 200: integrationCardSchema },
      },
    },
    async (request, reply) => {
      const caller = requireScope(request, 'giftcards.sell');
      return toIntegrationCard(unwrap(await activateAndSell(ctx.db, caller, request.body, callOptions(ctx, request, reply, caller, 'activate-and-sell'))));
    },
  );
}
