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
import { API_MODULES } from './modules';
import { authPlugin } from './plugins/auth';
import { workLimitsOf } from './lib/work-limits';
import { inputGuardPlugin } from './plugins/input-guard';
import { registerAuditContext } from './db/audit-context';

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
  // the cleanup also sweeps the storage's unfinished writes (a job killed mid-file)
  // and the outbox's e-mails whose job is gone (mail/mailer.ts)
  registerCleanupJob(registry, db, config, () => clock.now(), { files, outbox: (now) => sweepOutbox(db, now, config.smtp.retryHours) });
  for (const module of API_MODULES) module.jobs?.(ctx, registry);
  // Started before the first sign-in so an unknown e-mail never costs an extra hash; not awaited,
  // so the server answers while the hash computes (sign-ins await the same promise).
  app.addHook('onReady', async () => {
    void getDummyHash();
  });

  registerAuditContext(app);
  // before the auth guard: a NUL anywhere in a request answers 400 before anything reads it
  await app.register(inputGuardPlugin);
  await app.register(authPlugin, { ctx });
  for (const module of API_MODULES) await module.routes?.(app, ctx);
  return ctx;
}
