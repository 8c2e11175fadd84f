import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declaredFilter, filterIdsSchema, filterTextSchema } from '../../../domain/fields';
import { companyBodySchema, companyRecordSchema } from '../../../domain/schemas/companies-api';
import { companyFields, referentSchema } from '../../../domain/schemas/company';
import { declaredOrder } from '../../lib/list-query';
import type { AppContext } from '../../context';
import { companyCrudRoutes, itemParams } from '../../lib/company-routes';
import { readSingleFile } from '../../lib/uploads';
import { readLogo, saveLogo } from './logo';
import { malformedIdIsNotFound, onlyUuids } from '../../lib/malformed-id';
import * as repo from './repository';
import * as service from './service';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';
import { MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { formatFileSize } from '../../../domain/format';

const RESOURCE = 'privative-orders/companies';
/** The declared filters (companyFields: the parent), the search, a lookup's ids. */
const listFilter = declaredFilter(companyFields, { q: filterTextSchema.optional(), id: filterIdsSchema(filterTextSchema).transform(onlyUuids).optional() });

/** /api/company/{companyId}/companies: the registry of the companies below {companyId} (privative.companies). */
export async function companyRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart);
  malformedIdIsNotFound(app);
  const tags = ['companies'];
  const root = apiRoute(RESOURCE);

  companyCrudRoutes(app, {
    resource: RESOURCE,
    root,
    tags,
    name: 'companies',
    record: companyRecordSchema,
    list: {
      summary: 'Companies below {companyId} (filter q, parentId)',
      filter: listFilter,
      ...declaredOrder(companyFields, repo.COMPANY_SORT_COLUMNS),
      run: (actor, q) => service.listCompanies(ctx, actor, actor.companyId, q.filter, q.sort, q.offset, q.limit),
    },
    create: { summary: 'Create a company (parentId defaults to {companyId})', body: companyBodySchema, run: (actor, body) => service.createCompany(ctx, actor, actor.companyId, body) },
    show: { summary: 'One company', run: (actor, id) => service.getCompany(ctx, actor, actor.companyId, id) },
    edit: { summary: 'Update a company', body: companyBodySchema, run: (actor, id, body) => service.updateCompany(ctx, actor, actor.companyId, id, body) },
    delete: { summary: 'Delete a company nothing refers to (409 COMPANY_IN_USE otherwise)', run: (actor, id) => service.deleteCompany(ctx, actor, actor.companyId, id) },
  });

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: `${root}/:id/referent`,
      schema: { tags, summary: 'Create or update the referent (a pending user + activation e-mail)', params: itemParams, body: referentSchema, response: { 200: companyRecordSchema } },
      config: routeAccess(RESOURCE, 'edit'),
      handler: async (request) => service.upsertReferent(ctx, request.actor, request.params.companyId, request.params.id, request.body),
    });
  }

  app.delete(
    `${root}/:id/referent`,
    {
      schema: {
        tags,
        summary: 'Remove the referent: a never-activated one is deleted, an active one disabled (sessions end); audited. Answers the company',
        params: itemParams,
        response: { 200: companyRecordSchema },
      },
      config: routeAccess(RESOURCE, 'edit'),
    },
    async (request) => service.removeReferent(ctx, request.actor, request.params.companyId, request.params.id),
  );

  app.post(
    `${root}/:id/logo`,
    { schema: { tags, summary: `Upload the logo (multipart "file": JPEG or PNG, at most ${formatFileSize(MAX_UPLOAD_BYTES, 'en')})`, params: itemParams, response: { 200: companyRecordSchema } }, config: routeAccess(RESOURCE, 'logo') },
    async (request) => saveLogo(ctx, request.actor, request.params.companyId, request.params.id, await readSingleFile(request)),
  );

  app.get(`${root}/:id/logo`, { schema: { tags, summary: 'The logo image', params: itemParams }, config: routeAccess(RESOURCE, 'show') }, async (request, reply) => {
    const logo = await readLogo(ctx, request.params.companyId, request.params.id);
    return reply.type(logo.contentType).header('Cache-Control', 'private, no-cache').send(logo.data);
  });
}
