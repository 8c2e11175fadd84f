import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { requestPath, sendNoRoute } from '../lib/problem';

const NON_SPA_PREFIXES = ['/api/', '/identity/', '/docs'];

/** What the SPA reads at start (window.__TESSERA_CONFIG__), so one build runs in every environment. */
export function publicConfig(config: AppConfig) {
  return {
    appEnv: config.appEnv,
    identitySignInUrl: config.identity.signInUrl,
    identityApiKey: config.identity.apiKey,
    tenantId: config.identity.tenantId,
    version: config.version,
    maxTransactionCents: config.giftCards.maxTransactionCents,
  };
}

function isSpaRequest(request: FastifyRequest): boolean {
  const p = requestPath(request);
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (NON_SPA_PREFIXES.some((prefix) => p === prefix.replace(/\/$/, '') || p.startsWith(prefix))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built SPA with history fallback. Without a build the fallback answers 503, so API
 * tests and `npm run dev` (Vite serves the SPA) need no build.
 */
export const spaPlugin = fp(async (app: FastifyInstance, { config }: { config: AppConfig }) => {
  const indexFile = path.join(config.spaDir, 'index.html');
  const built = existsSync(indexFile);

  app.get('/config.js', { schema: { hide: true }, config: { public: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('application/javascript; charset=utf-8');
    return `window.__TESSERA_CONFIG__ = ${JSON.stringify(publicConfig(config))};\n`;
  });

  if (built) {
    await app.register(fastifyStatic, {
      root: config.spaDir,
      index: ['index.html'],
      wildcard: true,
      // the build writes .br/.gz siblings (scripts/precompress.mjs): sent by Accept-Encoding, no per-request compression
      preCompressed: true,
      cacheControl: false, // set per file below
      setHeaders(res, filePath) {
        // Vite puts content hashes in asset names: those never change; index.html always may.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isSpaRequest(request)) {
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send('SPA not built: run npm run build');
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return sendNoRoute(request, reply);
  });
});
