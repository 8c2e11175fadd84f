import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardExportQuerySchema, EXPORT_LANGUAGES } from '../../../domain/giftcards';
import { squareOrderCreateSchema, squareOrderFields, squareOrderSchema, squareValidateBodySchema, squareValidationSchema } from '../../../domain/schemas/square';
import { squareCsvTemplate, type SquareOrderAction } from '../../../domain/square';
import { issuesToErrors } from '../../../domain/errors';
import type { AppContext } from '../../context';
import { ApiError } from '../../lib/errors';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { declaredOrder, listQueryOf, parseListQuery, sendPage } from '../../lib/list-query';
import { problemBody } from '../../lib/problem';
import { itemParams, scopeParams } from '../../lib/route-support';
import { reconciliationCsvStream } from './export';
import { listSquareOrders, SQUARE_ORDER_SORT_COLUMNS, squareOrderFilterSchema, type SquareOrderFilter } from './orders.repository';
import { createSquareOrder, squareOrderAction, squareOrderRecord, SquareValidationError, validateUpload } from './orders.service';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const ORDERS = 'square/orders';
const ORDER = declaredOrder(squareOrderFields, SQUARE_ORDER_SORT_COLUMNS);
/** a 5 MB CSV in base64 (4/3 of it) and the other fields; a larger file is refused by its decoded size (413) */
const BODY_LIMIT = 8 * 1024 * 1024;
const reconciliationQuery = cardExportQuerySchema.omit({ filter: true });

/** A body read after the guards (a caller without the flag learns 403, not what the body lacks), zod's issues as field errors. */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', issuesToErrors(parsed.error.issues));
  return parsed.data;
}

/** A refused upload: the problem body (SQUARE_ROWS_INVALID 400, SQUARE_WARNINGS_NOT_ACCEPTED 409) with the whole validation beside it. */
function sendRefusedUpload(request: FastifyRequest, reply: FastifyReply, error: SquareValidationError) {
  return reply
    .code(error.statusCode)
    .type('application/problem+json; charset=utf-8')
    .send({ ...problemBody(request, error.statusCode, error.code, error.detail), validation: error.validation });
}

/** /api/company/{companyId}/square/orders… (README.md beside this file). */
export async function orderRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['square'];
  const root = apiRoute('square/orders');

  app.get(
    root,
    {
      schema: { tags, summary: "The subtree's square orders, newest first (filter {status, typology, q: order number or referent e-mail}, range, cursor)", params: scopeParams, querystring: listQueryOf(ORDER.sortFields), response: { 200: z.array(squareOrderSchema) } },
      config: routeAccess(ORDERS, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, squareOrderFilterSchema, ORDER.sortFields, ORDER.defaultSort);
      const view = { viewer: { isProvider: request.scopedActor.company.isProvider }, thresholdCents: ctx.config.square.approvalThresholdCents };
      const rows = await listSquareOrders(ctx.db, request.scopedActor.companyIds, { filter: q.filter as SquareOrderFilter, sort: q.sort, offset: q.offset, after: q.after, limit: q.limit + 1 }, view);
      return sendPage(reply, 'orders', q.offset, q.limit, rows, q.sort);
    },
  );

  app.get(
    `${root}/template`,
    { schema: { tags, summary: 'The recipients CSV template (lang it, es, fr, de: `;` and decimal comma; en: `,`)', params: scopeParams, querystring: z.object({ lang: z.enum(EXPORT_LANGUAGES).optional() }).strict() }, config: routeAccess(ORDERS, 'template') },
    async (request, reply) => {
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="square-recipients.csv"').header('Cache-Control', 'no-store');
      return squareCsvTemplate(request.query.lang ?? 'it');
    },
  );

  app.post(
    `${root}/validate`,
    {
      bodyLimit: BODY_LIMIT,
      schema: { tags, summary: 'Reads a recipients CSV (`{typology, file: {type, name, content: base64}}`) without writing: every problem by line and column, the warnings, the totals', params: scopeParams, body: z.unknown().describe('squareValidateBodySchema'), response: { 200: squareValidationSchema } },
      config: routeAccess(ORDERS, 'validate'),
    },
    async (request) => validateUpload(ctx, request.scopedActor, parseBody(squareValidateBodySchema, request.body)),
  );

  app.post(
    root,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Creates an order from a recipients CSV: 201 PENDING (a job reads the file); 400 SQUARE_ROWS_INVALID or 409 SQUARE_WARNINGS_NOT_ACCEPTED with the body field `validation`; honours Idempotency-Key (the same key and body again answer the first order with Idempotent-Replayed: true and create nothing; the key with another body: 422 IDEMPOTENCY_KEY_REUSED)',
        params: scopeParams,
        body: z.unknown().describe('squareOrderCreateSchema'),
        response: { 201: squareOrderSchema },
      },
      config: routeAccess(ORDERS, 'create'),
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers);
      const body = parseBody(squareOrderCreateSchema, request.body);
      // scoped to the company the order is created for; the hash is of the body as sent
      const idempotency = key
        ? { key, userId: request.auth.user.id, route: `square.orders.create:${request.params.companyId}`, body: request.body, onReplay: () => void reply.header('Idempotent-Replayed', 'true') }
        : null;
      try {
        return reply.code(201).send(await createSquareOrder(ctx, request.scopedActor, body, idempotency));
      } catch (error) {
        if (error instanceof SquareValidationError) return sendRefusedUpload(request, reply, error);
        throw error;
      }
    },
  );

  app.get(
    `${root}/:id`,
    { schema: { tags, summary: 'One order: its progress while a job works, its deliveries once active, the actions the caller may take', params: itemParams, response: { 200: squareOrderSchema } }, config: routeAccess(ORDERS, 'show') },
    async (request) => squareOrderRecord(ctx, request.scopedActor, request.params.id),
  );

  const summaries: Record<Exclude<SquareOrderAction, 'delete'>, string> = {
    confirm: 'DRAFT → WAITING_FOR_APPROVAL (at or above the approval threshold) or APPROVING (below it: codes minted)',
    approve: 'WAITING_FOR_APPROVAL → APPROVING (provider staff only, 403 otherwise): codes minted by a job',
    activate: 'NOT_ACTIVE → ACTIVATING: codes sold and their e-mails queued by a job',
    cancel: 'WAITING_FOR_APPROVAL → CANCELLED; NOT_ACTIVE or ACTIVE → CANCELLING (codes deleted by a job); 409 SQUARE_CODES_SPENT when a code was spent',
  };
  for (const action of ['confirm', 'approve', 'activate', 'cancel'] as const) {
    app.post(
      `${root}/:id/${action}`,
      { schema: { tags, summary: `${summaries[action]}; 409 SQUARE_ORDER_STATE_INVALID in another state`, params: itemParams, response: { 200: squareOrderSchema } }, config: routeAccess(ORDERS, action) },
      async (request) => squareOrderAction(ctx, request.scopedActor, request.params.id, action),
    );
  }

  app.delete(
    `${root}/:id`,
    { schema: { tags, summary: 'Deletes a draft and its recipients (409 SQUARE_ORDER_STATE_INVALID otherwise); answers the order as it was', params: itemParams, response: { 200: squareOrderSchema } }, config: routeAccess(ORDERS, 'delete') },
    async (request) => squareOrderAction(ctx, request.scopedActor, request.params.id, 'delete'),
  );

  app.get(
    `${root}/:id/reconciliation`,
    { schema: { tags, summary: "The order's codes as CSV (lang it|en|es|fr|de, tz): recipient, state, last delivery (state, retry number, sent at, SMTP answer), streamed", params: itemParams, querystring: reconciliationQuery }, config: routeAccess(ORDERS, 'export') },
    async (request, reply) => {
      const order = await squareOrderRecord(ctx, request.scopedActor, request.params.id);
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${order.orderNumber}-reconciliation.csv"`).header('Cache-Control', 'no-store');
      return reply.send(reconciliationCsvStream(ctx.db, order.id, { language: request.query.lang ?? 'it', timeZone: request.query.tz ?? 'Europe/Rome' }));
    },
  );
}
