import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, type DbHandle, type Driver } from '../db/client';
import { openPostgres } from '../db/postgres';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from '../seed/demo';
import type { SnapshotKind } from './global-setup';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
/** Races need real concurrency: only PostgreSQL (PGlite serializes everything). */
export const CONCURRENT_DRIVERS: Driver[] = DRIVERS.filter((d) => d === 'postgres');

/** This run's starting points (server/test/global-setup.ts), or nothing outside a vitest run. */
function startingPoints() {
  try {
    return { pglite: inject('pgliteSnapshots'), postgres: inject('postgresTemplates') };
  } catch {
    return { pglite: undefined, postgres: null };
  }
}

/**
 * A fresh migrated database, seeded too with `kind: 'seeded'` (what createTestApp seeds): an
 * in-memory PGlite, or a throwaway database created from TEST_DATABASE_URL and dropped on close.
 * Both start from this run's snapshot of that kind when there is one (a copy, not a migration).
 */
export async function createTestDb(driver: Driver, kind: SnapshotKind = 'migrated'): Promise<DbHandle & { url: string | null }> {
  const start = startingPoints();
  if (driver === 'pglite') {
    if (start.pglite) return { ...(await openPglite(null, new Blob([readFileSync(path.join(start.pglite, `${kind}.tar.gz`))]))), url: null };
    const handle = await openPglite(null);
    await runMigrations(handle);
    if (kind === 'seeded') await seedDemoData(handle.db);
    return { ...handle, url: null };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = start.postgres?.[kind];
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  if (!template) {
    await runMigrations(handle);
    if (kind === 'seeded') await seedDemoData(handle.db);
  }
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
