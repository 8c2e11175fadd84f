import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { declaredFilter, filterTextSchema } from '../../../domain/fields';
import { grantableSchema, userCreateSchema, userFields, userRecordSchema, userUpdateSchema, type UserCreateBody, type UserUpdateBody } from '../../../domain/schemas/users';
import type { AppContext } from '../../context';
import { itemParams, scopeParams } from '../../lib/company-routes';
import { declaredOrder, listQueryOf, parseListQuery, sendList, type ListQueryString } from '../../lib/list-query';
import { problemBody } from '../../lib/problem';
import { malformedIdIsNotFound } from '../../lib/malformed-id';
import * as repo from './repository';
import * as service from './service';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

/** The declared filters (userFields: company, role, status) and the search. */
const listFilter = declaredFilter(userFields, { q: filterTextSchema.optional() });
const order = declaredOrder(userFields, repo.USER_SORT_COLUMNS);

/**
 * A refusal naming permission keys: the problem body with the keys beside it (the SPA lists them
 * translated): `notGrantable` of a refused grant, `outOfScope` of a user the caller may not manage.
 */
function sendKeysRefusal(request: FastifyRequest, reply: FastifyReply, error: service.NotGrantableError | service.OutOfScopeError) {
  const keys = error instanceof service.NotGrantableError ? { notGrantable: error.notGrantable } : { outOfScope: error.outOfScope };
  return reply
    .code(403)
    .type('application/problem+json; charset=utf-8')
    .send({ ...problemBody(request, 403, error.code, error.detail, undefined, error.params), ...keys });
}

async function refusable<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof service.NotGrantableError || error instanceof service.OutOfScopeError) return sendKeysRefusal(request, reply, error);
    throw error;
  }
}

const actorOf = (request: FastifyRequest): service.UsersActor => ({ ...request.actor, role: request.auth.user.role });
const idOf = (request: FastifyRequest) => (request.params as z.infer<typeof itemParams>).id;

/** /api/company/{companyId}/users (README.md beside this file; the route list: domain/schemas/users.ts). */
export async function usersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  malformedIdIsNotFound(app);
  const root = apiRoute('users');
  const tags = ['users'];
  const guard = (action: string) => routeAccess('users', action);
  const record = userRecordSchema;

  app.get(
    root,
    { schema: { tags, summary: 'Users of the subtree of {companyId} (filter q, companyId, role, status)', params: scopeParams, querystring: listQueryOf(order.sortFields), response: { 200: z.array(record) } }, config: guard('list') },
    async (request, reply) => {
      const query = parseListQuery(request.query as ListQueryString, listFilter, order.sortFields, order.defaultSort);
      const { rows, total } = await service.listUsers(ctx, actorOf(request), query.filter, query.sort, query.offset, query.limit);
      return sendList(reply, 'users', query.offset, rows, total);
    },
  );
  app.get(
    `${root}/grantable`,
    { schema: { tags, summary: 'The permission keys and roles the caller may grant', params: scopeParams, response: { 200: grantableSchema } }, config: guard('create') },
    async (request) => service.grantable(actorOf(request)),
  );
  app.post(
    root,
    {
      schema: { tags, summary: 'Create a pending user (activation link e-mailed); 403 PERMISSION_NOT_GRANTABLE with `notGrantable`', params: scopeParams, body: userCreateSchema, response: { 201: record } },
      config: guard('create'),
    },
    async (request, reply) => refusable(request, reply, async () => reply.code(201).send(await service.createUser(ctx, actorOf(request), request.body as UserCreateBody))),
  );
  app.get(`${root}/:id`, { schema: { tags, summary: 'One user', params: itemParams, response: { 200: record } }, config: guard('show') }, async (request) =>
    service.getUser(ctx, actorOf(request), idOf(request)),
  );
  app.put(
    `${root}/:id`,
    {
      schema: { tags, summary: "Update a user's data, role and permissions; a new e-mail waits for its confirmation; 403 USER_OUT_OF_SCOPE with `outOfScope`", params: itemParams, body: userUpdateSchema, response: { 200: record } },
      config: guard('edit'),
    },
    async (request, reply) => refusable(request, reply, () => service.updateUser(ctx, actorOf(request), idOf(request), request.body as UserUpdateBody)),
  );
  const action = (path: string, name: 'disable' | 'enable' | 'resendActivation', summary: string, run: typeof service.disableUser) =>
    app.post(`${root}/:id/${path}`, { schema: { tags, summary, params: itemParams, response: { 200: record } }, config: guard(name) }, async (request, reply) =>
      refusable(request, reply, () => run(ctx, actorOf(request), idOf(request))),
    );
  action('disable', 'disable', 'Disable a user: sessions end at once', service.disableUser);
  action('enable', 'enable', 'Enable a disabled user', service.enableUser);
  action('resend-activation', 'resendActivation', 'E-mail a new activation link to a pending user', service.resendActivation);
}
