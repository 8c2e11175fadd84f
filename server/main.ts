import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from './config';
import { openPglite, queryRows, type Db, type DbHandle } from './db/client';
import { openPostgres } from './db/postgres';
import { MIGRATIONS_FOLDER, migrateAsOwner, runMigrations } from './db/migrate';

/**
 * Whether the newest migration of the journal is already applied: the usual restart then skips
 * the migrator (it reads and hashes every file and takes a lock). Any doubt (a new database, an
 * unreadable journal) runs the migrator, which stays the one place that decides what to apply.
 */
async function migrationsApplied(handle: DbHandle): Promise<boolean> {
  try {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const newest = Math.max(...journal.entries.map((entry) => entry.when));
    const [row] = await queryRows<{ last: string | number | null }>(handle.db, sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`);
    return row?.last !== null && row?.last !== undefined && Number(row.last) >= newest;
  } catch {
    return false;
  }
}

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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close(); // stops the job runner after its current job
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
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
