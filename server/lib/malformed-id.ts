import type { FastifyInstance } from 'fastify';
import { notFound } from './errors';
import { isUuid } from './pg-errors';

/**
 * A record id in the path that is not a uuid names nothing: the registry routes answer 404
 * NOT_FOUND for it (after the session check, so an anonymous caller still gets 401), before the
 * body is validated, so a PUT to `/stores/not-a-uuid` is "does not exist", not a field error.
 * Registered inside a module's plugin, it covers that module's routes only.
 */
export function malformedIdIsNotFound(app: FastifyInstance): void {
  app.addHook('preValidation', async function (request, reply) {
    const { id } = (request.params ?? {}) as { id?: string };
    if (id === undefined || isUuid(id)) return;
    await app.requireAuth.call(this, request, reply);
    throw notFound();
  });
}

/** A list filter's `id` list (react-admin's getMany): ids that are not uuids match nothing. */
export const onlyUuids = (ids: string[]) => ids.filter(isUuid);
