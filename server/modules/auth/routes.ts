import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maxLengthMessage } from '../../../domain/messages';
import { refreshResponseSchema, refreshSchema, sessionSchema, tokenExchangeSchema } from '../../../domain/schemas/auth';
import type { AuthService, ClientMeta } from './service';

export function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** SPEC §7 session calls, under /api/auth. All public: they are how a caller gets a session. */
export async function authRoutes(base: FastifyInstance, { auth }: { auth: AuthService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const rateLimit = { max: 60, timeWindow: '1 minute' };

  app.post(
    '/api/auth/token-exchange',
    {
      schema: { tags, summary: 'Exchange an identity-provider idToken for a session', body: tokenExchangeSchema, response: { 200: sessionSchema } },
      config: { public: true, rateLimit },
    },
    (request) => auth.exchange(request.body.fireBaseToken, clientMeta(request)),
  );

  app.post(
    '/api/auth/access-token',
    {
      schema: { tags, summary: 'Rotate a refresh token for a new access token', body: refreshSchema, response: { 200: refreshResponseSchema } },
      config: { public: true, rateLimit },
    },
    (request) => auth.refresh(request.body.refresh_token, clientMeta(request)),
  );

  app.get(
    '/api/auth/logout',
    {
      schema: {
        tags,
        summary: 'End the session of a refresh token (always 204)',
        querystring: z.object({ refreshToken: z.string().max(512, maxLengthMessage(512)).optional() }),
      },
      config: { public: true, noContent: true },
    },
    async (request, reply) => {
      await auth.logout(request.query.refreshToken, clientMeta(request));
      return reply.code(204).send();
    },
  );
}
