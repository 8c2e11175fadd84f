import type { FastifyInstance } from 'fastify';
import { registerApi, type ApiParts } from '../api';
import type { AppConfig } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { systemClock } from '../lib/clock';
import { createMemoryStorage } from '../lib/files.memory';
import { ephemeralKeyMaterial } from '../lib/key-material';
import type { MailTransport } from '../mail/mailer';
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

/**
 * The parts of an API that lives alone in one process and shares nothing with another instance:
 * keys made at start, files in memory, the system clock. The demo's worker, the demo's build
 * (scripts/demo-data.ts) and the SPA tests' API (src/test/apiHost.ts) run on them.
 */
export async function standaloneParts(config: AppConfig, db: Db, mailTransport: MailTransport | null = null): Promise<ApiParts> {
  return { config, db, keys: await ephemeralKeyMaterial(), clock: systemClock, mailTransport, files: createMemoryStorage() };
}
