import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorCreateSchema, operatorRecordSchema, operatorUpdateSchema } from '../../../domain/schemas/companies-api';
import { USER_STATUSES } from '../../../domain/schemas/auth';
import type { AppContext } from '../../context';
import { listQuerySchema, parseListQuery, sendList } from '../../lib/list-query';
import { companyRouteGuards } from '../../lib/route-guards';
import * as repo from './repository';
import * as service from './service';

const scopeParams = z.object({ companyId: z.string() });
const itemParams = z.object({ companyId: z.string(), id: z.string() });
const listFilter = z
  .object({ q: z.string().max(100).optional(), companyId: z.uuid().optional(), status: z.enum(USER_STATUSES).optional() })
  .strict();

/** /api/company/{companyId}/operators: users of operator role in the subtree (privative.companies). */
export async function operatorRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['operators'];
  const guard = companyRouteGuards(app, ['privative.companies']);
  const root = '/api/company/:companyId/operators';

  app.get(
    root,
    { schema: { tags, summary: 'Operators in the subtree of {companyId} (filter q, companyId, status)', params: scopeParams, querystring: listQuerySchema, response: { 200: z.array(operatorRecordSchema) } }, preHandler: guard },
    async (request, reply) => {
      const { filter, sort, offset, limit } = parseListQuery(request.query, listFilter, repo.OPERATOR_SORT_FIELDS, { field: 'lastName', order: 'ASC' });
      const { rows, total } = await repo.listOperators(ctx.db, request.params.companyId, filter, sort, offset, limit);
      return sendList(reply, 'operators', offset, rows, total);
    },
  );

  app.post(
    root,
    { schema: { tags, summary: 'Create an operator (pending until activated through the e-mailed link)', params: scopeParams, body: operatorCreateSchema, response: { 201: operatorRecordSchema } }, preHandler: guard },
    async (request, reply) => reply.code(201).send(await service.createOperator(ctx, request.auth, request.params.companyId, request.body)),
  );

  app.get(`${root}/:id`, { schema: { tags, summary: 'One operator', params: itemParams, response: { 200: operatorRecordSchema } }, preHandler: guard }, async (request) =>
    service.getOperator(ctx, request.params.companyId, request.params.id),
  );

  app.put(
    `${root}/:id`,
    { schema: { tags, summary: "Update an operator's contact data", params: itemParams, body: operatorUpdateSchema, response: { 200: operatorRecordSchema } }, preHandler: guard },
    async (request) => service.updateOperator(ctx, request.params.companyId, request.params.id, request.body),
  );

  app.delete(
    `${root}/:id`,
    { schema: { tags, summary: 'Disable an operator (sessions end at once)', params: itemParams, response: { 200: operatorRecordSchema } }, preHandler: guard },
    async (request) => service.disableOperator(ctx, request.auth, request.params.companyId, request.params.id),
  );
}
