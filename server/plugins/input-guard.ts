import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findNul, findRefusedText, nulRefused, textRefused } from '../lib/nul';

function checkUrlAndHeaders(request: FastifyRequest) {
  const params = findRefusedText(request.params ?? {}, '', true);
  if (params) throw textRefused(params.field, params.message);
  const query = findRefusedText(request.query ?? {}, '', true);
  if (query) throw textRefused(query.field, query.message);
  // a header holds bytes read as Latin-1 (a cookie's "€" reads as C1 characters): only NUL is refused there
  const header = findNul(request.headers ?? {});
  if (header !== null) throw nulRefused(header);
}

/**
 * The last line of the text rule (domain/text.ts; DESIGN §5 "Input"): any string anywhere in a
 * request the app reads holding a character the rule refuses (NUL, C0/C1 controls but tab and
 * line breaks, bidi overrides and isolates, lone surrogates) answers 400 VALIDATION_ERROR naming
 * the field and the character, before the route's guards or handler run: path parameters and the
 * query string as soon as the route is known (onRequest, before the auth guard reads them), the
 * parsed body deep (preValidation, after parsing, before the schema). Every string of those is
 * put in NFC, so "é" typed composed or decomposed is one text. Headers are held to NUL only (their
 * bytes are Latin-1). Multipart file names and fields are held to the rule where a file is read
 * (lib/uploads.ts). Whether a field may span lines, and how long it may be, is its schema's
 * (`textField`). Registered in server/api.ts, so the Node server and the in-process host
 * (host/lite.ts) both run it.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => checkUrlAndHeaders(request));
  app.addHook('preValidation', async (request) => {
    const body = findRefusedText(request.body, '', true);
    if (body) throw textRefused(body.field || 'body', body.message);
    if (typeof request.body === 'string') request.body = request.body.normalize('NFC');
  });
});
