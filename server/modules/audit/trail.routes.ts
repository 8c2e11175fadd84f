import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditExportQuerySchema, auditFilterSchema, auditRecordSchema } from '../../../domain/audit';
import type { AppContext } from '../../context';
import { ApiError, notFound } from '../../lib/errors';
import { ID_SORT, listQueryOf, NEXT_CURSOR_HEADER, parseFilter, parseListQuery, sendPage } from '../../lib/list-query';
import { pathIdSchema, scopeParams } from '../../lib/route-support';
import { auditExport, auditPage, auditRecord, auditScopeOf } from './trail.service';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const RESOURCE = 'audit';
/** newest first: the identity id is the order rows were written in, so `occurredAt` (what the screens ask) and `id` sort alike */
const SORT = { field: 'occurredAt', order: 'DESC' } as const;
const SORTS = [SORT.field, ID_SORT] as const;
/** a record's id (the bigint identity) in the path: digits, else the same 404 as an unknown id */
const idParams = z.object({ companyId: pathIdSchema, id: pathIdSchema }).strict();
const BIGINT = /^\d{1,18}$/;

/**
 * The audit trail of a company's subtree (domain/audit.ts): list (newest first; `cursor` is the
 * previous page's last id, handed back as Next-Cursor), one record, the filtered CSV.
 */
export async function auditRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];
  const root = apiRoute(RESOURCE);

  app.get(
    root,
    {
      schema: {
        tags,
        summary: "The subtree's audit trail, newest first (filter {entity, entityId, action, actorType, actor, dateFrom, dateTo}, range, cursor); provider staff and the company's referent",
        params: scopeParams,
        querystring: listQueryOf(SORTS),
        response: { 200: z.array(auditRecordSchema) },
      },
      config: routeAccess(RESOURCE, 'list'),
    },
    async (request, reply) => {
      const scope = auditScopeOf(request);
      const { cursor, ...rest } = request.query;
      if (cursor !== undefined && !BIGINT.test(cursor)) throw new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', { cursor: 'validation.invalid' });
      const q = parseListQuery(rest, auditFilterSchema, SORTS, SORT);
      const found = await auditPage(ctx, scope, q.filter, { offset: q.offset, afterId: cursor, limit: q.limit + 1, order: q.sort.order });
      const page = sendPage(reply, RESOURCE, q.offset, q.limit, found);
      if (found.length > q.limit && page.length > 0) reply.header(NEXT_CURSOR_HEADER, page[page.length - 1].id);
      return page;
    },
  );

  app.get(
    `${root}/export`,
    {
      schema: { tags, summary: 'The filtered audit trail as CSV (lang it|en, tz), newest first, streamed', params: scopeParams, querystring: auditExportQuerySchema, produces: ['text/csv'] },
      config: routeAccess(RESOURCE, 'export'),
    },
    async (request, reply) => {
      const scope = auditScopeOf(request);
      const filter = parseFilter(request.query.filter, auditFilterSchema);
      const language = request.query.lang ?? (request.auth.user.language === 'en' ? 'en' : 'it');
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="audit.csv"').header('Cache-Control', 'no-store');
      return reply.send(auditExport(ctx, scope, filter, { language, timeZone: request.query.tz ?? 'Europe/Rome' }));
    },
  );

  app.get(
    `${root}/:id`,
    {
      schema: { tags, summary: 'One audit record (its changed fields before and after)', params: idParams, response: { 200: auditRecordSchema } },
      config: routeAccess(RESOURCE, 'show'),
    },
    async (request) => {
      const scope = auditScopeOf(request);
      if (!BIGINT.test(request.params.id)) throw notFound();
      return auditRecord(ctx, scope, request.params.id);
    },
  );
}
