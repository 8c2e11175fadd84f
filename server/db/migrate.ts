import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle } from './client';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant key: every Tessera instance takes the same advisory lock. */
const MIGRATION_LOCK_KEY = 7_262_013_001;

/**
 * Applies pending migrations. On PostgreSQL several instances may start together, so migration
 * runs under a session advisory lock held on one dedicated connection.
 */
export async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.pglite) {
    await migratePglite(drizzlePglite({ client: handle.pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  if (!handle.pool) throw new Error('no database client');
  const client = await handle.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
