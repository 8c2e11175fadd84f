import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { queryRows, type Db, type DbHandle } from './client';
import { openPostgres } from './postgres';
import { grantRuntimePrivileges, type RuntimeGrant } from './privileges';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant key: every Tessera instance takes the same advisory lock. */
const MIGRATION_LOCK_KEY = 7_262_013_001;

/**
 * Applies pending migrations. On PostgreSQL several instances may start together, so migration
 * runs under a session advisory lock held on one dedicated connection; with `grant` (the handle is
 * the owner's, the runtime role another), the runtime role's privileges are granted under the same
 * lock, after the migrations (db/privileges.ts). Answers whether privileges were granted.
 */
export async function runMigrations(handle: DbHandle, grant?: RuntimeGrant): Promise<boolean> {
  if (handle.pglite) {
    // one role: nothing to grant
    await migratePglite(drizzlePglite({ client: handle.pglite }), { migrationsFolder: MIGRATIONS_FOLDER });
    return false;
  }
  if (!handle.pool) throw new Error('no database client');
  const client = await handle.pool.connect();
  // its connection dying mid-migration fails the statement, never the process (openPostgres's
  // pools guard their clients already; a pool made elsewhere may not)
  client.on('error', () => undefined);
  let failed: Error | undefined;
  try {
    // a migration may take long, and another instance's may hold the migration lock as long: no
    // statement or lock timeout, no client-side read timeout on this session (the client is
    // discarded afterwards, so the pool's next one has the configured settings again)
    const parameters = (client as unknown as { connectionParameters?: { query_timeout?: number } }).connectionParameters;
    if (parameters) parameters.query_timeout = 0;
    await client.query('SET statement_timeout = 0');
    await client.query('SET lock_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      return grant ? await grantRuntimePrivileges(client, grant) : false;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    // discarded, not reused: its session differs from the pool's (and after a failure it may be broken)
    client.release(failed ?? new Error('migrator session ended'));
  }
}

/**
 * Start with a migration role of its own (DATABASE_MIGRATION_URL, not DATABASE_URL): one
 * short-lived connection as the owner migrates and grants the runtime role (the one `runtime` is
 * connected as) its privileges, runs `then` (the demo seed: it backdates ledger rows, which the
 * runtime role may not update), and closes; the server keeps only the runtime connection. Runs at
 * every start, applied migrations or not, so the grants always match this version's tables.
 */
export async function migrateAsOwner<T = undefined>(
  migrationUrl: string,
  runtime: DbHandle,
  auditRetentionDays: number,
  then?: (owner: Db) => Promise<T>,
): Promise<{ role: string; granted: boolean; then: T | undefined }> {
  const [{ role }] = await queryRows<{ role: string }>(runtime.db, sql`SELECT current_user AS role`);
  const owner = openPostgres(migrationUrl, 1);
  try {
    const granted = await runMigrations(owner, { role, auditRetentionDays });
    return { role, granted, then: then ? await then(owner.db) : undefined };
  } finally {
    await owner.close();
  }
}
