import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TICKET_SORTS,
  ticketCreateSchema,
  ticketInternalBodySchema,
  ticketListFilterSchema,
  ticketListItemSchema,
  ticketMessageBodySchema,
  ticketSchema,
  ticketStatusBodySchema,
  type TicketListFilter,
} from '../../../domain/schemas/tickets';
import { TICKET_LIMITS } from '../../../domain/tickets';
import type { AppContext } from '../../context';
import { ID_SORT, listQueryOf, parseListQuery, sendPage } from '../../lib/list-query';
import { itemParams, pathIdSchema, scopeParams } from '../../lib/route-support';
import { parseBody } from './parse';
import { listTickets, type TicketSort } from './tickets.repository';
import { attachmentFile, createTicket, deleteTicket, postMessage, reopenTicket, restoreTicket, setInternalAnswers, setStatus, ticketRecord } from './tickets.service';
import { assertStaff, sideOf } from './viewer';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const TICKETS = 'tickets';
/** the domain's sorts and the id every list accepts */
const SORTS = [...TICKET_SORTS, ID_SORT] as const;
/** Five files of 5 MB in base64 (4/3 of them) and the texts; a larger file is refused by its own size (413) */
const BODY_LIMIT = Math.ceil((TICKET_LIMITS.filesPerPost * TICKET_LIMITS.fileBytes * 4) / 3) + 1024 * 1024;
const attachmentParams = z.object({ companyId: pathIdSchema, id: z.uuid(), attachmentId: z.uuid() }).strict();

/** RFC 8187's encoding of a file name (`filename*=UTF-8''…`): every byte outside attr-char percent-encoded. */
const rfc8187 = (name: string) => encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** The plain `filename=` for old clients: ASCII only, no quotes or separators. */
const asciiName = (name: string) => name.replace(/[^A-Za-z0-9._ -]/g, '_');

/** /api/company/{companyId}/tickets… (README.md beside this file). */
export async function supportTicketRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['tickets'];
  const root = apiRoute('tickets');

  app.get(
    root,
    {
      schema: {
        tags,
        summary: "The subtree's tickets, newest first (filter {status, priority, categoryId, createdFrom, createdTo, q, deleted}, range, cursor); the customer's side never lists deleted ones",
        params: scopeParams,
        querystring: listQueryOf(SORTS),
        response: { 200: z.array(ticketListItemSchema) },
      },
      config: routeAccess(TICKETS, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, ticketListFilterSchema, SORTS, { field: 'createdAt', order: 'DESC' });
      const rows = await listTickets(ctx.db, request.scopedActor.companyIds, sideOf(request.scopedActor), {
        filter: q.filter as TicketListFilter,
        sort: q.sort as TicketSort,
        offset: q.offset,
        after: q.after,
        limit: q.limit + 1,
      });
      return sendPage(reply, 'tickets', q.offset, q.limit, rows, q.sort);
    },
  );

  app.post(
    root,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Opens a ticket (TO_DO) in an active category (409 TICKET_CATEGORY_INACTIVE): answers keyed by field id, files checked by extension, type and bytes (415, 413, 400); e-mails the support mailbox',
        params: scopeParams,
        body: z.unknown().describe('ticketCreateSchema'),
        response: { 201: ticketSchema },
      },
      config: routeAccess(TICKETS, 'create'),
    },
    async (request, reply) => reply.code(201).send(await createTicket(ctx, request.scopedActor, parseBody(ticketCreateSchema, request.body))),
  );

  app.get(
    `${root}/:id`,
    { schema: { tags, summary: 'One ticket: its version\'s fields, answers, attachments, messages, events and the actions the caller may take', params: itemParams, response: { 200: ticketSchema } }, config: routeAccess(TICKETS, 'show') },
    async (request) => ticketRecord(ctx, request.scopedActor, request.params.id),
  );

  app.post(
    `${root}/:id/messages`,
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'A message with attachments; 409 TICKET_CLOSED on a closed ticket; `status` is provider staff\'s (403 PROVIDER_STAFF_ONLY), else the status follows the message (a customer\'s reply to WAITING_FOR_CUSTOMER → ON_GOING); e-mails the other side',
        params: itemParams,
        body: z.unknown().describe('ticketMessageBodySchema'),
        response: { 200: ticketSchema },
      },
      config: routeAccess(TICKETS, 'reply'),
    },
    async (request) => {
      const body = parseBody(ticketMessageBodySchema, request.body);
      return postMessage(ctx, request.scopedActor, request.params.id, body);
    },
  );

  app.post(
    `${root}/:id/status`,
    {
      schema: { tags, summary: 'Provider staff set any status but the current one (409 TICKET_STATE_INVALID); WAITING_FOR_CUSTOMER e-mails the customer', params: itemParams, body: z.unknown().describe('ticketStatusBodySchema'), response: { 200: ticketSchema } },
      config: routeAccess(TICKETS, 'status'),
    },
    async (request) => {
      assertStaff(request.scopedActor, 'set a status');
      return setStatus(ctx, request.scopedActor, request.params.id, parseBody(ticketStatusBodySchema, request.body).status);
    },
  );

  app.post(
    `${root}/:id/reopen`,
    { schema: { tags, summary: 'A closed ticket (COMPLETED, DISCARDED) back to ON_GOING; 409 TICKET_STATE_INVALID otherwise', params: itemParams, response: { 200: ticketSchema } }, config: routeAccess(TICKETS, 'reopen') },
    async (request) => reopenTicket(ctx, request.scopedActor, request.params.id),
  );

  app.delete(
    `${root}/:id`,
    { schema: { tags, summary: "Soft delete: gone from the customer's side (404 there), restorable by provider staff; 409 TICKET_STATE_INVALID when already deleted", params: itemParams, response: { 200: ticketSchema } }, config: routeAccess(TICKETS, 'delete') },
    async (request) => deleteTicket(ctx, request.scopedActor, request.params.id),
  );

  app.post(
    `${root}/:id/restore`,
    { schema: { tags, summary: 'Provider staff restore a deleted ticket (403 PROVIDER_STAFF_ONLY; 409 TICKET_STATE_INVALID when not deleted)', params: itemParams, response: { 200: ticketSchema } }, config: routeAccess(TICKETS, 'restore') },
    async (request) => restoreTicket(ctx, request.scopedActor, request.params.id),
  );

  app.put(
    `${root}/:id/internal`,
    {
      bodyLimit: BODY_LIMIT,
      schema: { tags, summary: "Provider staff's answers to the internal fields of the ticket's version (403 PROVIDER_STAFF_ONLY; 409 TICKET_STATE_INVALID on a deleted ticket)", params: itemParams, body: z.unknown().describe('ticketInternalBodySchema'), response: { 200: ticketSchema } },
      config: routeAccess(TICKETS, 'internal'),
    },
    async (request) => {
      assertStaff(request.scopedActor, 'answer internal fields');
      return setInternalAnswers(ctx, request.scopedActor, request.params.id, parseBody(ticketInternalBodySchema, request.body).answers);
    },
  );

  app.get(
    `${root}/:id/attachments/:attachmentId`,
    {
      schema: { tags, summary: 'The file, as a download no browser runs (Content-Disposition attachment, application/octet-stream, nosniff)', params: attachmentParams, produces: ['application/octet-stream'] },
      config: routeAccess(TICKETS, 'download'),
    },
    async (request, reply) => {
      const file = await attachmentFile(ctx, request.scopedActor, request.params.id, request.params.attachmentId);
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${asciiName(file.name)}"; filename*=UTF-8''${rfc8187(file.name)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
}
