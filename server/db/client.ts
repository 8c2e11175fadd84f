import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database or a transaction: both drivers share this type, so services never see the driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Driver = 'pglite' | 'postgres';

export interface DbHandle {
  db: Db;
  driver: Driver;
  /** node-postgres pool (postgres driver only): the migrator takes a dedicated client from it. */
  pool: pg.Pool | null;
  pglite: PGlite | null;
  close(): Promise<void>;
}

/**
 * Opens PGlite (files under `dataDir`, or in memory when dataDir is null). `from`: a data
 * directory dumped by `dumpDataDir` (db/snapshot.ts) to start from instead of an empty cluster.
 */
export async function openPglite(dataDir: string | null, from?: Blob): Promise<DbHandle> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const options = from ? { loadDataDir: from } : {};
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, driver: 'pglite', pool: null, pglite: client, close: () => client.close() };
}

export function openPostgres(url: string, max = 10): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, driver: 'postgres', pool, pglite: null, close: () => pool.end() };
}

/** Raw SQL with rows typed by the caller (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
