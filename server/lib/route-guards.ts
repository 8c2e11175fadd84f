import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { hasAnyPermission, type PermissionKey } from '../../domain/permissions';
import { forbidden } from './errors';

/**
 * The guards of every company-scoped route (/api/company/{companyId}/…), in this order: a signed-in
 * caller holding any of the permission flags (403 otherwise), then `{companyId}` inside the
 * caller's scope (404 otherwise, so other company trees learn nothing).
 */
export function companyRouteGuards(app: FastifyInstance, anyOf: readonly PermissionKey[]): preHandlerAsyncHookHandler[] {
  const permission: preHandlerAsyncHookHandler = async function (request, reply) {
    await app.requireAuth.call(this, request, reply);
    if (!hasAnyPermission(request.auth.user.permissions, anyOf)) throw forbidden();
  };
  const scope: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    await app.assertCompanyInScope(request, (request.params as { companyId: string }).companyId);
  };
  return [permission, scope];
}
