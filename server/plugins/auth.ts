import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext, AuthState } from '../context';
import { verifyAccessToken, type AccessClaims } from '../lib/access-token';
import type { Actor, CompanyActor } from '../lib/access';
import { forbidden, unauthorized } from '../lib/errors';
import { guardCompanyRoute } from '../lib/route-guards';
import { isUuid } from '../lib/pg-errors';
import { loadCaller } from './auth.repository';

/** The route's {companyId} as the caller's query saw it: in scope or not, and its subtree. */
export interface RouteCompanyScope {
  companyId: string;
  inScope: boolean;
  /** the company and every company below it (empty when out of scope) */
  subtreeIds: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set for every authenticated /api request; protected handlers may rely on it */
    auth: AuthState;
    /** on /api/company/{companyId}/… routes: the scope answer loaded with the caller (lib/route-guards.ts reads it) */
    companyScope: RouteCompanyScope | null;
  }
  interface FastifyInstance {
    requireAuth: preHandlerAsyncHookHandler;
  }
  interface FastifyContextConfig {
    /** the route needs no access token */
    public?: boolean;
    /**
     * Work the route starts as soon as the access token is verified, beside the caller's load (a
     * round trip saved). It gets the verified claims and the route's well-formed {companyId}; the
     * caller may still turn out disabled, without the permission or out of scope, so whatever it
     * starts may be answered only from the handler, after the guards.
     */
    onTokenVerified?: (request: FastifyRequest, claims: AccessClaims, companyId: string | null) => void;
  }
}

/** The route's {companyId} when it is a well-formed id (anything else answers 404 later). */
function routeCompanyId(request: FastifyRequest): string | null {
  const id = (request.params as { companyId?: unknown } | undefined)?.companyId;
  return typeof id === 'string' && isUuid(id) ? id : null;
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthState> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthorized();
  // an integration API key never calls the back-office API
  if (match[1].startsWith('tsk_')) throw unauthorized('An API key cannot call this API');
  let claims;
  try {
    claims = await verifyAccessToken(ctx.keys.accessTokenSecret, match[1]);
  } catch {
    throw unauthorized('The access token is not valid or has expired');
  }
  const companyId = routeCompanyId(request);
  request.routeOptions.config.onTokenVerified?.(request, claims, companyId);
  const row = await loadCaller(ctx.db, claims, companyId);
  if (!row || row.user.status !== 'ACTIVE' || !row.live) throw unauthorized('The session has ended');
  request.companyScope = companyId ? { companyId, inScope: row.inScope === true, subtreeIds: row.inScope === true ? (row.subtree ?? []) : [] } : null;
  return { user: row.user, company: row.company, sessionId: claims.sessionId };
}

/**
 * Bearer access tokens on every /api route not marked `config.public`, then the route's declared
 * access (lib/route-access.ts) before its body is read: the access table and the {companyId} scope
 * on company routes, any signed-in caller on their own account's routes, and 403 on a route that
 * declares nothing (closed until it says who may call it).
 */
export const authPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('auth', null as unknown as AuthState);
  app.decorateRequest('actor', null as unknown as CompanyActor);
  app.decorateRequest('scopedActor', null as unknown as Actor);
  app.decorateRequest('companyScope', null);

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // the integration API authenticates its own callers, API keys (modules/integration-api/plugin.ts)
    if (!url || !url.startsWith('/api/') || url.startsWith('/api/integration/') || request.routeOptions.config.public) return;
    request.auth = await authenticate(ctx, request);
    const access = request.routeOptions.config.access;
    if (access === 'signedIn') return;
    if (!access || typeof access !== 'object' || !('resource' in access)) throw forbidden();
    await guardCompanyRoute(ctx.db, request, access.resource, access.action);
  });

  const requireAuth: preHandlerAsyncHookHandler = async function (request: FastifyRequest, _reply: FastifyReply) {
    if (!request.auth) request.auth = await authenticate(ctx, request);
  };
  app.decorate('requireAuth', requireAuth);
});
