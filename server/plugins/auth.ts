import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext, AuthState } from '../context';
import { verifyAccessToken } from '../lib/access-token';
import { assertCan, assertCompanyInScope, principalOf, type CompanyActor } from '../lib/access';
import { unauthorized } from '../lib/errors';
import { isSessionLive } from '../modules/auth/repository';
import { findUserWithCompany } from '../modules/user/repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** set for every authenticated /api request; protected handlers may rely on it */
    auth: AuthState;
  }
  interface FastifyInstance {
    requireAuth: preHandlerAsyncHookHandler;
    /** 403 unless the access table (domain/access.ts) lets the caller do `action` on `resource` */
    requireAccess(resource: string, action: string): preHandlerAsyncHookHandler;
    /** 404 unless `companyId` is the caller's company or below it (provider staff: any company). */
    assertCompanyInScope(request: FastifyRequest, companyId: string): Promise<void>;
  }
  interface FastifyContextConfig {
    /** the route needs no access token */
    public?: boolean;
  }
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthState> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match) throw unauthorized();
  let claims;
  try {
    claims = await verifyAccessToken(ctx.keys.accessTokenSecret, match[1]);
  } catch {
    throw unauthorized('The access token is not valid or has expired');
  }
  // Loaded per request: a disabled user or a revoked session (logout, password change) is out at once.
  const [row, live] = await Promise.all([findUserWithCompany(ctx.db, claims.userId), isSessionLive(ctx.db, claims.sessionId)]);
  if (!row || row.user.status !== 'ACTIVE' || !live) throw unauthorized('The session has ended');
  return { user: row.user, company: row.company, sessionId: claims.sessionId };
}

/** Bearer access tokens on every /api route not marked `config.public`, plus guards for routes. */
export const authPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.decorateRequest('auth', null as unknown as AuthState);
  app.decorateRequest('actor', null as unknown as CompanyActor);

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith('/api/') || request.routeOptions.config.public) return;
    request.auth = await authenticate(ctx, request);
  });

  const requireAuth: preHandlerAsyncHookHandler = async function (request: FastifyRequest, _reply: FastifyReply) {
    if (!request.auth) request.auth = await authenticate(ctx, request);
  };
  app.decorate('requireAuth', requireAuth);

  app.decorate('requireAccess', (resource: string, action: string): preHandlerAsyncHookHandler => {
    return async function (request, reply) {
      await requireAuth.call(this, request, reply);
      assertCan(request.auth.user, resource, action);
    };
  });

  app.decorate('assertCompanyInScope', async (request: FastifyRequest, companyId: string) => {
    if (!request.auth) throw unauthorized();
    await assertCompanyInScope(ctx.db, principalOf(request.auth), companyId);
  });
});
