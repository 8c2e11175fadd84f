import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import type { Db } from './db/client';
import { registerCleanupJob } from './jobs/cleanup';
import { JobRegistry } from './jobs/registry';
import { JobRunner } from './jobs/runner';
import type { Clock } from './lib/clock';
import type { FileStorage } from './lib/files';
import type { KeyMaterial } from './lib/keys';
import { getDummyHash } from './lib/passwords';
import { registerEmailJob, sweepOutbox, type MailTransport } from './mail/mailer';
import { createIdTokenVerifier } from './modules/auth/id-token';
import { authRoutes } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
import { catalogRoutes } from './modules/catalog/routes';
import { companyRoutes } from './modules/companies/routes';
import { dashboardRoutes } from './modules/dashboard';
import { giftcardRoutes } from './modules/giftcards/routes';
import { identityRoutes } from './modules/identity/routes';
import { operatorRoutes } from './modules/operators/routes';
import { orderRoutes } from './modules/orders/routes';
import { registerReloadableJobs, reloadableRoutes } from './modules/reloadables';
import { reportRoutes } from './modules/reports/routes';
import { registerSquareJobs, squareRoutes } from './modules/square';
import { storeRoutes } from './modules/stores/routes';
import { ticketRoutes } from './modules/tickets';
import { userRoutes } from './modules/user/routes';
import { usersRoutes } from './modules/users/routes';
import { registerUserJobs } from './modules/user/service';
import { authPlugin } from './plugins/auth';
import { workLimitsOf } from './lib/work-limits';
import { inputGuardPlugin } from './plugins/input-guard';
import { apiKeyRoutes, integrationApi, integrationGiftcardRoutes } from './modules/integration';
import { integratedOrderRoutes } from './modules/integrated-orders/routes';
import { integratedOrderIntegrationRoutes } from './modules/integrated-orders/integration-routes';
import { registerAuditContext } from './db/audit-context';
import { auditModule } from './modules/audit';
import { emailRoutes } from './modules/emails/routes';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    jobRegistry: JobRegistry;
  }
}

export interface ApiParts {
  config: AppConfig;
  db: Db;
  keys: KeyMaterial;
  clock: Clock;
  /** where e-mails of the outbox go; null keeps them in the outbox */
  mailTransport: MailTransport | null;
  /** the file storage (lib/files.ts): the server's is on disk under DATA_DIR, the in-process host's in memory */
  files: FileStorage;
}

/**
 * The product's API on a host: the job runner and its jobs, the auth guard and every route module.
 * The one list of what the API is, whatever serves it: the Node server (app.ts, Fastify, after its
 * transport plugins: errors, security, docs) and the in-process host (host/lite.ts). Returns the
 * context the routes were given; the caller stops `ctx.jobs` when it closes.
 */
export async function registerApi(app: FastifyInstance, parts: ApiParts): Promise<AppContext> {
  const { config, db, keys, clock, files } = parts;
  const registry = new JobRegistry();
  const runner = new JobRunner(db, registry, app.log.child({ component: 'jobs' }), {
    pollIntervalMs: config.jobs.pollIntervalMs,
    staleAfterSeconds: config.jobs.staleAfterSeconds,
    concurrency: config.jobs.concurrency,
    poolMax: config.databaseUrl ? config.database.poolMax : undefined,
    now: () => clock.now(),
  });
  const ctx: AppContext = { config, db, keys, jobs: runner, clock, files, mail: { transport: parts.mailTransport, from: config.mailFrom } };
  app.decorate('ctx', ctx);
  // what one caller may queue (lib/work-limits.ts), on each request: the in-process host's requests have no `server`
  const workLimits = workLimitsOf(config);
  app.decorateRequest('workLimits', null);
  app.addHook('onRequest', async (request) => {
    request.workLimits = workLimits;
  });
  app.decorate('jobRegistry', registry);
  registerEmailJob(registry, { db, transport: parts.mailTransport, from: config.mailFrom, log: app.log.child({ component: 'mail' }), retryHours: config.smtp.retryHours, now: () => clock.now() });
  registerUserJobs(ctx, registry);
  // the cleanup also sweeps the storage's unfinished writes (a job killed mid-file)
  // and the outbox's e-mails whose job is gone (mail/mailer.ts)
  registerCleanupJob(registry, db, config, () => clock.now(), { files, outbox: (now) => sweepOutbox(db, now, config.smtp.retryHours) });
  registerReloadableJobs(ctx, registry);
  registerSquareJobs(ctx, registry);
  // Started before the first sign-in so an unknown e-mail never costs an extra hash; not awaited,
  // so the server answers while the hash computes (sign-ins await the same promise).
  app.addHook('onReady', async () => {
    void getDummyHash();
  });

  registerAuditContext(app);
  // before the auth guard: a NUL anywhere in a request answers 400 before anything reads it
  await app.register(inputGuardPlugin);
  await app.register(authPlugin, { ctx });
  const auth = new AuthService(ctx, createIdTokenVerifier(config.identity, keys));
  if (config.identity.provider === 'builtin') await app.register(identityRoutes, { ctx });
  await app.register(authRoutes, { auth });
  await app.register(userRoutes, { ctx });
  await app.register(companyRoutes, { ctx });
  await app.register(operatorRoutes, { ctx });
  await app.register(usersRoutes, { ctx });
  await app.register(storeRoutes, { ctx });
  await app.register(giftcardRoutes, { ctx });
  await app.register(catalogRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(reloadableRoutes, { ctx });
  await app.register(squareRoutes, { ctx });
  await app.register(ticketRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(apiKeyRoutes, { ctx });
  await app.register(integratedOrderRoutes, { ctx });
  await integrationApi(app, ctx, [integrationGiftcardRoutes, integratedOrderIntegrationRoutes]);
  await app.register(auditModule, { ctx });
  await app.register(emailRoutes, { ctx });
  return ctx;
}
