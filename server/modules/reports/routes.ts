import { apiRoute } from '../../../domain/resources';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_LANGUAGES } from '../../../domain/giftcards';
import { generatedReportFields, generatedReportFilterSchema, generatedReportSchema, reportGenerateBodySchema, reportTypeSchema } from '../../../domain/schemas/reports';
import type { AppContext } from '../../context';
import { declaredOrder, listQueryOf, listQuerySchema, parseListQuery, sendList, sendPage } from '../../lib/list-query';
import { pathIdSchema, scopeParams } from '../../lib/route-support';
import { parseBody } from '../tickets/parse';
import { registerReportJobs } from './jobs';
import { exportLanguageOf } from './records';
import { REPORT_SORTS } from './repository';
import { generateReport, reportFile, reportsPage, reportTypes } from './service';
import { routeAccess } from '../../lib/route-access';

const REPORT = 'report';
const { sortFields, defaultSort } = declaredOrder(generatedReportFields, REPORT_SORTS);
const typeParams = z.object({ companyId: pathIdSchema, reportId: z.string().max(64) }).strict();
const fileParams = z.object({ companyId: pathIdSchema, reportId: z.uuid() }).strict();

/** Generated reports: /api/company/{companyId}/giftcard/report… (SPEC §7's calls; README.md beside this file). */
export async function reportRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  registerReportJobs(ctx, base.jobRegistry);
  const tags = ['reports'];

  app.get(
    apiRoute('report/types'),
    {
      schema: {
        tags,
        summary: 'The report types whose data the caller may read (every access entry a type reads: domain/reports.ts) — SPEC §3 template: name, code, description, parameters — in `lang`, else the caller\'s language',
        params: scopeParams,
        // a react-admin list asks with its filter, sort and range: taken, the six come whole
        querystring: listQuerySchema.extend({ lang: z.enum(EXPORT_LANGUAGES).optional() }),
        response: { 200: z.array(reportTypeSchema) },
      },
      config: routeAccess('report/types', 'list'),
    },
    async (request, reply) => {
      const types = reportTypes(request.scopedActor, exportLanguageOf(request.query.lang ?? request.auth.user.language));
      return sendList(reply, 'report/types', 0, types, types.length);
    },
  );

  app.post(
    `${apiRoute('report/types')}/:reportId/generate`,
    {
      schema: {
        tags,
        summary:
          'Starts a generation (202, queued); 403 FORBIDDEN for a type whose data the caller may not read (nothing written); parameters checked with the type\'s schema (400 with `parameters.<key>` errors), their companyId in the route\'s subtree (404); 404 unknown type; 409 REPORTS_TOO_MANY_ACTIVE past REPORTS_MAX_ACTIVE_PER_USER queued or running',
        params: typeParams,
        body: z.unknown().describe('reportGenerateBodySchema'),
        response: { 202: generatedReportSchema },
      },
      config: routeAccess(REPORT, 'create'),
    },
    async (request, reply) => {
      const body = parseBody(reportGenerateBodySchema, request.body ?? {});
      return reply.code(202).send(await generateReport(ctx, request.scopedActor, request.auth.user.language, request.params.reportId, body));
    },
  );

  app.get(
    apiRoute(REPORT),
    {
      schema: { tags, summary: "The subtree's generated reports of the types the caller may read, newest first (filter {state, reportId, q}, range, cursor)", params: scopeParams, querystring: listQueryOf(sortFields), response: { 200: z.array(generatedReportSchema) } },
      config: routeAccess(REPORT, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, generatedReportFilterSchema, sortFields, defaultSort);
      const page = await reportsPage(ctx, request.scopedActor, request.scopedActor.companyIds, { filter: q.filter, field: q.sort.field, order: q.sort.order, offset: q.offset, after: q.after, limit: q.limit + 1 });
      return sendPage(reply, REPORT, q.offset, q.limit, page, q.sort);
    },
  );

  app.get(
    `${apiRoute(REPORT)}/:reportId`,
    {
      schema: {
        tags,
        summary: 'The ready report\'s CSV (text/csv, attachment report_{id}.csv, streamed from the file storage); 409 REPORT_NOT_READY (queued, running, failed), 410 REPORT_EXPIRED, 404 outside the subtree, 403 FORBIDDEN for a type whose data the caller may not read',
        params: fileParams,
        produces: ['text/csv'],
      },
      config: routeAccess(REPORT, 'download'),
    },
    async (request, reply) => {
      const body = await reportFile(ctx, request.scopedActor, request.scopedActor.companyIds, request.params.reportId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="report_${request.params.reportId}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
}
