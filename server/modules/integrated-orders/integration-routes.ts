import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INTEGRATED_ORDER_LIMITS, integratedOrderBodySchema, integratedOrderDetailSchema } from '../../../domain/integratedOrders';
import { maxLengthMessage } from '../../../domain/messages';
import type { AppContext } from '../../context';
import { requireScope } from '../integration-api/scope';
import { keyAccess } from '../../lib/route-access';
import type { IntegrationCaller } from '../integration-api/caller';
import { createIntegratedOrder, integratedOrderByNumber, type IntegratedOrderCaller } from './service';

const numberParams = z.object({ orderNumber: z.string().min(1).max(INTEGRATED_ORDER_LIMITS.orderNumberMax, maxLengthMessage(INTEGRATED_ORDER_LIMITS.orderNumberMax)) }).strict();

/** The key as the service sees it: its id, and the principal it acts as (the key's company and subtree). */
const orderCaller = (caller: IntegrationCaller): IntegratedOrderCaller => ({ keyId: caller.keyId, actor: caller.actor });

/**
 * `POST /orders` and `GET /orders/{orderNumber}` of the integration API, registered by the
 * integration plugin under /api/integration/v1 (it authenticates the key first and sets
 * `request.apiKey`); both need the scope `orders.create`. README.md beside this file.
 */
export async function integratedOrderIntegrationRoutes(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['Integration API'];
  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary:
          "A web shop's order: one digital gift card per item, minted, activated and its code e-mailed to the item's activation e-mail (default the buyer's) in the buyer's language. Idempotent on orderNumber: the same number and body again answers 200 with the same order; another body 409 INTEGRATED_ORDER_CONFLICT; a typology that is not a digital one of the key's company 422 INTEGRATED_ORDER_TYPOLOGY_INVALID (items.<i>.typologyId). Scope orders.create.",
        body: integratedOrderBodySchema,
        response: { 200: integratedOrderDetailSchema, 201: integratedOrderDetailSchema },
      },
      // the scope before the body (integration plugin): a key without it learns nothing about what it sent
      config: keyAccess('orders.create'),
    },
    async (request, reply) => {
      const caller = requireScope(request, 'orders.create');
      const { created, order } = await createIntegratedOrder(ctx.db, ctx, orderCaller(caller), request.body);
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/orders/:orderNumber',
    {
      schema: {
        tags,
        summary: "The key's company's order of that number, with its items, serial numbers and PIN status (another company's number answers 404 like an unknown one). Scope orders.create.",
        params: numberParams,
        response: { 200: integratedOrderDetailSchema },
      },
      // the scope before the body (integration plugin): a key without it learns nothing about what it sent
      config: keyAccess('orders.create'),
    },
    async (request) => integratedOrderByNumber(ctx.db, orderCaller(requireScope(request, 'orders.create')), request.params.orderNumber),
  );
}
