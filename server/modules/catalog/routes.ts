import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchActivationAmountSchema,
  batchCreateSchema,
  batchFilterSchema,
  batchSchema,
  catalogTypologySchema,
  TYPOLOGY_SORT_FIELDS,
  typologyCreateSchema,
  typologyFilterSchema,
  typologyUpdateSchema,
} from '../../../domain/catalog';
import type { AppContext } from '../../context';
import { batchFields } from '../../../domain/schemas/batch';
import { declaredOrder, ID_SORT, listQueryOf, parseListQuery, sendList, sendPage } from '../../lib/list-query';
import { ApiError } from '../../lib/errors';
import { pathIdSchema, scopeParams } from '../../lib/route-support';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { listCatalog } from '../giftcards/typologies.repository';
import { archiveKey } from './archive';
import { BATCH_SORT_COLUMNS, listBatches } from './batches.repository';

const BATCH_ORDER = declaredOrder(batchFields, BATCH_SORT_COLUMNS);
const TYPOLOGY_SORTS = [...TYPOLOGY_SORT_FIELDS, ID_SORT] as const;
import { registerCatalogJobs } from './jobs';
import {
  archiveFileOf,
  createBatch,
  createTypology,
  editTypology,
  requestActivation,
  requestArchive,
  showBatch,
  showTypology,
} from './service';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

/** ids are checked by the services (an unknown or malformed id answers 404) */
const itemParams = z.object({ companyId: pathIdSchema, id: pathIdSchema }).strict();
const activateBody = z
  .object({ amountCents: batchActivationAmountSchema.optional() })
  .strict()
  .nullish();

/** Typologies and batches: /api/company/{companyId}/giftcard/typologies|batches (README.md beside this file). */
export async function catalogRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerCatalogJobs(ctx, base.jobRegistry);
  const typologies = apiRoute('privative/typologies');
  const batches = apiRoute('privative/batches');
  const TYP = 'privative/typologies';
  const BAT = 'privative/batches';
  const tags = ['catalog'];

  app.get(
    typologies,
    {
      schema: { tags, summary: 'The catalog: the provider typologies and those of the company subtree (filter {q, type, variableValue})', params: scopeParams, querystring: listQueryOf(TYPOLOGY_SORTS), response: { 200: z.array(catalogTypologySchema) } },
      config: routeAccess(TYP, 'list'),
    },
    async (request, reply) => {
      const query = parseListQuery(request.query, typologyFilterSchema, TYPOLOGY_SORTS, { field: 'name', order: 'ASC' });
      const { rows, total } = await listCatalog(ctx.db, request.scopedActor.companyIds, query);
      return sendList(reply, 'typologies', query.offset, rows, total);
    },
  );
  app.get(
    `${typologies}/:id`,
    { schema: { tags, summary: 'One typology of the catalog', params: itemParams, response: { 200: catalogTypologySchema } }, config: routeAccess(TYP, 'show') },
    async (request) => showTypology(ctx.db, request.scopedActor, request.params.id),
  );
  app.post(
    typologies,
    { schema: { tags, summary: 'A new typology (provider staff); companyId makes it a company product', params: scopeParams, body: typologyCreateSchema, response: { 201: catalogTypologySchema } }, config: routeAccess(TYP, 'create') },
    async (request, reply) => reply.code(201).send(await createTypology(ctx.db, request.scopedActor, request.body)),
  );
  app.put(
    `${typologies}/:id`,
    { schema: { tags, summary: 'Edit a typology (provider staff); type and variable value are fixed once cards exist', params: itemParams, body: typologyUpdateSchema, response: { 200: catalogTypologySchema } }, config: routeAccess(TYP, 'edit') },
    async (request) => editTypology(ctx.db, request.scopedActor, request.params.id, request.body),
  );

  app.get(
    batches,
    {
      schema: { tags, summary: 'Batches of the company subtree, newest first (filter {lotNumber, typologyId, status, archiveStatus})', params: scopeParams, querystring: listQueryOf(BATCH_ORDER.sortFields), response: { 200: z.array(batchSchema) } },
      config: routeAccess(BAT, 'list'),
    },
    async (request, reply) => {
      const query = parseListQuery(request.query, batchFilterSchema, BATCH_ORDER.sortFields, BATCH_ORDER.defaultSort);
      const rows = await listBatches(ctx.db, request.scopedActor.companyIds, { filter: query.filter, sort: query.sort, offset: query.offset, after: query.after, limit: query.limit });
      return sendPage(reply, 'batches', query.offset, query.limit, rows, query.sort);
    },
  );
  app.get(
    `${batches}/:id`,
    { schema: { tags, summary: 'One batch with its progress', params: itemParams, response: { 200: batchSchema } }, config: routeAccess(BAT, 'show') },
    async (request) => showBatch(ctx.db, request.scopedActor, request.params.id),
  );
  app.post(
    batches,
    {
      schema: { tags, summary: 'Generate a batch (provider staff): stored PENDING, a job makes the cards (generatedCount advances)', params: scopeParams, body: batchCreateSchema, response: { 201: batchSchema } },
      config: routeAccess(BAT, 'create'),
    },
    async (request, reply) => reply.code(201).send(await createBatch(ctx, request.scopedActor, request.body)),
  );
  app.post(
    `${batches}/:id/archive`,
    {
      schema: { tags, summary: 'Make (or make again) the print-ready PDF archive: archiveStatus PENDING, a job draws it (archiveCount advances)', params: itemParams, response: { 202: batchSchema } },
      config: routeAccess(BAT, 'archive'),
    },
    async (request, reply) => reply.code(202).send(await requestArchive(ctx, request.scopedActor, request.params.id)),
  );
  app.get(
    `${batches}/:id/archive`,
    {
      schema: { tags, summary: 'Download the PDF archive (409 ARCHIVE_NOT_READY until archiveStatus is COMPLETED; 404 FILE_NOT_FOUND when the storage no longer has it)', params: itemParams, produces: ['application/pdf'] },
      config: routeAccess(BAT, 'download'),
    },
    async (request, reply) => {
      const { batch, file } = await archiveFileOf(ctx.db, request.scopedActor, request.params.id);
      const body = await ctx.files.get(archiveKey(file));
      // COMPLETED with no file: the storage lost it (a deleted folder, a bucket emptied, an instance
      // with a storage of its own): a clear 404, and making the archive again mends it
      if (!body) {
        request.log.warn({ batchId: batch.id, file }, 'the archive file is missing from the file storage');
        throw new ApiError(404, 'FILE_NOT_FOUND', 'The archive file is no longer in the file storage');
      }
      const name = `batch-${batch.lotNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
  for (const mode of ['activate', 'deactivate'] as const) {
    app.post(
      `${batches}/:id/${mode}`,
      {
        schema: {
          tags,
          summary: `${mode === 'activate' ? 'Activate' : 'Deactivate'} the batch's cards through the ledger, as a job (${mode === 'activate' ? 'PENDING_ACTIVATION' : 'PENDING_DEACTIVATE'}); honours Idempotency-Key${mode === 'activate' ? '; amountCents for variable-value typologies' : ''}`,
          params: itemParams,
          ...(mode === 'activate' ? { body: activateBody } : {}),
          response: { 202: batchSchema },
        },
        config: routeAccess(BAT, mode),
      },
      async (request, reply) => {
        const body = (request.body ?? undefined) as { amountCents?: number } | undefined;
        const key = idempotencyKeyOf(request.headers);
        const idempotency = key ? { key, userId: request.auth.user.id, route: `batches.${mode}:${request.params.id}`, body: body ?? {} } : null;
        return reply.code(202).send(await requestActivation(ctx, request.scopedActor, request.params.id, mode, body?.amountCents, idempotency));
      },
    );
  }
}
