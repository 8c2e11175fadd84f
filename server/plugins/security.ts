import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { ApiError } from '../lib/errors';

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null; // a relative URL: same origin
  }
}

/**
 * Security headers and coarse per-address rate limits (in memory, per instance; the sign-in
 * brute-force limit that must hold across instances is counted in the database instead).
 */
export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: AppConfig }) => {
  const identityOrigin = origin(config.identity.signInUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> elements; swagger-ui uses inline styles too.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(identityOrigin ? [identityOrigin] : [])],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Plain-HTTP installs (localhost, intranet) must keep loading their own assets.
        upgradeInsecureRequests: null,
      },
    },
    // The SPA opens downloads and the analytics embed; COEP would block them.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new ApiError(429, 'RATE_LIMITED', 'Too many requests, try again later'),
  });
});
