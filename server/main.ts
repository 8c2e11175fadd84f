import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openPglite, openPostgres } from './db/client';
import { runMigrations } from './db/migrate';
import { scheduleCleanup } from './jobs/cleanup';
import { seedDemoData } from './seed/demo';

/**
 * Starts Tessera: migrate, seed demo data when appropriate, start the job runner, listen.
 * A new embedded database is always seeded (so `npm start` gives a usable product); PostgreSQL
 * only with DEMO_DATA=1.
 */
async function main() {
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const newEmbedded = !config.databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION'));
  const db = config.databaseUrl ? openPostgres(config.databaseUrl) : await openPglite(pgliteDir);
  await runMigrations(db);

  const app = await buildApp(config, { db });
  if (newEmbedded || config.demoData) {
    const seeded = await seedDemoData(db.db, { giftcards: true });
    app.log.info(seeded, 'demo data seeded (password Tessera-Demo-2026!)');
  }
  // the cleanup job queues its own successor; this makes sure one is queued (a minute from now)
  await scheduleCleanup(db.db, 60);
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
