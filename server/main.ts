import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { httpTimeouts, loadConfig } from './config';
import type { Db } from './db/client';

/** what a shutdown may take beyond SHUTDOWN_GRACE_SECONDS before the process exits anyway */
const SHUTDOWN_MARGIN_MS = 2000;
/** at most this long for a running job's handler to stop on a shutdown before its job is given back anyway */
const JOB_RELEASE_WAIT_MS = 3000;

/** the start's phases, in ms since the process began, and the CPU time spent by then (logged with 'Tessera is running') */
const phases: Record<string, number> = {};
const cpuPhases: Record<string, number> = {};
const mark = (phase: string) => {
  phases[phase] = Math.round(performance.now());
  const cpu = process.cpuUsage();
  cpuPhases[phase] = Math.round((cpu.user + cpu.system) / 1000);
};
mark('main');

/**
 * The HTTP server, listening before the rest of the server has loaded and the database has opened
 * (PGlite's start is most of a restart): until the app is ready, GET /healthz answers 200 (the
 * process is alive), GET /readyz 503 `starting`, and any other request waits for the app, which
 * then answers it. The app (Fastify) is given this server (serverFactory): its handler takes over.
 */
function listenEarly(config: ReturnType<typeof loadConfig>) {
  const timeouts = httpTimeouts(config);
  type Handler = (req: IncomingMessage, res: ServerResponse) => void;
  /** Fastify's, once given (serverFactory) */
  let given: Handler | null = null;
  /** the handler answering, once the app is ready */
  let appHandler: Handler | null = null;
  const waiting: [IncomingMessage, ServerResponse][] = [];
  const probe = (res: ServerResponse, code: number, body: object) => {
    res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const server = createServer({ ...timeouts.http, requestTimeout: timeouts.requestTimeout }, (req, res) => {
    if (appHandler) return appHandler(req, res);
    const pathname = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && pathname === '/healthz') return probe(res, 200, { status: 'ok' });
    if (req.method === 'GET' && pathname === '/readyz') return probe(res, 503, { status: 'starting' });
    waiting.push([req, res]);
  });
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  server.setTimeout(timeouts.connectionTimeout);
  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    listening,
    /** Fastify's serverFactory: keeps its handler for when the app is ready */
    factory: (handler: Handler) => {
      given = handler;
      return server;
    },
    /** the app is ready: its handler answers from now on, the requests that waited first */
    ready: () => {
      appHandler = given;
      if (!appHandler) throw new Error('the app was not built on the early server');
      for (const [req, res] of waiting.splice(0)) if (!res.destroyed) appHandler(req, res);
    },
  };
}

/**
 * Starts Tessera: listen (probes only), open the database while the rest of the server loads,
 * migrate (as DATABASE_MIGRATION_URL's role when it has one of its own, which then grants
 * DATABASE_URL's role its privileges), seed demo data when appropriate, serve, then schedule the
 * recurring jobs and start the job runner (readiness says 503 until it runs).
 * A new embedded database is always seeded (so `npm start` gives a usable product); PostgreSQL
 * only with DEMO_DATA=1.
 */
async function main() {
  const config = loadConfig();
  const early = listenEarly(config);
  // listening before anything heavy loads: a probe is answered in the gaps of what follows
  await early.listening;
  mark('listening');
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const newEmbedded = !config.databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION'));
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const opening = config.databaseUrl
    ? import('./db/postgres').then(({ openPostgres }) => openPostgres(config.databaseUrl!, config.database.poolMax, config.exports.maxConcurrent, config.database))
    : import('./db/client').then(({ openPglite }) => openPglite(pgliteDir));
  const [{ buildApp }, { scheduleCleanup }, { migrateAsOwner, runMigrations }, { migrationsApplied }] = await Promise.all([
    import('./app'),
    import('./jobs/cleanup'),
    import('./db/migrate'),
    // the usual restart skips the migrator (it reads and hashes every file and takes a lock) when the newest migration is applied
    import('./db/migration-state'),
  ]);
  mark('imported');
  const db = await opening;
  mark('databaseOpen');
  const seed = newEmbedded || config.demoData;
  const seedDemo = async (target: Db) => (await import('./seed/demo')).seedDemoData(target, { giftcards: true, orders: true });
  // a migration role of its own migrates and grants the runtime role at every start, and seeds (db/migrate.ts)
  const migrationUrl = config.databaseMigrationUrl !== config.databaseUrl ? config.databaseMigrationUrl : null;
  const owned = migrationUrl ? await migrateAsOwner(migrationUrl, db, config.auditTrail.retentionDays, seed ? seedDemo : undefined) : null;
  if (!migrationUrl && !(await migrationsApplied(db))) await runMigrations(db);
  mark('migrated');

  const app = await buildApp(config, { db, serverFactory: early.factory });
  if (owned) app.log.info({ role: owned.role, granted: owned.granted }, 'migrated as DATABASE_MIGRATION_URL\'s role');
  const seeded = owned ? owned.then : seed ? await seedDemo(db.db) : undefined;
  if (seeded) app.log.info(seeded, 'demo data seeded (password Tessera-Demo-2026!)');
  await app.ready();
  early.ready();
  mark('serving');

  /**
   * SIGTERM/SIGINT: readiness answers 503 at once (the balancer drains the instance); the job
   * under way is given back to the queue (another instance takes it over at once, not after the
   * stale delay); the server closes (no new connection; the requests in flight finish, a new one
   * on a kept-alive connection answers 503); the database closes; exit 0. Whatever hangs, the
   * process exits 1 once SHUTDOWN_GRACE_SECONDS and a little more have passed.
   */
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const began = Date.now();
    app.lifecycle.draining = true;
    app.log.info({ signal }, 'shutting down: draining (readiness answers 503)');
    const limitMs = config.shutdownGraceMs + SHUTDOWN_MARGIN_MS;
    const limit = setTimeout(() => {
      app.log.error({ signal, ms: Date.now() - began }, 'shutdown did not end in time: exiting');
      process.exit(1);
    }, limitMs);
    limit.unref();
    const step = async (done: string, work: () => Promise<unknown>) => {
      const started = Date.now();
      await work();
      app.log.info({ ms: Date.now() - started }, done);
    };
    try {
      // a short, bounded wait for the job's handler to stop, well inside the grace period
      const waitMs = Math.min(JOB_RELEASE_WAIT_MS, config.shutdownGraceMs / 2);
      await step('job runner stopped, its running job given back to the queue', () => app.ctx.jobs.stop({ release: true, waitMs }));
      await step('server closed, in-flight requests finished', async () => {
        // a kept-alive connection whose response ends after the close began is idle only then:
        // closed as soon as it is, rather than kept until its keep-alive timeout holds the close up
        const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
        reaper.unref();
        try {
          // the server is main's (serverFactory): Fastify does not close it, this does (the connections' end awaited)
          await Promise.all([app.close(), new Promise<void>((resolve) => early.server.close(() => resolve()))]);
        } finally {
          clearInterval(reaper);
        }
      });
      await step('database closed', () => db.close());
      app.log.info({ signal, ms: Date.now() - began }, 'shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err, ms: Date.now() - began }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // after the app serves: the recurring jobs each make sure one of theirs is queued, then the runner starts
  // (until it does, /readyz answers 503: jobs 'stopped')
  // the cleanup job queues its own successor; this makes sure one is queued (a minute from now)
  await scheduleCleanup(db.db, 60, app.ctx.clock.now());
  // likewise the monthly plafond statement (reloadables): one queued at the next 1st, whatever the instances
  await (await import('./modules/reloadables/notifications')).scheduleMonthlyStatement(db.db, app.ctx.clock.now());
  // the dashboard's rollup likewise (its first run also summarizes any day never summarized)
  await (await import('./modules/dashboard/rollup')).scheduleDashboardRollup(db.db, 60, app.ctx.clock.now());
  // the audit trail's retention (export, then delete) likewise, daily
  await (await import('./modules/audit')).scheduleAuditRetention(db.db, 300, app.ctx.clock.now());
  if (!closing) app.ctx.jobs.start();
  mark('jobsStarted');
  app.log.info({ publicUrl: config.publicUrl, port: config.port, database: db.driver, identity: config.identity.provider, startMs: phases, startCpuMs: cpuPhases }, 'Tessera is running');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
