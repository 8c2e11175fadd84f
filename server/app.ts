import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { httpTimeouts, type AppConfig } from './config';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { openPglite, type DbHandle } from './db/client';
import { openPostgres } from './db/postgres';
import type { FileStorage } from './lib/files';
import type { Lifecycle } from './lib/lifecycle';
import { createFileStorage } from './lib/files.config';
import { loadKeys, type KeyMaterial } from './lib/keys';
import type { MailTransport } from './mail/mailer';
import { createTransport } from './mail/smtp';
import { registerApi } from './api';
import { ShiftableClock, systemClock, type Clock } from './lib/clock';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { exportsPlugin } from './plugins/exports';
import { healthPlugin } from './plugins/health';
import { loggerOptions, requestIds, requestLogPlugin } from './plugins/logging';
import { attachJobMetrics, metricsPlugin } from './plugins/metrics';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';

export interface BuildOptions {
  /** an open, migrated database; when absent one is opened from config and closed with the app */
  db?: DbHandle;
  keys?: KeyMaterial;
  /** where logs go (tests capture them); default stdout */
  logStream?: NodeJS.WritableStream;
  /** replaces the SMTP transport (tests) */
  mailTransport?: MailTransport | null;
  /** business time (tests move it); default the system clock, or a movable one with TEST_CLOCK=1 */
  clock?: Clock;
  /** the file storage; default the one FILE_STORAGE names (lib/files.config.ts): files under DATA_DIR, or an S3 bucket */
  files?: FileStorage;
  /** the HTTP server to serve on, given Fastify's request handler (main.ts: already listening); default one of Fastify's own */
  serverFactory?: (handler: (req: IncomingMessage, res: ServerResponse) => void) => Server;
}

/** Fastify's compilers are ajv's and fast-json-stringify's: these are zod's (typed for JSON schemas, hence the cast) */
const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** Builds the whole server without listening, so tests drive it with `inject`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // timeouts set on purpose (issue 39; README "Limits"): a client has HTTP_REQUEST_TIMEOUT_SECONDS to
    // send a whole request (else 408), a socket silent for HTTP_SOCKET_TIMEOUT_SECONDS is closed, both
    // below a balancer's 60 s; an idle keep-alive connection outlives the balancer's (it closes first).
    // Node checks request timeouts every connectionsCheckingInterval (30 s by default: a 30 s limit
    // could run to 60), so every second here.
    ...httpTimeouts(config),
    // main.ts listens before the app is built (a probe answers while the database opens): its server
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
    // every schema is zod's (set below for every route): Fastify's own compilers (ajv,
    // fast-json-stringify) are not even loaded, which a start would otherwise spend time and heap on
    schemaController: { compilersFactory: zodCompilers },
    routerOptions: { ignoreTrailingSlash: true },
    // a bad URL or an over-long path parameter answers problem+json without echoing the URL
    frameworkErrors,
    // request ids name a request in the logs and the audit trail: unique across restarts and
    // instances, or the proxy's X-Request-Id when behind one and it is a safe token (plugins/logging.ts)
    genReqId: requestIds(config.trustProxy),
    // one line per request, written when it ends, by plugins/logging.ts (not Fastify's pair:
    // disableRequestLogging, given through the log controller as Fastify 5.12 wants it)
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.decorate('lifecycle', { draining: false } satisfies Lifecycle);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  if (!options.db && !config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const handle = options.db ?? (config.databaseUrl ? openPostgres(config.databaseUrl, config.database.poolMax, config.exports.maxConcurrent, config.database) : await openPglite(`${config.dataDir}/pglite`));
  if (!options.db) app.addHook('onClose', () => handle.close());
  const keys = options.keys ?? (await loadKeys(config));
  const clock = options.clock ?? (config.testClock ? new ShiftableClock() : systemClock);
  await app.register(errorsPlugin);
  // before every route: their requests are logged and counted
  await app.register(requestLogPlugin);
  await app.register(metricsPlugin, { config, db: handle.db, clock });
  await app.register(securityPlugin, { config, db: handle.driver === 'postgres' ? handle.db : undefined });
  await app.register(docsPlugin, { config });
  // streamed downloads capped and timed out (issue 39): the Node server's sockets and pools; the
  // in-process host (host/lite.ts: one browser, one user, no socket) has neither to protect
  await app.register(exportsPlugin, { config });
  const mailTransport = options.mailTransport !== undefined ? options.mailTransport : createTransport(config.smtpUrl, config.smtp);
  const ctx = await registerApi(app, {
    config,
    db: handle.db,
    keys,
    clock,
    mailTransport,
    files: options.files ?? (await createFileStorage(config)),
  });
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    // the pool's connections, once no job sends any more; the storage's, once no job writes any more
    if (options.mailTransport === undefined) mailTransport?.close?.();
    if (options.files === undefined) ctx.files.close?.();
  });
  attachJobMetrics(app.metrics, ctx.jobs);
  // before the SPA's fallback: /healthz and /readyz are routes of their own
  await app.register(healthPlugin, { config, db: handle.db, files: ctx.files, jobs: ctx.jobs });
  await app.register(spaPlugin, { config });
  return app;
}
