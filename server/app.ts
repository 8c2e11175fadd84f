import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { openPglite, openPostgres, type DbHandle } from './db/client';
import { registerCleanupJob } from './jobs/cleanup';
import { JobRegistry } from './jobs/registry';
import { JobRunner } from './jobs/runner';
import { loadKeys, type KeyMaterial } from './lib/keys';
import { getDummyHash } from './lib/passwords';
import { createTransport, registerEmailJob, type MailTransport } from './mail/mailer';
import { createIdTokenVerifier } from './modules/auth/id-token';
import { authRoutes } from './modules/auth/routes';
import { companyRoutes } from './modules/companies/routes';
import { AuthService } from './modules/auth/service';
import { catalogRoutes } from './modules/catalog/routes';
import { giftcardRoutes } from './modules/giftcards/routes';
import { identityRoutes } from './modules/identity/routes';
import { operatorRoutes } from './modules/operators/routes';
import { orderRoutes } from './modules/orders/routes';
import { registerReloadableJobs, reloadableRoutes } from './modules/reloadables';
import { ShiftableClock, systemClock, type Clock } from './lib/clock';
import { storeRoutes } from './modules/stores/routes';
import { userRoutes } from './modules/user/routes';
import { registerUserJobs } from './modules/user/service';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { loggerOptions } from './plugins/logging';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    jobRegistry: JobRegistry;
  }
}

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
}

/** Builds the whole server without listening, so tests drive it with `inject`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const handle = options.db ?? (config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(`${config.dataDir}/pglite`));
  if (!options.db) app.addHook('onClose', () => handle.close());
  const keys = options.keys ?? (await loadKeys(config));
  const registry = new JobRegistry();
  const clock = options.clock ?? (config.testClock ? new ShiftableClock() : systemClock);
  const runner = new JobRunner(handle.db, registry, app.log.child({ component: 'jobs' }), {
    pollIntervalMs: config.jobs.pollIntervalMs,
    staleAfterSeconds: config.jobs.staleAfterSeconds,
    now: () => clock.now(),
  });
  const ctx: AppContext = { config, db: handle.db, keys, jobs: runner, clock };
  app.decorate('ctx', ctx);
  app.decorate('jobRegistry', registry);
  app.addHook('onClose', () => runner.stop());
  registerEmailJob(registry, {
    db: handle.db,
    transport: options.mailTransport !== undefined ? options.mailTransport : createTransport(config.smtpUrl),
    from: config.mailFrom,
    log: app.log.child({ component: 'mail' }),
  });
  registerUserJobs(ctx, registry);
  registerCleanupJob(registry, handle.db, config, () => clock.now());
  registerReloadableJobs(ctx, registry);
  // Started before the first sign-in so an unknown e-mail never costs an extra hash; not awaited,
  // so the server answers while the hash computes (sign-ins await the same promise).
  app.addHook('onReady', async () => {
    void getDummyHash();
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(docsPlugin, { config });
  await app.register(authPlugin, { ctx });

  const auth = new AuthService(ctx, createIdTokenVerifier(config.identity, keys));
  if (config.identity.provider === 'builtin') await app.register(identityRoutes, { ctx });
  await app.register(authRoutes, { auth });
  await app.register(userRoutes, { ctx });
  await app.register(companyRoutes, { ctx });
  await app.register(operatorRoutes, { ctx });
  await app.register(storeRoutes, { ctx });
  await app.register(giftcardRoutes, { ctx });
  await app.register(catalogRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(reloadableRoutes, { ctx });
  await app.register(spaPlugin, { config });
  return app;
}
