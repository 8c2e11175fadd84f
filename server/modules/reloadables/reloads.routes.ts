import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardExportQuerySchema, EXPORT_LANGUAGES } from '../../../domain/giftcards';
import { queueReloadFields, reloadHistoryFields } from '../../../domain/schemas/reloads';
import { runRowFields } from '../../../domain/schemas/reload-runs';
import {
  plannedReloadFilterSchema,
  plannedReloadSchema,
  reloadCsvTemplate,
  reloadRunDetailSchema,
  reloadRunFilterSchema,
  reloadRunSchema,
  type ReloadRunFilter,
} from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { declaredOrder, listQueryOf, parseFilter, parseListQuery, sendPage, type ListParams } from '../../lib/list-query';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { pathIdSchema, scopeParams } from '../../lib/route-support';
import { parseCreateBody, validateBody } from './reloads.input';
import { createRun } from './reloads.service';
import { historyCsvStream } from './runs.export';
import { deletePlannedRow, deleteRun } from './runs.queue';
import { listPlanned, listRunRows, listRuns, loadRunDetail } from './runs.repository';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

/** The queue by when a row runs, the history by when a run was made (the repositories order by these alone). */
const QUEUE_ORDER = declaredOrder(queueReloadFields, ['scheduledAt', 'id'] as const);
const HISTORY_ORDER = declaredOrder(reloadHistoryFields, ['createdAt', 'id'] as const);
/** A run's rows by position. */
const ROW_ORDER = declaredOrder(runRowFields, ['position', 'id'] as const);

const RELOADS = 'reloadables/reloads';
const ROWS = 'reloadables/reload-rows';
const QUEUE = 'reloadables/queue-reloads';
const HISTORY = 'reloadables/reloads-history';
const idParams = z.object({ companyId: pathIdSchema, id: z.uuid() }).strict();
const runParams = z.object({ companyId: pathIdSchema, runId: z.uuid() }).strict();
/** 10,000 rows as JSON, or a 5 MB CSV in base64 (4/3 of it) */
const BODY_LIMIT = 8 * 1024 * 1024;

/** /api/company/{companyId}/reloadable/reloads… (README.md beside this file). */
export async function reloadRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['reloadables'];
  const root = apiRoute('reloadables/reloads');
  /** A page of runs by cursor (or range): one row more than the page, so sendPage knows whether more follow. */
  const runs = (companyId: string, q: ListParams<ReloadRunFilter, 'createdAt' | 'id'>) =>
    listRuns(ctx.db, companyId, { filter: q.filter, field: q.sort.field, order: q.sort.order, offset: q.offset, after: q.after, limit: q.limit + 1 });

  app.get(
    `${root}/template`,
    { schema: { tags, summary: 'The reloads CSV template (lang it, es, fr, de: `;` and decimal comma; en: `,`)', params: scopeParams, querystring: z.object({ lang: z.enum(EXPORT_LANGUAGES).optional() }).strict() }, config: routeAccess(RELOADS, 'template') },
    async (request, reply) => {
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="reloads-template.csv"').header('Cache-Control', 'no-store');
      return reloadCsvTemplate(request.query.lang ?? 'it');
    },
  );

  app.post(
    `${root}/validate`,
    {
      bodyLimit: BODY_LIMIT,
      schema: { tags, summary: 'Checks reload rows (`{rows}`) or a CSV (`{file: {type, name, content: base64}}`) without writing: the rows that may run, the bad ones, the total and the shortfall', params: scopeParams, body: z.unknown() },
      config: routeAccess(RELOADS, 'validate'),
    },
    async (request) => validateBody(ctx, request.actor, request.body),
  );

  app.post(
    root,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Creates a reload run, all-or-nothing (400 RELOAD_ROWS_INVALID, 409 WALLET_INSUFFICIENT with params.shortfallCents); now: credited before answering; scheduledAt: reserved and run then. Idempotency-Key.',
        params: scopeParams,
        body: z.unknown(),
        response: { 201: reloadRunDetailSchema },
      },
      config: routeAccess(RELOADS, 'create'),
    },
    async (request, reply) => {
      const body = parseCreateBody(request.body);
      const key = idempotencyKeyOf(request.headers);
      const idempotency = key ? { key, userId: request.actor.userId, route: `reloads.create:${request.actor.companyId}`, body: request.body } : null;
      const run = await createRun(
        ctx,
        request.actor,
        {
          source: body.source,
          fileName: body.fileName ?? null,
          scheduledAt: body.scheduledAt ? new Date(body.scheduledAt) : null,
          rows: body.rows.map((r, i) => ({ row: r.row ?? i + 1, cardId: r.cardId, cardNumber: r.cardNumber, amountCents: r.amountCents })),
        },
        idempotency,
      );
      return reply.code(201).send(run);
    },
  );

  app.get(
    root,
    { schema: { tags, summary: "The company's reload runs, newest first (filter {state, source, scheduled, dateFrom, dateTo}, range)", params: scopeParams, querystring: listQueryOf(HISTORY_ORDER.sortFields), response: { 200: z.array(reloadRunSchema) } }, config: routeAccess(RELOADS, 'list') },
    async (request, reply) => {
      const q = parseListQuery(request.query, reloadRunFilterSchema, HISTORY_ORDER.sortFields, HISTORY_ORDER.defaultSort);
      return sendPage(reply, 'reloads', q.offset, q.limit, await runs(request.actor.companyId, q), q.sort);
    },
  );

  // ---------------------------------------------------------------- queue (planned reloads)
  app.get(
    `${root}/planned`,
    {
      schema: { tags, summary: 'Planned reloads (rows of scheduled runs), soonest first; default state IN_PROGRESS (filter {state, runId, cardNumber, scheduledFrom, scheduledTo}, range)', params: scopeParams, querystring: listQueryOf(QUEUE_ORDER.sortFields), response: { 200: z.array(plannedReloadSchema) } },
      config: routeAccess(QUEUE, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, plannedReloadFilterSchema, QUEUE_ORDER.sortFields, QUEUE_ORDER.defaultSort);
      return sendPage(reply, 'planned', q.offset, q.limit, await listPlanned(ctx.db, request.actor.companyId, q.filter, q.offset, q.limit + 1, q.sort));
    },
  );

  app.delete(
    `${root}/planned/:id`,
    { schema: { tags, summary: 'Deletes a planned reload of a run not yet started (its amount released); 409 RELOAD_NOT_PENDING otherwise', params: idParams, response: { 200: plannedReloadSchema } }, config: routeAccess(QUEUE, 'delete') },
    async (request) => deletePlannedRow(ctx, request.actor.companyId, request.params.id, request.actor.userId),
  );

  // ---------------------------------------------------------------- history (runs that ran)
  app.get(
    `${root}/history`,
    { schema: { tags, summary: 'Completed reload runs, newest first (filter {source, scheduled, dateFrom, dateTo}, range)', params: scopeParams, querystring: listQueryOf(HISTORY_ORDER.sortFields), response: { 200: z.array(reloadRunSchema) } }, config: routeAccess(HISTORY, 'list') },
    async (request, reply) => {
      const q = parseListQuery(request.query, reloadRunFilterSchema, HISTORY_ORDER.sortFields, HISTORY_ORDER.defaultSort);
      return sendPage(reply, 'history', q.offset, q.limit, await runs(request.actor.companyId, { ...q, filter: { ...q.filter, state: 'COMPLETED' } }), q.sort);
    },
  );

  app.get(
    `${root}/history/export`,
    { schema: { tags, summary: 'The rows of the filtered completed runs as CSV (lang it|en|es|fr|de, tz), streamed', params: scopeParams, querystring: cardExportQuerySchema }, config: routeAccess(HISTORY, 'export') },
    async (request, reply) => {
      const filter = parseFilter(request.query.filter, reloadRunFilterSchema);
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="reloads-history.csv"').header('Cache-Control', 'no-store');
      return reply.send(historyCsvStream(ctx.db, request.actor.companyId, filter, { language: request.query.lang ?? 'it', timeZone: request.query.tz ?? 'Europe/Rome' }));
    },
  );

  app.get(
    `${root}/history/:id`,
    { schema: { tags, summary: 'A completed run with its totals', params: idParams, response: { 200: reloadRunDetailSchema } }, config: routeAccess(HISTORY, 'show') },
    async (request) => (await loadRunDetail(ctx.db, request.actor.companyId, request.params.id, 'COMPLETED')) ?? Promise.reject(notFound('No such completed reload run')),
  );

  // ---------------------------------------------------------------- one run
  app.get(
    `${root}/:id`,
    { schema: { tags, summary: 'A run with its progress (rows done / total, from committed chunks)', params: idParams, response: { 200: reloadRunDetailSchema } }, config: routeAccess(RELOADS, 'show') },
    async (request) => (await loadRunDetail(ctx.db, request.actor.companyId, request.params.id)) ?? Promise.reject(notFound('No such reload run')),
  );

  app.delete(
    `${root}/:id`,
    { schema: { tags, summary: 'Deletes a planned run not yet started: its planned rows deleted, released; 409 RELOAD_NOT_PENDING otherwise', params: idParams, response: { 200: reloadRunDetailSchema } }, config: routeAccess(RELOADS, 'delete') },
    async (request) => deleteRun(ctx, request.actor.companyId, request.params.id, request.actor.userId),
  );

  app.get(
    `${root}/:runId/rows`,
    { schema: { tags, summary: "A run's rows by position (filter {state, cardNumber}, range)", params: runParams, querystring: listQueryOf(ROW_ORDER.sortFields), response: { 200: z.array(plannedReloadSchema) } }, config: routeAccess(ROWS, 'list') },
    async (request, reply) => {
      const q = parseListQuery(request.query, plannedReloadFilterSchema, ROW_ORDER.sortFields, ROW_ORDER.defaultSort);
      const run = await loadRunDetail(ctx.db, request.actor.companyId, request.params.runId);
      if (!run) throw notFound('No such reload run');
      return sendPage(reply, 'rows', q.offset, q.limit, await listRunRows(ctx.db, request.actor.companyId, run.id, q.filter, q.sort, q.offset, q.limit + 1));
    },
  );
}

