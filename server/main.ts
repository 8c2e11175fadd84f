import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { openPglite, type Db } from './db/client';
import { openPostgres } from './db/postgres';
import { migrateAsOwner, runMigrations } from './db/migrate';
// the usual restart skips the migrator (it reads and hashes every file and takes a lock) when the newest migration is applied
import { migrationsApplied } from './db/migration-state';

/** what a shutdown may take beyond SHUTDOWN_GRACE_SECONDS before the process exits anyway */
const SHUTDOWN_MARGIN_MS = 2000;
/** at most this long for a running job's handler to stop on a shutdown before its job is given back anyway */
const JOB_RELEASE_WAIT_MS = 3000;

/**
 * Starts Tessera: migrate (as DATABASE_MIGRATION_URL's role when it has one of its own, which then
 * grants DATABASE_URL's role its privileges), seed demo data when appropriate, start the job runner, listen.
 * A new embedded database is always seeded (so `npm start` gives a usable product); PostgreSQL
 * only with DEMO_DATA=1. The database opens while the rest of the server loads (PGlite's start
 * is most of a restart).
 */
async function main() {
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const newEmbedded = !config.databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION'));
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const opening = config.databaseUrl ? Promise.resolve(openPostgres(config.databaseUrl, config.database.poolMax, config.exports.maxConcurrent, config.database)) : openPglite(pgliteDir);
  const [{ buildApp }, { scheduleCleanup }] = await Promise.all([import('./app'), import('./jobs/cleanup')]);
  const db = await opening;
  const seed = newEmbedded || config.demoData;
  const seedDemo = async (target: Db) => (await import('./seed/demo')).seedDemoData(target, { giftcards: true, orders: true });
  // a migration role of its own migrates and grants the runtime role at every start, and seeds (db/migrate.ts)
  const migrationUrl = config.databaseMigrationUrl !== config.databaseUrl ? config.databaseMigrationUrl : null;
  const owned = migrationUrl ? await migrateAsOwner(migrationUrl, db, config.auditTrail.retentionDays, seed ? seedDemo : undefined) : null;
  if (!migrationUrl && !(await migrationsApplied(db))) await runMigrations(db);

  const app = await buildApp(config, { db });
  if (owned) app.log.info({ role: owned.role, granted: owned.granted }, 'migrated as DATABASE_MIGRATION_URL\'s role');
  const seeded = owned ? owned.then : seed ? await seedDemo(db.db) : undefined;
  if (seeded) app.log.info(seeded, 'demo data seeded (password Tessera-Demo-2026!)');
  // the cleanup job queues its own successor; this makes sure one is queued (a minute from now)
  await scheduleCleanup(db.db, 60, app.ctx.clock.now());
  // likewise the monthly plafond statement (reloadables): one queued at the next 1st, whatever the instances
  await (await import('./modules/reloadables/notifications')).scheduleMonthlyStatement(db.db, app.ctx.clock.now());
  // the dashboard's rollup likewise (its first run also summarizes any day never summarized)
  await (await import('./modules/dashboard/rollup')).scheduleDashboardRollup(db.db, 60, app.ctx.clock.now());
  // the audit trail's retention (export, then delete) likewise, daily
  await (await import('./modules/audit')).scheduleAuditRetention(db.db, 300, app.ctx.clock.now());
  app.ctx.jobs.start();

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
          await app.close();
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

  await app.listen({ port: config.port, host: '0.0.0.0' });
  app.log.info({ publicUrl: config.publicUrl, database: db.driver, identity: config.identity.provider }, 'Tessera is running');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
