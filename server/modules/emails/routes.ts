import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailRecordSchema } from '../../../domain/emails';
import { emailFields } from '../../../domain/schemas/emails';
import type { AppContext } from '../../context';
import { declaredOrder, listQueryOf, parseListQuery, sendPage } from '../../lib/list-query';
import { routeAccess } from '../../lib/route-access';
import { itemParams, scopeParams } from '../../lib/route-support';
import { EMAIL_SORT_COLUMNS, emailFilterSchema, listEmails, type EmailFilter } from './repository';
import { emailOf, resendEmail } from './service';
import { apiRoute } from '../../../domain/resources';

const EMAILS = 'emails';
const ORDER = declaredOrder(emailFields, EMAIL_SORT_COLUMNS);

/** /api/company/{companyId}/emails… (README.md beside this file): provider staff's. */
export async function emailRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['emails'];
  const root = apiRoute('emails');

  app.get(
    root,
    {
      schema: {
        tags,
        summary: 'Every e-mail the product sent or will send (outbox and square codes), newest first (filter {status, template, q: the address from its start}, range, cursor); provider staff',
        params: scopeParams,
        querystring: listQueryOf(ORDER.sortFields),
        response: { 200: z.array(emailRecordSchema) },
      },
      config: routeAccess(EMAILS, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, emailFilterSchema, ORDER.sortFields, ORDER.defaultSort);
      const rows = await listEmails(ctx.db, { filter: q.filter as EmailFilter, sort: q.sort, offset: q.offset, after: q.after, limit: q.limit + 1 });
      return sendPage(reply, EMAILS, q.offset, q.limit, rows, q.sort);
    },
  );

  app.get(
    `${root}/:id`,
    { schema: { tags, summary: 'One e-mail: its state, tries, next try and the mail server\'s last answer (never its body)', params: itemParams, response: { 200: emailRecordSchema } }, config: routeAccess(EMAILS, 'show') },
    async (request) => emailOf(ctx, request.params.id),
  );

  app.post(
    `${root}/:id/resend`,
    {
      schema: {
        tags,
        summary:
          'Sends an e-mail again: an outbox e-mail as a new one (the same message, QUEUED; resentFromId the first), a square code\'s as its next attempt; 409 EMAIL_BUSY while it (or its resend) is being delivered, EMAIL_ONE_TIME_LINK for activation, reset and e-mail change; 429 RECIPIENT_LIMITED',
        params: itemParams,
        response: { 200: emailRecordSchema },
      },
      config: routeAccess(EMAILS, 'resend'),
    },
    async (request) => resendEmail(ctx, request.scopedActor.companyIds, request.params.id),
  );
}
