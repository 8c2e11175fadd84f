import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declaredFilter, filterIdsSchema, filterTextSchema } from '../../../domain/fields';
import { storeFields, storeSchema } from '../../../domain/schemas/store';
import { declaredOrder } from '../../lib/list-query';
import { STORE_IMPORT_TEMPLATE, storeImportResultSchema, storeRecordSchema } from '../../../domain/schemas/stores-api';
import type { AppContext } from '../../context';
import { companyCrudRoutes, scopeParams } from '../../lib/company-routes';
import { readSingleFile } from '../../lib/uploads';
import { importStores } from './import';
import { malformedIdIsNotFound, onlyUuids } from '../../lib/malformed-id';
import * as repo from './repository';
import * as service from './service';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';
import { MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { formatFileSize } from '../../../domain/format';

const RESOURCE = 'privative/stores';
/** The declared filters (storeFields), the search, the code and name of the store pickers, a lookup's ids. */
const listFilter = declaredFilter(storeFields, {
  q: filterTextSchema.optional(),
  code: filterTextSchema.optional(),
  name: filterTextSchema.optional(),
  id: filterIdsSchema(filterTextSchema).transform(onlyUuids).optional(),
});

/** /api/company/{companyId}/stores: the stores of company {companyId} (privative.stores). */
export async function storeRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart);
  malformedIdIsNotFound(app);
  const tags = ['stores'];
  const root = apiRoute(RESOURCE);
  const importGuard = routeAccess(RESOURCE, 'import');

  // before the CRUD routes' `/:id`, so the static paths win in the docs order too
  app.get(`${root}/import-template`, { schema: { tags, summary: 'The CSV template of the store import', params: scopeParams }, config: importGuard }, async (_request, reply) =>
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="stores-template.csv"').send(STORE_IMPORT_TEMPLATE),
  );

  app.post(
    `${root}/import`,
    { schema: { tags, summary: `Import stores from a CSV (multipart "file", at most ${formatFileSize(MAX_UPLOAD_BYTES, 'en')}): good lines saved, bad ones reported with code and message`, params: scopeParams, response: { 200: storeImportResultSchema } }, config: importGuard },
    async (request) => importStores(ctx, request.actor, (await readSingleFile(request)).data),
  );

  companyCrudRoutes(app, {
    resource: RESOURCE,
    root,
    tags,
    name: 'stores',
    record: storeRecordSchema,
    list: {
      summary: 'Stores of {companyId} (filter q, code, name, storeCategoryId)',
      filter: listFilter,
      ...declaredOrder(storeFields, repo.STORE_SORT_COLUMNS),
      run: (actor, q) => repo.listStores(ctx.db, actor.companyId, q.filter, q.sort, q.offset, q.limit),
    },
    create: { summary: 'Create a store', body: storeSchema, run: (actor, body) => service.createStore(ctx, actor.companyId, body) },
    show: { summary: 'One store', run: (actor, id) => service.getStore(ctx, actor.companyId, id) },
    edit: { summary: 'Update a store', body: storeSchema, run: (actor, id, body) => service.updateStore(ctx, actor.companyId, id, body) },
    delete: { summary: 'Delete a store no card or transaction refers to (409 STORE_IN_USE otherwise)', run: (actor, id) => service.deleteStore(ctx, actor.companyId, id) },
  });
}
