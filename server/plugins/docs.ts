import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';
import { NEXT_CURSOR_HEADER } from '../lib/list-query';
import type { RouteAccess } from '../lib/route-access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route answers 204 with no body (documented as such in /docs) */
    noContent?: boolean;
  }
}

/** DESIGN §4 error body of every /api answer that is not 2xx. */
const problem = {
  type: 'object',
  required: ['type', 'title', 'status', 'instance', 'error'],
  properties: {
    type: { type: 'string', example: 'about:blank' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string', description: 'the request path, without the query' },
    error: { type: 'object', required: ['message'], properties: { message: { type: 'string', description: 'stable error code, e.g. VALIDATION_ERROR, NOT_FOUND' } } },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'field → i18n message key (validation.*)' },
  },
};

/** Identity Toolkit error body of /identity calls. */
const identityError = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'integer' }, message: { type: 'string', description: 'e.g. INVALID_LOGIN_CREDENTIALS' }, errors: { type: 'array', items: { type: 'object' } } },
    },
  },
};

const problemResponse = (description: string) => ({ description, content: { 'application/problem+json': { schema: problem } } });

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The zod schemas give each route's request and 2xx shapes; this adds what they cannot say: the
 * 204 answers (route config `noContent`) and the error answers every route can give.
 */
function describeAnswers(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const { url } = input;
  const config = (input.route.config ?? {}) as { public?: boolean; noContent?: boolean; access?: RouteAccess };
  const response: Record<string, unknown> = { ...((out.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {}) };
  if (config.noContent) response['204'] = { description: 'No content', type: 'null' };
  // a list's page headers (lib/list-query.ts): what react-admin reads for the total, and the
  // cursor a keyed list hands for its next page
  const query = (out.schema as { querystring?: { properties?: Record<string, unknown> } } | undefined)?.querystring?.properties ?? {};
  if (input.route.method === 'GET' && 'range' in query && response['200'] && typeof response['200'] === 'object') {
    response['200'] = {
      ...response['200'],
      headers: {
        'Content-Range': {
          type: 'string',
          description: '`<resource> <first>-<last>/<total>`: the total is `*` while more rows follow (fetch the next page); past the end `<resource> */<total>` (or `*/*`)',
        },
        ...('cursor' in query && {
          [NEXT_CURSOR_HEADER]: { type: 'string', description: 'Only when the page ends before the rows do (its total `*`): send it back as `cursor` (same filter and sort) for the page after this one’s last row; absent otherwise' },
        }),
      },
    };
  }
  if (url.startsWith('/identity/')) {
    response['400'] = { description: 'Identity Toolkit error (error.message is the code)', content: { 'application/json': { schema: identityError } } };
  } else if (url.startsWith('/api/')) {
    const schema = (input.schema ?? {}) as Record<string, unknown>;
    if (schema.body || schema.querystring || schema.params) response['400'] ??= problemResponse('VALIDATION_ERROR (errors: field → message key) or another refusal of the request');
    if (url.startsWith('/api/integration/')) {
      // the integration API: an API key's refusals (modules/integration-api/README.md)
      response['401'] ??= problemResponse('API_KEY_INVALID: no key, an unknown, revoked or expired key (always the same body)');
      response['403'] ??= problemResponse('API_KEY_SCOPE_MISSING, or API_KEY_STORE_MISMATCH (a till key names another store)');
      response['404'] ??= problemResponse('NOT_FOUND: an unknown code or id, or one outside the key’s company (same body)');
      response['409'] ??= problemResponse('IDEMPOTENCY_IN_PROGRESS (the first call with the key still runs) or a domain refusal code');
      response['422'] ??= problemResponse('IDEMPOTENCY_KEY_REUSED (the key was used with another body), INSUFFICIENT_BALANCE, RETURN_EXCEEDS_CONSUME, AMOUNT_TOO_LARGE');
      response['429'] ??= problemResponse('RATE_LIMITED: the key’s calls per minute are spent (Retry-After)');
    }
    if (!config.public) response['401'] ??= problemResponse('UNAUTHORIZED: no valid access token, or the session has ended');
    if (url.startsWith('/api/company/')) {
      response['403'] ??= problemResponse('FORBIDDEN: the access table does not let the caller do this');
      response['404'] ??= problemResponse('NOT_FOUND: {companyId} outside the caller’s scope, or an unknown id');
    }
    if (input.route.method !== 'GET') response['409'] ??= problemResponse('CONFLICT or a domain refusal code (e.g. DUPLICATE_CODE, NOT_FROZEN)');
    response.default ??= problemResponse('Any other error: problem+json with error.message = a stable code');
  }
  // who may call it (lib/route-access.ts): the authorization matrix reads it from this document
  const access = config.public ? 'public' : config.access;
  return { ...out, schema: { ...(out.schema ?? {}), response, ...(access && { 'x-access': access }) } };
}

/** OpenAPI 3 built from the routes' zod schemas, browsable at /docs (document at /docs/json). */
export const docsPlugin = fp(async (app: FastifyInstance, { config }: { config: AppConfig }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tessera API', version: config.version, description: 'Back office for gift-card programmes. Errors are application/problem+json with error.message = a stable code.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // the integration API's routes name this scheme instead (modules/integration-api/giftcards.routes.ts integrationSecurity)
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'tsk_<prefix>_<secret>', description: 'An integration API key, created in the back office (API keys); never a session token' },
        },
      },
      security: [{ bearer: [] }],
      tags: [
        {
          name: 'Integration API',
          description:
            'Calls for tills and web shops under /api/integration/v1, authenticated by an API key (Authorization: Bearer tsk_…). Every money move requires an Idempotency-Key; a replay answers the first answer with Idempotent-Replayed: true. Rate-limited per key.',
        },
      ],
    },
    transform: describeAnswers,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
