import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { squareCommunicationFields, squareCommunicationSchema } from '../../../domain/schemas/square';
import type { AppContext } from '../../context';
import { declaredOrder, listQueryOf, parseListQuery, sendPage } from '../../lib/list-query';
import { itemParams, scopeParams } from '../../lib/route-support';
import { COMMUNICATION_SORT_COLUMNS, listCommunications, squareCommunicationFilterSchema } from './communications.repository';
import { resendCommunication } from './communications.service';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const COMMUNICATIONS = 'square/communications';
const ORDER = declaredOrder(squareCommunicationFields, COMMUNICATION_SORT_COLUMNS);

/** /api/company/{companyId}/square/communications… (README.md beside this file, "Communications"). */
export async function communicationRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['square'];
  const root = apiRoute('square/communications');

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
    async (request) => resendCommunication(ctx, request.scopedActor.companyIds, request.params.id),
  );
}
