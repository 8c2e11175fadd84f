import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ticketCategoryBodySchema, ticketCategorySchema } from '../../../domain/schemas/tickets';
import type { AppContext } from '../../context';
import { listQueryOf, parseListQuery, sendList } from '../../lib/list-query';
import { itemParams, scopeParams } from '../../lib/route-support';
import { CATEGORY_SORTS, listCategories } from './categories.repository';
import { categoryRecord, createCategory, updateCategory } from './categories.service';
import { parseBody } from './parse';
import { assertStaff, sideOf } from './viewer';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const CATEGORIES = 'tickets/categories';
const categoryFilterSchema = z.object({ active: z.boolean().optional(), q: z.string().max(100).optional() }).strict();

/** /api/company/{companyId}/ticket-categories… (README.md beside this file). */
export async function categoryRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['tickets'];
  const root = apiRoute('tickets/categories');

  app.get(
    root,
    {
      schema: { tags, summary: 'The ticket categories with their current version (filter {active, q}; the customer\'s side gets active ones only, without internal fields)', params: scopeParams, querystring: listQueryOf(CATEGORY_SORTS), response: { 200: z.array(ticketCategorySchema) } },
      config: routeAccess(CATEGORIES, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, categoryFilterSchema, CATEGORY_SORTS, { field: 'name', order: 'ASC' });
      const all = await listCategories(ctx.db, request.scopedActor.companyIds, sideOf(request.scopedActor), q.filter, q.sort);
      return sendList(reply, 'ticket-categories', q.offset, all.slice(q.offset, q.offset + q.limit), all.length);
    },
  );

  app.get(
    `${root}/:id`,
    { schema: { tags, summary: 'One category with its current version', params: itemParams, response: { 200: ticketCategorySchema } }, config: routeAccess(CATEGORIES, 'show') },
    async (request) => categoryRecord(ctx, request.scopedActor, request.params.id),
  );

  app.post(
    root,
    {
      schema: { tags, summary: 'Creates a category (version 1); provider staff only (403 PROVIDER_STAFF_ONLY)', params: scopeParams, body: z.unknown().describe('ticketCategoryBodySchema'), response: { 201: ticketCategorySchema } },
      config: routeAccess(CATEGORIES, 'create'),
    },
    async (request, reply) => {
      assertStaff(request.scopedActor, 'manage ticket categories');
      return reply.code(201).send(await createCategory(ctx, request.scopedActor, parseBody(ticketCategoryBodySchema, request.body)));
    },
  );

  app.put(
    `${root}/:id`,
    {
      schema: {
        tags,
        summary: 'Saves a new version of the category (its tickets keep theirs); 409 TICKET_CATEGORY_CHANGE_REFUSED when a field changes type or an option is removed; provider staff only',
        params: itemParams,
        body: z.unknown().describe('ticketCategoryBodySchema'),
        response: { 200: ticketCategorySchema },
      },
      config: routeAccess(CATEGORIES, 'edit'),
    },
    async (request) => {
      assertStaff(request.scopedActor, 'manage ticket categories');
      return updateCategory(ctx, request.scopedActor, request.params.id, parseBody(ticketCategoryBodySchema, request.body));
    },
  );
}
