import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INTEGRATED_ORDER_DEFAULT_SORT, INTEGRATED_ORDER_SORT_FIELDS, integratedOrderDetailSchema, integratedOrderFilterSchema, integratedOrderSchema } from '../../../domain/integratedOrders';
import { orderExportQuerySchema } from '../../../domain/orders';
import type { AppContext } from '../../context';
import { ID_SORT, listQueryOf, parseFilter, parseListQuery, sendPage } from '../../lib/list-query';
import { itemParams, scopeParams } from '../../lib/route-support';
import { integratedOrdersCsvStream } from './export';
import { listOrders } from './repository';
import { integratedOrderDetail } from './service';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const RESOURCE = 'privative-orders/integrated-orders';
const PATH = 'integrated-orders';
/** the domain's sorts and the id every list accepts */
const SORTS = [...INTEGRATED_ORDER_SORT_FIELDS, ID_SORT] as const;

/** /api/company/{companyId}/giftcard/integrated-orders…: the subtree's integrated orders (README.md beside this file). */
export async function integratedOrderRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['integrated orders'];
  const root = apiRoute(RESOURCE);

  app.get(
    root,
    {
      schema: {
        tags,
        summary: "Integrated orders (web shops') of the company subtree (filter {number, dateFrom, dateTo, state, typologyId, companyId}, sort, range; load more)",
        params: scopeParams,
        querystring: listQueryOf(SORTS),
        response: { 200: z.array(integratedOrderSchema) },
      },
      config: routeAccess(RESOURCE, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, integratedOrderFilterSchema, SORTS, INTEGRATED_ORDER_DEFAULT_SORT);
      const rows = await listOrders(ctx.db, request.scopedActor.companyIds, { filter: q.filter, sort: q.sort, offset: q.offset, after: q.after, limit: q.limit + 1 });
      return sendPage(reply, PATH, q.offset, q.limit, rows, q.sort);
    },
  );

  app.get(
    `${root}/export`,
    {
      schema: { tags, summary: 'Integrated orders as CSV, one line per item, in the user\'s language (filter, lang it|en, tz), streamed', params: scopeParams, querystring: orderExportQuerySchema },
      config: routeAccess(RESOURCE, 'export'),
    },
    async (request, reply) => {
      const filter = parseFilter(request.query.filter, integratedOrderFilterSchema);
      const format = { language: request.query.lang ?? 'it', timeZone: request.query.tz ?? 'Europe/Rome' } as const;
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${PATH}.csv"`).header('Cache-Control', 'no-store');
      return reply.send(integratedOrdersCsvStream(ctx.db, request.scopedActor.companyIds, filter, format));
    },
  );

  app.get(
    `${root}/:id`,
    { schema: { tags, summary: 'One integrated order with its items', params: itemParams, response: { 200: integratedOrderDetailSchema } }, config: routeAccess(RESOURCE, 'show') },
    async (request) => integratedOrderDetail(ctx.db, request.scopedActor.companyIds, request.params.id),
  );
}
