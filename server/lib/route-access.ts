import type { ResourceName } from '../../domain/access';
import type { ApiKeyScope } from '../../domain/integration';

/**
 * What a route needs of its caller, declared once in its config (`config: routeAccess(…)`) and
 * enforced by one hook before the body is read or validated: plugins/auth.ts for the back-office
 * API, the integration plugin for API keys. An /api route that declares nothing and is not
 * `public` is refused (403) to everyone, so a new route is closed until it says who may call it;
 * the OpenAPI document carries the declaration as `x-access`, and the authorization matrix
 * (server/authorization.test.ts) walks every route with it.
 */
export type RouteAccess =
  /** a company route: the access table's entry (domain/access.ts), then {companyId} in the caller's scope */
  | { resource: ResourceName; action: string }
  /** an integration API route: the key's scope */
  | { scope: ApiKeyScope }
  /** the caller's own account (/api/user/…, logout): any signed-in user */
  | 'signedIn';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call the route (lib/route-access.ts) */
    access?: RouteAccess;
  }
}

/** The config of a company route that the access table's (resource, action) entry opens. */
export const routeAccess = (resource: ResourceName, action: string) => ({ access: { resource, action } }) as const;

/** The config of an integration route that keys holding `scope` may call. */
export const keyAccess = (scope: ApiKeyScope) => ({ access: { scope } }) as const;

/** The config of a route any signed-in user may call for their own account. */
export const SIGNED_IN = { access: 'signedIn' } as const;
