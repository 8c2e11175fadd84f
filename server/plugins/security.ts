import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { postgresRateLimitStore, rateLimited } from '../lib/rate-limit-store';

function origin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null; // a relative URL: same origin
  }
}

/**
 * Security headers and coarse per-address rate limits, on the routes that opt in with
 * `config.rateLimit`. Given `db` (the server on PostgreSQL) the limits are counted in its
 * `rate_limits` table, one budget for all instances (lib/rate-limit-store.ts); without it (the
 * embedded PGlite, one instance) in memory. The sign-in brute-force limit per account is counted
 * apart, in the audit events.
 */
export const securityPlugin = fp(async (app: FastifyInstance, { config, db }: { config: AppConfig; db?: Db }) => {
  const identityOrigin = origin(config.identity.signInUrl);
  // the dashboard's Power BI iframe (issue 21): the service's embed host, or the API's own origin
  // for a stand-in or a sovereign cloud serving both
  const powerBi = config.dashboard.powerBi;
  const embedOrigins = powerBi ? [...new Set(['https://app.powerbi.com', origin(powerBi.apiUrl)].filter((o): o is string => o !== null))] : [];
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
        frameSrc: ["'self'", ...embedOrigins],
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
    // the store lets a request through uncounted when the count fails, and answers an unreachable
    // database as the error it is (503 DATABASE_UNAVAILABLE, lib/rate-limit-store.ts)
    ...(db ? { store: postgresRateLimitStore(db, app.log), skipOnError: false } : {}),
    errorResponseBuilder: rateLimited,
  });
});
