import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_STATES, apiKeyCreateBodySchema, apiKeyCreatedSchema, apiKeySchema } from '../../../domain/integration';
import { filterTextSchema } from '../../../domain/fields';
import { issuesToErrors } from '../../../domain/errors';
import type { AppContext } from '../../context';
import { ApiError } from '../../lib/errors';
import { listQueryOf, parseListQuery, sendList } from '../../lib/list-query';
import { pathIdSchema, scopeParams } from '../../lib/route-support';
import { createKey, listKeys, revokeKey } from './keys.service';
import { API_KEY_SORTS } from './keys.repository';
import { routeAccess } from '../../lib/route-access';
import { apiRoute } from '../../../domain/resources';

const KEYS = 'api-keys';
const apiKeyFilterSchema = z.object({ q: filterTextSchema.optional(), state: z.enum(API_KEY_STATES).optional(), storeId: z.uuid().optional() }).strict();
const keyParams = z.object({ companyId: pathIdSchema, id: pathIdSchema }).strict();

/** /api/company/{companyId}/api-keys… — the back office's management of integration keys (README.md beside this file). */
export async function apiKeyRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['api-keys'];
  const root = apiRoute('api-keys');

  app.get(
    root,
    {
      schema: { tags, summary: 'API keys of the company subtree, newest first (filter {q: name or prefix, state, storeId}; exact Content-Range total)', params: scopeParams, querystring: listQueryOf(API_KEY_SORTS), response: { 200: z.array(apiKeySchema) } },
      config: routeAccess(KEYS, 'list'),
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, apiKeyFilterSchema, API_KEY_SORTS, { field: 'createdAt', order: 'DESC' });
      const { rows, total } = await listKeys(ctx.db, request.scopedActor, q.filter, q.sort, q.offset, q.limit);
      return sendList(reply, KEYS, q.offset, rows, total);
    },
  );

  app.post(
    root,
    {
      schema: {
        tags,
        summary: 'Creates a key; the answer carries the whole key this once (only its SHA-256 is kept). 403 API_KEY_SCOPE_NOT_HELD for a scope the creator lacks; 404 for a store outside the company; 409 API_KEYS_LIMIT past the active keys a company may hold (API_KEY_LIMITS)',
        params: scopeParams,
        body: z.unknown().describe('apiKeyCreateBodySchema'),
        response: { 201: apiKeyCreatedSchema },
      },
      config: routeAccess(KEYS, 'create'),
    },
    async (request, reply) => {
      // read after the guards: a caller without the permission learns 403, not what the body lacks
      const parsed = apiKeyCreateBodySchema.safeParse(request.body);
      if (!parsed.success) throw new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', issuesToErrors(parsed.error.issues));
      return reply.code(201).send(await createKey(ctx.db, request.scopedActor, parsed.data));
    },
  );

  app.post(
    `${root}/:id/revoke`,
    { schema: { tags, summary: 'Revokes a key at once (its calls answer 401); 409 API_KEY_ALREADY_REVOKED the second time', params: keyParams, response: { 200: apiKeySchema } }, config: routeAccess(KEYS, 'revoke') },
    async (request) => revokeKey(ctx.db, request.scopedActor, request.params.id),
  );
}
