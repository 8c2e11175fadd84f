import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { giftCardSchema, type CardFilter } from '../../../domain/giftcards';
import {
  createOrderSchema,
  MAX_STOCK_RUNS,
  ORDER_VIEW_RESOURCES,
  orderCodesQuerySchema,
  orderConfigurationSchema,
  orderDetailSchema,
  orderExpirySchema,
  orderExportQuerySchema,
  orderFilterSchema,
  orderItemSchema,
  orderSchema,
  orderStockQuerySchema,
  orderStockRunSchema,
  orderTrackingSchema,
} from '../../../domain/orders';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { acquiredOrderFields, orderFields } from '../../../domain/schemas/order';
import { declaredOrder, listQueryOf, parseFilter, parseListQuery, sendPage } from '../../lib/list-query';
import { CARD_ORDER, countCards, listCards } from '../giftcards/cards.repository';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { itemParams, pathIdSchema, scopeParams } from '../../lib/route-support';
import { orderCodesCsvStream, orderCodesPdfStream, ordersCsvStream } from './export';
import { recordCodeRead } from '../audit';
import { registerOrderJobs } from './jobs';
import { ORDER_SORT_COLUMNS, findOrder, listOrders, stockRuns, type OrderView } from './repository';
import * as service from './service';
import { routeAccess } from '../../lib/route-access';
import type { ResourceName } from '../../../domain/access';
import { apiRoute } from '../../../domain/resources';

/** the views' resources, the same the records' `actions` are checked against (domain/orders.ts) */
const ORDERS = ORDER_VIEW_RESOURCES.placed;
const ACQUIRED = ORDER_VIEW_RESOURCES.acquired;
const itemRouteParams = z.object({ companyId: pathIdSchema, id: z.uuid(), itemId: z.uuid() }).strict();
/** items carry a base64 image or names list of up to 5 MB */
const ITEM_BODY_LIMIT = 8 * 1024 * 1024;

/** The Idempotency-Key of a confirm/activate/cancel, scoped to the action and the order. */
function keyOf(request: FastifyRequest, action: string, id: string) {
  const key = idempotencyKeyOf(request.headers);
  return key ? { key, userId: request.actor.userId, route: `orders.${action}:${id}`, body: request.body ?? {} } : null;
}

/** /api/company/{companyId}/giftcard/orders… and acquired-orders… (README.md beside this file). */
export async function orderRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  registerOrderJobs(ctx, base.jobRegistry);
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  // ---------------------------------------------------------------- lists, shared by both views
  for (const [view, path, resource] of [
    ['placed', 'orders', ORDERS],
    ['acquired', 'acquired-orders', ACQUIRED],
  ] as Array<[OrderView, string, ResourceName]>) {
    const what = view === 'placed' ? 'Orders the company subtree placed' : 'Orders other companies placed for the company subtree';
    const order = declaredOrder(view === 'placed' ? orderFields : acquiredOrderFields, ORDER_SORT_COLUMNS);
    app.get(
      apiRoute(resource),
      {
        schema: { tags, summary: `${what} (filter {number, dateFrom, dateTo, state, shippingType, typologyId, companyId}, range)`, params: scopeParams, querystring: listQueryOf(order.sortFields), response: { 200: z.array(orderSchema) } },
        config: routeAccess(resource, 'list'),
      },
      async (request, reply) => {
        const q = parseListQuery(request.query, orderFilterSchema, order.sortFields, order.defaultSort);
        const rows = await listOrders(ctx.db, view, request.scopedActor.companyIds, { filter: q.filter, sort: q.sort, offset: q.offset, after: q.after, limit: q.limit + 1 });
        return sendPage(reply, path, q.offset, q.limit, rows, q.sort);
      },
    );

    app.get(
      `${apiRoute(resource)}/export`,
      { schema: { tags, summary: `${what} as CSV in the user's language (lang it|en|es|fr|de, tz), streamed`, params: scopeParams, querystring: orderExportQuerySchema }, config: routeAccess(resource, 'export') },
      async (request, reply) => {
        const filter = parseFilter(request.query.filter, orderFilterSchema);
        const format = { language: request.query.lang ?? 'it', timeZone: request.query.tz ?? 'Europe/Rome' } as const;
        reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${path}.csv"`).header('Cache-Control', 'no-store');
        return reply.send(ordersCsvStream(ctx.db, view, request.scopedActor.companyIds, filter, format));
      },
    );

    app.get(
      `${apiRoute(resource)}/:id`,
      { schema: { tags, summary: 'One order with its items and the actions the caller may take now', params: itemParams, response: { 200: orderDetailSchema } }, config: routeAccess(resource, 'show') },
      async (request) => service.orderDetail(ctx.db, view, request.scopedActor, request.params.id),
    );

    app.get(
      `${apiRoute(resource)}/:id/cards`,
      { schema: { tags, summary: "The order's gift cards (sort, range; load more)", params: itemParams, querystring: listQueryOf(CARD_ORDER.sortFields), response: { 200: z.array(giftCardSchema) } }, config: routeAccess(resource, 'show') },
      async (request, reply) => {
        const order = await findOrder(ctx.db, view, request.scopedActor.companyIds, request.params.id);
        if (!order) throw notFound();
        const q = parseListQuery(request.query, z.object({}).strict(), CARD_ORDER.sortFields, CARD_ORDER.defaultSort);
        const filter = { orderReference: order.number } as CardFilter;
        const rows = await listCards(ctx.db, [order.companyId], { filter, sort: q.sort, offset: q.offset, after: q.after, limit: q.limit + 1 });
        return sendPage(reply, 'cards', q.offset, q.limit, rows, q.sort, async (cap) => (await countCards(ctx.db, [order.companyId], filter, cap)).count);
      },
    );

    app.get(
      `${apiRoute(resource)}/:id/codes`,
      {
        schema: { tags, summary: "The order's codes: format=csv (streamed, in lang it|en|es|fr|de) or pdf (print-ready sheets of card fronts with barcodes, streamed)", params: itemParams, querystring: orderCodesQuerySchema },
        config: routeAccess(resource, 'codes'),
      },
      async (request, reply) => {
        const order = await service.orderWithCodes(ctx.db, request.scopedActor, request.params.id, view);
        // the file lists every full code (masked everywhere else): the audit trail records who read them
        await recordCodeRead(ctx.db, 'orders', order.id, order.companyId);
        if (request.query.format === 'pdf') {
          reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${order.number}-codes.pdf"`).header('Cache-Control', 'no-store');
          return reply.send(orderCodesPdfStream(ctx.db, order, request.query.lang ?? 'it'));
        }
        reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${order.number}-codes.csv"`).header('Cache-Control', 'no-store');
        return reply.send(orderCodesCsvStream(ctx.db, order, { language: request.query.lang ?? 'it', timeZone: request.query.tz ?? 'Europe/Rome' }));
      },
    );

    app.post(
      `${apiRoute(resource)}/:id/delivered`,
      { schema: { tags, summary: 'SHIPPED → SHIPMENT_DELIVERED ("mark as delivered" / "received"; third-party shipments)', params: itemParams, response: { 200: orderDetailSchema } }, config: routeAccess(resource, 'delivered') },
      async (request) => service.markDelivered(ctx, request.scopedActor, request.params.id, view),
    );
  }

  // ---------------------------------------------------------------- drafts (NEW), saved at every wizard step
  app.post(
    apiRoute(ORDERS),
    { schema: { tags, summary: 'A new draft order (NEW) for a company of the subtree', params: scopeParams, body: createOrderSchema, response: { 201: orderDetailSchema } }, config: routeAccess(ORDERS, 'create') },
    async (request, reply) => reply.code(201).send(await service.createOrder(ctx, request.scopedActor, request.body)),
  );

  app.get(
    `${apiRoute(ORDERS)}/stock`,
    {
      schema: { tags, summary: `Unsold physical stock of a typology the company's orders may draw ranges from: runs of consecutive progressives per lot (at most ${MAX_STOCK_RUNS})`, params: scopeParams, querystring: orderStockQuerySchema, response: { 200: z.array(orderStockRunSchema) } },
      config: routeAccess(ORDERS, 'create'),
    },
    async (request) => stockRuns(ctx.db, request.actor.companyId, request.query.typologyId, MAX_STOCK_RUNS),
  );

  app.put(
    `${apiRoute(ORDERS)}/:id`,
    { schema: { tags, summary: "The draft's configuration (referent, valid months, company order number, e-mail flag, auto-activate, address)", params: itemParams, body: orderConfigurationSchema, response: { 200: orderDetailSchema } }, config: routeAccess(ORDERS, 'edit') },
    async (request) => service.configureOrder(ctx, request.scopedActor, request.params.id, request.body),
  );

  app.delete(
    `${apiRoute(ORDERS)}/:id`,
    { schema: { tags, summary: 'Delete a draft', params: itemParams }, config: { noContent: true, ...routeAccess(ORDERS, 'delete') } },
    async (request, reply) => {
      await service.deleteOrder(ctx, request.scopedActor, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${apiRoute(ORDERS)}/:id/items`,
    { schema: { tags, summary: "The order's items", params: itemParams, response: { 200: z.array(orderItemSchema) } }, config: routeAccess(ORDERS, 'show') },
    async (request) => service.draftItems(ctx.db, request.scopedActor, request.params.id),
  );

  const itemBody = 'Body: {typologyId, quantity?, valueCents?, ranges?: [{from, to}], template?: {type, name, content}, namesList?: {type, name, content}} (domain/orders.ts makeOrderItemSchema of the order\'s shipping type)';
  app.post(
    `${apiRoute(ORDERS)}/:id/items`,
    { bodyLimit: ITEM_BODY_LIMIT, schema: { tags, summary: `Add an item to a draft. ${itemBody}`, params: itemParams, response: { 201: orderItemSchema } }, config: routeAccess(ORDERS, 'edit') },
    async (request, reply) => reply.code(201).send(await service.addItem(ctx, request.scopedActor, request.params.id, request.body)),
  );

  app.put(
    `${apiRoute(ORDERS)}/:id/items/:itemId`,
    { bodyLimit: ITEM_BODY_LIMIT, schema: { tags, summary: `Replace an item of a draft. ${itemBody}`, params: itemRouteParams, response: { 200: orderItemSchema } }, config: routeAccess(ORDERS, 'edit') },
    async (request) => service.editItem(ctx, request.scopedActor, request.params.id, request.params.itemId, request.body),
  );

  app.delete(
    `${apiRoute(ORDERS)}/:id/items/:itemId`,
    { schema: { tags, summary: 'Remove an item of a draft', params: itemRouteParams, response: { 200: orderDetailSchema } }, config: routeAccess(ORDERS, 'edit') },
    async (request) => service.removeItem(ctx, request.scopedActor, request.params.id, request.params.itemId),
  );

  // ---------------------------------------------------------------- the order's life
  app.post(
    `${apiRoute(ORDERS)}/:id/confirm`,
    { schema: { tags, summary: 'NEW → PENDING; a job issues the cards; confirmation e-mail; honours Idempotency-Key', params: itemParams, response: { 200: orderDetailSchema } }, config: routeAccess(ORDERS, 'confirm') },
    async (request) => service.confirmOrder(ctx, request.scopedActor, request.params.id, keyOf(request, 'confirm', request.params.id)),
  );

  app.post(
    `${apiRoute(ORDERS)}/:id/activate`,
    { schema: { tags, summary: 'Activate the issued cards (ACTIVATE rows); recipients get their codes; honours Idempotency-Key', params: itemParams, response: { 200: orderDetailSchema } }, config: routeAccess(ORDERS, 'activate') },
    async (request) => service.activateOrder(ctx, request.scopedActor, request.params.id, keyOf(request, 'activate', request.params.id)),
  );

  app.post(
    `${apiRoute(ORDERS)}/:id/cancel`,
    { schema: { tags, summary: '→ PENDING_CANCEL → IN_PROGRESS_CANCEL → CANCELLED (job; cards voided with CANCEL rows); 409 ORDER_CARDS_USED; honours Idempotency-Key', params: itemParams, response: { 200: orderDetailSchema } }, config: routeAccess(ORDERS, 'cancel') },
    async (request) => service.cancelOrder(ctx, request.scopedActor, request.params.id, keyOf(request, 'cancel', request.params.id)),
  );

  app.post(
    `${apiRoute(ORDERS)}/:id/retry`,
    { schema: { tags, summary: 'ERROR → PENDING: issue again (provider staff)', params: itemParams, response: { 200: orderDetailSchema } }, config: routeAccess(ORDERS, 'retry') },
    async (request) => service.retryOrder(ctx, request.scopedActor, request.params.id),
  );

  app.post(
    `${apiRoute(ORDERS)}/:id/expiry`,
    { schema: { tags, summary: "The cards' expiry day (before activation)", params: itemParams, body: orderExpirySchema, response: { 200: orderDetailSchema } }, config: routeAccess(ORDERS, 'editExpiry') },
    async (request) => service.editExpiry(ctx, request.scopedActor, request.params.id, request.body.expireDate),
  );

  app.post(
    `${apiRoute(ORDERS)}/:id/tracking`,
    { schema: { tags, summary: 'Tracking of a third-party shipment (provider staff); SHIPMENT_IN_PROGRESS → SHIPPED', params: itemParams, body: orderTrackingSchema, response: { 200: orderDetailSchema } }, config: routeAccess(ORDERS, 'tracking') },
    async (request) => service.setTracking(ctx, request.scopedActor, request.params.id, request.body),
  );

  app.post(
    `${apiRoute(ORDERS)}/:id/resend-confirmation`,
    { schema: { tags, summary: 'Send the confirmation e-mail again (outbox)', params: itemParams, response: { 200: z.object({ emails: z.number() }) } }, config: routeAccess(ORDERS, 'resendConfirmation') },
    async (request) => service.resendConfirmation(ctx, request.scopedActor, request.params.id),
  );
}
