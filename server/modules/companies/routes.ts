import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyBodySchema, companyRecordSchema } from '../../../domain/schemas/companies-api';
import { referentSchema } from '../../../domain/schemas/company';
import type { AppContext } from '../../context';
import { listQuerySchema, parseListQuery, sendList } from '../../lib/list-query';
import { companyRouteGuards } from '../../lib/route-guards';
import { readLogo, saveLogo } from './logo';
import * as repo from './repository';
import * as service from './service';
import { readSingleFile } from './uploads';

const scopeParams = z.object({ companyId: z.string() });
const itemParams = z.object({ companyId: z.string(), id: z.string() });
const listFilter = z
  .object({ q: z.string().max(100).optional(), parentId: z.uuid().optional(), id: z.array(z.uuid()).max(100).optional() })
  .strict();

/** /api/company/{companyId}/companies: the registry of the companies below {companyId} (privative.companies). */
export async function companyRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart);
  const tags = ['companies'];
  const guard = companyRouteGuards(app, ['privative.companies']);
  const root = '/api/company/:companyId/companies';

  app.get(
    root,
    { schema: { tags, summary: 'Companies below {companyId} (filter q, parentId)', params: scopeParams, querystring: listQuerySchema, response: { 200: z.array(companyRecordSchema) } }, preHandler: guard },
    async (request, reply) => {
      const { filter, sort, offset, limit } = parseListQuery(request.query, listFilter, repo.COMPANY_SORT_FIELDS, { field: 'companyName', order: 'ASC' });
      const { rows, total } = await repo.listCompanies(ctx.db, request.params.companyId, filter, sort, offset, limit);
      return sendList(reply, 'companies', offset, rows, total);
    },
  );

  app.post(
    root,
    { schema: { tags, summary: 'Create a company (parentId defaults to {companyId})', params: scopeParams, body: companyBodySchema, response: { 201: companyRecordSchema } }, preHandler: guard },
    async (request, reply) => reply.code(201).send(await service.createCompany(ctx, request.params.companyId, request.body)),
  );

  app.get(`${root}/:id`, { schema: { tags, summary: 'One company', params: itemParams, response: { 200: companyRecordSchema } }, preHandler: guard }, async (request) =>
    service.getCompany(ctx, request.params.companyId, request.params.id),
  );

  app.put(
    `${root}/:id`,
    { schema: { tags, summary: 'Update a company', params: itemParams, body: companyBodySchema, response: { 200: companyRecordSchema } }, preHandler: guard },
    async (request) => service.updateCompany(ctx, request.params.companyId, request.params.id, request.body),
  );

  app.delete(
    `${root}/:id`,
    { schema: { tags, summary: 'Delete a company nothing refers to (409 COMPANY_IN_USE otherwise)', params: itemParams, response: { 200: companyRecordSchema } }, preHandler: guard },
    async (request) => service.deleteCompany(ctx, request.params.companyId, request.params.id),
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: `${root}/:id/referent`,
      schema: { tags, summary: 'Create or update the referent (a pending user + activation e-mail)', params: itemParams, body: referentSchema, response: { 200: companyRecordSchema } },
      preHandler: guard,
      handler: async (request) => service.upsertReferent(ctx, request.auth, request.params.companyId, request.params.id, request.body),
    });
  }

  app.post(
    `${root}/:id/logo`,
    { schema: { tags, summary: 'Upload the logo (multipart "file": JPEG or PNG, at most 5 MB)', params: itemParams, response: { 200: companyRecordSchema } }, preHandler: guard },
    async (request) => saveLogo(ctx, request.params.companyId, request.params.id, await readSingleFile(request)),
  );

  app.get(`${root}/:id/logo`, { schema: { tags, summary: 'The logo image', params: itemParams }, preHandler: guard }, async (request, reply) => {
    const logo = await readLogo(ctx, request.params.companyId, request.params.id);
    return reply.type(logo.contentType).header('Cache-Control', 'private, no-cache').send(logo.data);
  });
}
