import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { PermissionKey } from '../../../domain/permissions';

/**
 * Every company-scoped route: the permission flag first (403), then `{companyId}` in the caller's
 * scope (404, so other trees learn nothing).
 */
export function scopeGuards(app: FastifyInstance, key: PermissionKey): preHandlerAsyncHookHandler[] {
  const inScope: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    await app.assertCompanyInScope(request, (request.params as { companyId: string }).companyId);
  };
  return [app.requirePermission(key), inScope];
}
