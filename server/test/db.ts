import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DbHandle, type Driver } from '../db/client';
import { runMigrations } from '../db/migrate';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
/** Races need real concurrency: only PostgreSQL (PGlite serializes everything). */
export const CONCURRENT_DRIVERS: Driver[] = DRIVERS.filter((d) => d === 'postgres');

/**
 * A fresh migrated database: in-memory PGlite, or a throwaway database created from
 * TEST_DATABASE_URL and dropped on close.
 */
export async function createTestDb(driver: Driver): Promise<DbHandle & { url: string | null }> {
  if (driver === 'pglite') {
    const handle = await openPglite(null);
    await runMigrations(handle);
    return { ...handle, url: null };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await runMigrations(handle);
  return {
    ...handle,
    /** the throwaway database's URL, for a server process started on it */
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
