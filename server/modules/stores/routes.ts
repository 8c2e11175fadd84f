import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storeSchema } from '../../../domain/schemas/store';
import { STORE_IMPORT_TEMPLATE, storeImportResultSchema, storeRecordSchema } from '../../../domain/schemas/stores-api';
import type { AppContext } from '../../context';
import { listQuerySchema, parseListQuery, sendList } from '../../lib/list-query';
import { companyRouteGuards } from '../../lib/route-guards';
import { readSingleFile } from '../companies/uploads';
import { importStores } from './import';
import * as repo from './repository';
import * as service from './service';

const scopeParams = z.object({ companyId: z.string() });
const itemParams = z.object({ companyId: z.string(), id: z.string() });
const listFilter = z
  .object({
    q: z.string().max(100).optional(),
    code: z.string().max(100).optional(),
    name: z.string().max(100).optional(),
    storeCategoryId: z.string().max(100).optional(),
    id: z.array(z.uuid()).max(100).optional(),
  })
  .strict();

/** /api/company/{companyId}/stores: the stores of company {companyId} (privative.stores). */
export async function storeRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart);
  const tags = ['stores'];
  const guard = companyRouteGuards(app, ['privative.stores']);
  const root = '/api/company/:companyId/stores';

  app.get(
    root,
    { schema: { tags, summary: 'Stores of {companyId} (filter q, code, name, storeCategoryId)', params: scopeParams, querystring: listQuerySchema, response: { 200: z.array(storeRecordSchema) } }, preHandler: guard },
    async (request, reply) => {
      const { filter, sort, offset, limit } = parseListQuery(request.query, listFilter, repo.STORE_SORT_FIELDS, { field: 'code', order: 'ASC' });
      const { rows, total } = await repo.listStores(ctx.db, request.params.companyId, filter, sort, offset, limit);
      return sendList(reply, 'stores', offset, rows, total);
    },
  );

  app.post(
    root,
    { schema: { tags, summary: 'Create a store', params: scopeParams, body: storeSchema, response: { 201: storeRecordSchema } }, preHandler: guard },
    async (request, reply) => reply.code(201).send(await service.createStore(ctx, request.params.companyId, request.body)),
  );

  app.get(`${root}/import-template`, { schema: { tags, summary: 'The CSV template of the store import', params: scopeParams }, preHandler: guard }, async (_request, reply) =>
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="stores-template.csv"').send(STORE_IMPORT_TEMPLATE),
  );

  app.post(
    `${root}/import`,
    { schema: { tags, summary: 'Import stores from a CSV (multipart "file", at most 5 MB): good lines saved, bad ones reported', params: scopeParams, response: { 200: storeImportResultSchema } }, preHandler: guard },
    async (request) => importStores(ctx, request.params.companyId, (await readSingleFile(request)).data),
  );

  app.get(`${root}/:id`, { schema: { tags, summary: 'One store', params: itemParams, response: { 200: storeRecordSchema } }, preHandler: guard }, async (request) =>
    service.getStore(ctx, request.params.companyId, request.params.id),
  );

  app.put(
    `${root}/:id`,
    { schema: { tags, summary: 'Update a store', params: itemParams, body: storeSchema, response: { 200: storeRecordSchema } }, preHandler: guard },
    async (request) => service.updateStore(ctx, request.params.companyId, request.params.id, request.body),
  );

  app.delete(
    `${root}/:id`,
    { schema: { tags, summary: 'Delete a store no card or transaction refers to (409 STORE_IN_USE otherwise)', params: itemParams, response: { 200: storeRecordSchema } }, preHandler: guard },
    async (request) => service.deleteStore(ctx, request.params.companyId, request.params.id),
  );
}
