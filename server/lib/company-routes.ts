import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ResourceName } from '../../domain/access';
import type { CompanyActor } from './access';
import { listQueryOf, parseListQuery, sendList, type ListParams, type ListQueryString } from './list-query';
import { routeAccess } from './route-access';
import { pathIdSchema } from './route-support';

export const scopeParams = z.object({ companyId: pathIdSchema });
export const itemParams = z.object({ companyId: pathIdSchema, id: pathIdSchema });

/**
 * The CRUD routes of one company-scoped registry (companies, operators, stores):
 * `GET|POST <root>`, `GET|PUT|DELETE <root>/:id`, each guarded by the access table's entry for
 * (resource, list|create|show|edit|delete) and the {companyId} scope; lists parse the
 * ra-data-simple-rest query against the registry's filter and sort whitelist and answer an exact
 * Content-Range. Handlers get the checked actor (`actor.companyId` is the scope root).
 */
export interface CompanyCrud<R, F extends z.ZodType, S extends string, C, U> {
  resource: ResourceName;
  root: string;
  tags: string[];
  /** the Content-Range resource name */
  name: string;
  record: z.ZodType<R>;
  list: {
    summary: string;
    filter: F;
    sortFields: readonly S[];
    defaultSort: { field: S; order: 'ASC' | 'DESC' };
    run: (actor: CompanyActor, query: ListParams<z.output<F>, S>) => Promise<{ rows: R[]; total: number }>;
  };
  create: { summary: string; body: z.ZodType<C>; run: (actor: CompanyActor, body: C) => Promise<R> };
  show: { summary: string; run: (actor: CompanyActor, id: string) => Promise<R> };
  edit: { summary: string; body: z.ZodType<U>; run: (actor: CompanyActor, id: string, body: U) => Promise<R> };
  delete: { summary: string; run: (actor: CompanyActor, id: string) => Promise<R> };
}

export function companyCrudRoutes<R, F extends z.ZodType, S extends string, C, U>(app: FastifyInstance, spec: CompanyCrud<R, F, S, C, U>): void {
  const { resource, root, tags, record } = spec;
  const guard = (action: string) => routeAccess(resource, action);
  const id = (request: FastifyRequest) => (request.params as z.infer<typeof itemParams>).id;

  app.get(
    root,
    { schema: { tags, summary: spec.list.summary, params: scopeParams, querystring: listQueryOf(spec.list.sortFields), response: { 200: z.array(record) } }, config: guard('list') },
    async (request, reply) => {
      const query = parseListQuery(request.query as ListQueryString, spec.list.filter, spec.list.sortFields, spec.list.defaultSort);
      const { rows, total } = await spec.list.run(request.actor, query);
      return sendList(reply, spec.name, query.offset, rows, total);
    },
  );
  app.post(
    root,
    { schema: { tags, summary: spec.create.summary, params: scopeParams, body: spec.create.body, response: { 201: record } }, config: guard('create') },
    async (request, reply) => reply.code(201).send(await spec.create.run(request.actor, request.body as C)),
  );
  app.get(`${root}/:id`, { schema: { tags, summary: spec.show.summary, params: itemParams, response: { 200: record } }, config: guard('show') }, async (request) =>
    spec.show.run(request.actor, id(request)),
  );
  app.put(
    `${root}/:id`,
    { schema: { tags, summary: spec.edit.summary, params: itemParams, body: spec.edit.body, response: { 200: record } }, config: guard('edit') },
    async (request) => spec.edit.run(request.actor, id(request), request.body as U),
  );
  app.delete(`${root}/:id`, { schema: { tags, summary: spec.delete.summary, params: itemParams, response: { 200: record } }, config: guard('delete') }, async (request) =>
    spec.delete.run(request.actor, id(request)),
  );
}
