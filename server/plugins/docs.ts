import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config';

/** OpenAPI 3 built from the routes' zod schemas, browsable at /docs (document at /docs/json). */
export const docsPlugin = fp(async (app: FastifyInstance, { config }: { config: AppConfig }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tessera API', version: config.version, description: 'Back office for gift-card programmes. Errors are application/problem+json with error.message = a stable code.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
