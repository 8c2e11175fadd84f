import type { FastifyInstance } from 'fastify';
import { registerApi, type ApiParts } from '../api';
import type { AppContext } from '../context';
import { sendNoRoute } from '../lib/problem';
import { errorsPlugin } from '../plugins/errors';
import { createLiteHost, type LiteHost } from './lite';

export interface ApiHost extends LiteHost {
  ctx: AppContext;
}

/**
 * The product's API (server/api.ts) on the in-process host: the same error handler, auth guard,
 * routes, services and jobs as the Node server, answering `handle(request)` calls. The demo's
 * browser host wires it to the SPA; the contract suite holds it to the server's answers.
 */
export async function createApiHost(parts: ApiParts): Promise<ApiHost> {
  const host = createLiteHost();
  const app = host.app as FastifyInstance;
  await app.register(errorsPlugin);
  const ctx = await registerApi(app, parts);
  app.setNotFoundHandler(sendNoRoute);
  app.addHook('onClose', () => ctx.jobs.stop());
  await host.ready();
  return { ...host, ctx };
}
