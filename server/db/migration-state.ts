import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { rawDriverOf, type Db, type DbHandle } from './client';
import { MIGRATIONS_FOLDER } from './migrate';

/** the statement that reads the newest applied migration (drizzle's own table) */
const LAST_APPLIED = 'SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations';

let newest: number | null = null;
/** The newest migration of the journal (its `when`), read once: the journal is part of this build. */
export function newestMigration(): number {
  if (newest === null) {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    newest = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newest;
}

export class TimeLimitError extends Error {
  override name = 'TimeLimitError';
}

/**
 * `work` or a TimeLimitError after `ms`, whichever comes first. `late` gets what the work gives
 * when it comes after the limit (a connection to hand back); a late failure is swallowed.
 */
export function withTimeLimit<T>(work: Promise<T>, ms: number, what: string, late?: (value: T) => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expired = false;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      expired = true;
      reject(new TimeLimitError(`${what} took more than ${ms} ms`));
    }, ms);
  });
  work.then(
    (value) => {
      if (expired) late?.(value);
    },
    () => undefined,
  );
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * Rows of one read-only statement, given up after `ms` whatever happens: for the probes (readiness,
 * metrics), which must answer even when the database does not. On PostgreSQL the statement runs on
 * a connection of the pool, taken for at most `ms`: a checkout that comes too late is handed back at
 * once, and a statement that runs past the limit (node-postgres' `query_timeout`) destroys its
 * connection, so the pool gets its place back; a probe never holds a connection requests need.
 * PGlite (one connection, in process) answers or not: its promise is only raced.
 */
export async function timedRows<T>(db: Db, text: string, params: unknown[], ms: number): Promise<T[]> {
  const raw = rawDriverOf(db);
  if (!raw) throw new Error('no database driver registered for this handle');
  if (raw.kind === 'pglite') return (await withTimeLimit(raw.client.query<T>(text, params), ms, 'the database')).rows;
  const deadline = Date.now() + ms;
  const client = await withTimeLimit(raw.pool.connect(), ms, 'a database connection', (late) => late.release());
  try {
    const result = await client.query<T & pg.QueryResultRow>({ text, values: params, query_timeout: Math.max(1, deadline - Date.now()) } as pg.QueryConfig);
    client.release();
    return result.rows;
  } catch (error) {
    // a connection whose statement timed out or failed is not given back as it is: destroyed
    client.release(error instanceof Error ? error : true);
    if (error instanceof Error && error.message === 'Query read timeout') throw new TimeLimitError(`the database took more than ${ms} ms`);
    throw error;
  }
}

export type MigrationState = 'current' | 'behind' | 'unknown';

/**
 * Whether the database has the newest migration of this build's journal applied: 'current',
 * 'behind' (older, or never migrated: no migrations table), or 'unknown' when this role may not
 * read drizzle's table (a runtime role of its own, DATABASE_MIGRATION_URL: the owner migrated it at
 * this process's start, db/migrate.ts). A database that does not answer throws.
 */
export async function migrationState(db: Db, timeLimitMs = 2000): Promise<MigrationState> {
  const wanted = newestMigration();
  let rows: Array<{ last: string | number | null }>;
  try {
    rows = await timedRows(db, LAST_APPLIED, [], timeLimitMs);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    // undefined table or schema: never migrated
    if (code === '42P01' || code === '3F000') return 'behind';
    if (code === '42501') return 'unknown';
    throw error;
  }
  const last = rows[0]?.last;
  return last !== null && last !== undefined && Number(last) >= wanted ? 'current' : 'behind';
}

/**
 * Whether the newest migration of the journal is already applied: the usual restart then skips
 * the migrator (it reads and hashes every file and takes a lock). Any doubt (a new database, an
 * unreadable journal) answers false: the migrator stays the one place that decides what to apply.
 */
export async function migrationsApplied(handle: DbHandle): Promise<boolean> {
  try {
    return (await migrationState(handle.db, 30_000)) === 'current';
  } catch {
    return false;
  }
}
