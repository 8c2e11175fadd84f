import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { squareCodeFields, squareCodeSchema } from '../../../domain/schemas/square';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { declaredOrder, listQueryOf, parseListQuery, sendPage } from '../../lib/list-query';
import { itemParams, scopeParams } from '../../lib/route-support';
import { findSquareCode, listSquareCodes, SQUARE_CODE_SORT_COLUMNS, squareCodeFilterSchema, type SquareCodeFilter } from './codes.repository';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const CODES = 'square/codes';
const ORDER = declaredOrder(squareCodeFields, SQUARE_CODE_SORT_COLUMNS);

/** /api/company/{companyId}/square/codes… (README.md beside this file). */
export async function codeRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['square'];
  const root = apiRoute('square/codes');

  app.get(
    root,
    {
      schema: { tags, summary: "The subtree's square codes, last activated first (filter {status, orderId, typology, q: code or e-mail}, range, cursor)", params: scopeParams, querystring: listQueryOf(ORDER.sortFields), response: { 200: z.array(squareCodeSchema) } },
      config: routeAccess(CODES, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, squareCodeFilterSchema, ORDER.sortFields, ORDER.defaultSort);
      const rows = await listSquareCodes(ctx.db, request.scopedActor.companyIds, { filter: q.filter as SquareCodeFilter, sort: q.sort, offset: q.offset, after: q.after, limit: q.limit + 1 });
      return sendPage(reply, 'codes', q.offset, q.limit, rows, q.sort);
    },
  );

  app.get(
    `${root}/:id`,
    { schema: { tags, summary: 'One code with its activity (every state change, oldest first, with who made it)', params: itemParams, response: { 200: squareCodeSchema } }, config: routeAccess(CODES, 'show') },
    async (request) => (await findSquareCode(ctx.db, request.scopedActor.companyIds, request.params.id)) ?? Promise.reject(notFound('No such square code')),
  );
}
