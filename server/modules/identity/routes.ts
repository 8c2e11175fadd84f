import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { signInWithPassword, type SignInInput } from './service';

/**
 * Built-in identity provider, wire-compatible with the Identity Toolkit REST API
 * (`accounts:signInWithPassword`). Any `?key=` is accepted: the key is public by design.
 * Registered only when IDENTITY_PROVIDER=builtin.
 */
export async function identityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post(
    // `::` is Fastify's escape for a literal colon in a path.
    '/identity/v1/accounts::signInWithPassword',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sign in with e-mail and password (Identity Toolkit compatible)',
        querystring: z.object({ key: z.string().max(256).optional() }),
        // Documentation only (see validatorCompiler): the provider validates by hand, to answer
        // Identity Toolkit codes such as MISSING_EMAIL rather than a generic validation error.
        // The lengths are the provider's: an e-mail of at most 320 characters, only a password's first
        // 1024 characters read, a tenant id the instance's own.
        body: z.object({ email: z.string().max(320), password: z.string().max(1024), tenantId: z.string().max(128), returnSecureToken: z.boolean().optional() }),
      },
      validatorCompiler: () => (value: unknown) => ({ value }),
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const body = (request.body ?? {}) as SignInInput;
      const result = await signInWithPassword(ctx, body, request.ip);
      return { kind: 'identitytoolkit#VerifyPasswordResponse', ...result };
    },
  );

  /** Public keys of idTokens (what an external-mode instance can be pointed at). */
  app.get(
    '/identity/v1/jwks',
    { schema: { tags: ['identity'], summary: 'Public signing keys (JWKS)' }, config: { public: true } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { keys: [ctx.keys.identityPublicJwk] };
    },
  );
}
