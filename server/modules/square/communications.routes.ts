import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { squareCommunicationFields, squareCommunicationSchema, type SquareCommunication } from '../../../domain/schemas/square';
import type { AppContext } from '../../context';
import { ApiError, notFound } from '../../lib/errors';
import { declaredOrder, listQueryOf, parseListQuery, sendPage } from '../../lib/list-query';
import { itemParams, scopeParams } from '../../lib/route-support';
import { COMMUNICATION_SORT_COLUMNS, findCommunication, listCommunications, requeueCommunication, squareCommunicationFilterSchema } from './communications.repository';
import { queueSenderRun } from './mail-queue';
import { chargeRecipient } from '../../lib/work-limits';
import { routeAccess } from '../../lib/route-access';

const COMMUNICATIONS = 'square/communications';
const ORDER = declaredOrder(squareCommunicationFields, COMMUNICATION_SORT_COLUMNS);

/** A new attempt of a sent or failed communication, and the sender's run for it, committed together. */
async function resend(ctx: AppContext, companyIds: readonly string[], id: string): Promise<SquareCommunication> {
  const moved = await ctx.db.transaction(async (tx) => {
    const recipient = await requeueCommunication(tx, companyIds, id);
    if (recipient === null) return false;
    // one inbox takes so many copies (lib/work-limits.ts): past it 429 RECIPIENT_LIMITED and nothing requeued
    await chargeRecipient(tx, recipient);
    await queueSenderRun(tx);
    return true;
  });
  const found = await findCommunication(ctx.db, companyIds, id);
  if (!found) throw notFound('No such communication');
  if (!moved) throw new ApiError(409, 'SQUARE_COMMUNICATION_BUSY', 'Only a sent or failed communication can be sent again');
  ctx.jobs.wake();
  return found;
}

/** /api/company/{companyId}/square/communications… (README.md beside this file, "Communications"). */
export async function communicationRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['square'];
  const root = '/api/company/:companyId/square/communications';

  app.get(
    root,
    {
      schema: {
        tags,
        summary: "The subtree's voucher e-mails, newest first (filter {status, orderId, q = recipient's start}, range or cursor)",
        params: scopeParams,
        querystring: listQueryOf(ORDER.sortFields),
        response: { 200: z.array(squareCommunicationSchema) },
      },
      config: routeAccess(COMMUNICATIONS, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, squareCommunicationFilterSchema, ORDER.sortFields, ORDER.defaultSort);
      const rows = await listCommunications(ctx.db, request.scopedActor.companyIds, { filter: q.filter, sort: q.sort, offset: q.offset, after: q.after, limit: q.limit + 1 });
      return sendPage(reply, 'communications', q.offset, q.limit, rows, q.sort);
    },
  );

  app.post(
    `${root}/:id/resend`,
    {
      schema: {
        tags,
        summary: 'Sends a sent or failed communication again: a new attempt (retry number + 1), QUEUED; 409 SQUARE_COMMUNICATION_BUSY while queued, sending or retrying',
        params: itemParams,
        response: { 200: squareCommunicationSchema },
      },
      config: routeAccess(COMMUNICATIONS, 'resend'),
    },
    async (request) => resend(ctx, request.scopedActor.companyIds, request.params.id),
  );
}
