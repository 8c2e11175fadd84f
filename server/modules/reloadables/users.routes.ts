import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reloadableUserDetailSchema, reloadableUserFilterSchema, reloadableUserSchema } from '../../../domain/reloadables';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { reloadableUserFields } from '../../../domain/schemas/reloadable-users';
import { declaredOrder, listQueryOf, parseListQuery, sendPage } from '../../lib/list-query';

/** Cardholders by surname: the repository's order. */
const USER_ORDER = declaredOrder(reloadableUserFields, ['lastName', 'id'] as const);
import { itemParams, scopeParams } from '../../lib/route-support';
import { cardsOfUser } from './cards.repository';
import { cardViewer } from './cards.service';
import { findReloadableUser, listReloadableUsers } from './users.repository';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const USERS = 'reloadables/users';

/** /api/company/{companyId}/reloadable/users… : the cardholders of the subtree (README.md beside this file). */
export async function userRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['reloadables'];
  const root = apiRoute('reloadables/users');

  app.get(
    root,
    {
      schema: { tags, summary: 'Cardholders by name (filter {q}: name, e-mail or client ID; range), with their card count', params: scopeParams, querystring: listQueryOf(USER_ORDER.sortFields), response: { 200: z.array(reloadableUserSchema) } },
      config: routeAccess(USERS, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, reloadableUserFilterSchema, USER_ORDER.sortFields, USER_ORDER.defaultSort);
      const rows = await listReloadableUsers(ctx.db, request.scopedActor.companyIds, q.filter, q.sort, q.offset, q.limit + 1);
      return sendPage(reply, 'users', q.offset, q.limit, rows);
    },
  );

  app.get(
    `${root}/:id`,
    { schema: { tags, summary: 'A cardholder with their cards', params: itemParams, response: { 200: reloadableUserDetailSchema } }, config: routeAccess(USERS, 'show') },
    async (request) => {
      const user = await findReloadableUser(ctx.db, request.scopedActor.companyIds, request.params.id);
      if (!user) throw notFound();
      return { ...user, cards: await cardsOfUser(ctx.db, cardViewer(ctx, request.scopedActor), user.id, ctx.clock.now()) };
    },
  );
}
