import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasPermission, type PermissionKey } from '../../domain/permissions';
import type { AppContext, AuthState } from '../context';
import { verifyAccessToken } from '../lib/access-token';
import { forbidden, notFound, unauthorized } from '../lib/errors';
import { isSessionLive } from '../modules/auth/repository';
import { findCompanyById, isInSubtree } from '../modules/company/repository';
import { findUserWithCompany } from '../modules/user/repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** set for every authenticated /api request; protected handlers may rely on it */
    auth: AuthState;
  }
  interface FastifyInstance {
    requireAuth: preHandlerAsyncHookHandler;
    requirePermission(key: PermissionKey): preHandlerAsyncHookHandler;
    /** 404 unless `companyId` is the caller's company or below it (provider staff: any company). */
    assertCompanyInScope(request: FastifyRequest, companyId: string): Promise<void>;
  }
  interface FastifyContextConfig {
    /** the route needs no access token */
    public?: boolean;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith('/api/') || request.routeOptions.config.public) return;
    request.auth = await authenticate(ctx, request);
  });

  const requireAuth: preHandlerAsyncHookHandler = async function (request: FastifyRequest, _reply: FastifyReply) {
    if (!request.auth) request.auth = await authenticate(ctx, request);
  };
  app.decorate('requireAuth', requireAuth);

  app.decorate('requirePermission', (key: PermissionKey): preHandlerAsyncHookHandler => {
    return async function (request, reply) {
      await requireAuth.call(this, request, reply);
      if (!hasPermission(request.auth.user.permissions, key)) throw forbidden();
    };
  });

  app.decorate('assertCompanyInScope', async (request: FastifyRequest, companyId: string) => {
    if (!request.auth) throw unauthorized();
    if (!UUID.test(companyId)) throw notFound();
    const { company } = request.auth;
    const ok = company.isProvider
      ? (await findCompanyById(ctx.db, companyId)) !== undefined
      : company.id === companyId || (await isInSubtree(ctx.db, company.id, companyId));
    if (!ok) throw notFound();
  });
});
