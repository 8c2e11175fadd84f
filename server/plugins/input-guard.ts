import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findNul, nulRefused } from '../lib/nul';

function checkUrlAndHeaders(request: FastifyRequest) {
  const params = findNul(request.params ?? {});
  if (params !== null) throw nulRefused(params);
  const query = findNul(request.query ?? {});
  if (query !== null) throw nulRefused(query);
  const header = findNul(request.headers ?? {});
  if (header !== null) throw nulRefused(header);
}

/**
 * The last line of defence against a NUL character (U+0000; DESIGN §5 "Input"): PostgreSQL
 * cannot store one in text (`invalid byte sequence for encoding "UTF8": 0x00`), so a NUL that
 * reached a query answered 500. Any string anywhere in a request the app reads holding one
 * answers 400 VALIDATION_ERROR before the route's guards or handler run: path parameters, the
 * query string and the headers as soon as the route is known (onRequest, before the auth guard
 * reads them), the parsed body deep (preValidation, after parsing, before the schema). Multipart
 * file names and fields are refused where a file is read (lib/uploads.ts). Registered in
 * server/api.ts, so the Node server and the in-process host (host/lite.ts) both run it.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => checkUrlAndHeaders(request));
  app.addHook('preValidation', async (request) => {
    const body = findNul(request.body);
    if (body !== null) throw nulRefused(body);
  });
});
