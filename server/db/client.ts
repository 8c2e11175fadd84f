import { PGlite, type PGliteOptions, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { auditContextSetting, MAY_WRITE } from './audit-context';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * The database or a transaction: both drivers share this type, so services never see the driver.
 * PGlite opens here (it runs in Node and in a browser); PostgreSQL, Node only, in db/postgres.ts.
 */
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
 * The driver under a `Db` made by openPglite/pgliteHandle or openPostgres, for the few readers
 * that need more than drizzle gives (lib/row-stream.ts: a server-side cursor on its own connection,
 * rows as arrays). A transaction's `Db` is not here: those readers fall back to plain queries.
 */
export type RawDriver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; /** the streamed downloads' own pool (db/postgres.ts) */ exportPool?: pg.Pool; copyOut: CopyOut };
/** `COPY … TO STDOUT` on a client of the pool: its bytes as they come (db/postgres.ts, pg-copy-streams; Node only). */
export type CopyOut = (client: pg.PoolClient, statement: string) => AsyncIterable<Uint8Array> & { destroy(error?: Error): void };
const drivers = new WeakMap<object, RawDriver>();
export const rawDriverOf = (db: Db): RawDriver | undefined => drivers.get(db);
export function registerDriver(db: Db, driver: RawDriver): Db {
  drivers.set(db, driver);
  return db;
}

/** PostgreSQL's buffer cache for an embedded database on disk (see openPglite) */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Opens PGlite (files under `dataDir`, whose parent must exist, or in memory when dataDir is null;
 * `idb://name` in a browser). `from`: a data directory dumped by `dumpDataDir` (db/snapshot.ts) to
 * start from instead of an empty cluster.
 */
export async function openPglite(dataDir: string | null, from?: Blob): Promise<DbHandle> {
  const options: PGliteOptions = from ? { loadDataDir: from } : {};
  // on disk (the Node server's database), a smaller buffer cache: PostgreSQL's 128 MB default is
  // WASM memory that is never given back (about 130 MB of an idle server's RSS), while the files'
  // pages stay cached by the operating system anyway. In memory (tests, snapshots) as before.
  // (startParams replaces PGlite's defaultStartParams: single user, no parallel workers…, kept)
  if (dataDir && !dataDir.includes('://')) options.startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  return pgliteHandle(client);
}

/** A PGlite the host opened itself (the demo's worker opens it before this code has loaded). */
export function pgliteHandle(client: PGlite): DbHandle {
  const db = registerDriver(drizzlePglite({ client: auditedPglite(client), schema }) as unknown as Db, { kind: 'pglite', client });
  return { db, driver: 'pglite', pool: null, pglite: client, close: () => client.close() };
}

const SET_CONTEXT = "SELECT set_config('tessera.ctx', $1, true)";

/**
 * The PGlite drizzle is given: the caller's audit context (db/audit-context.ts) reaches the audit
 * triggers (migration 0013) as the transaction-local setting `tessera.ctx`. PGlite is one
 * connection, so a session setting could be another caller's by the time a write runs: each
 * transaction sets it first thing, and a write outside one runs in a transaction of its own that
 * sets it. Reads, and the system's writes (no context: migrations, seed), run untouched. Methods
 * are bound to the PGlite itself (it keeps private fields).
 */
export function auditedPglite(client: PGlite): PGlite {
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const setting = auditContextSetting();
    if (!setting) return client.transaction(callback);
    return client.transaction(async (tx) => {
      await tx.query(SET_CONTEXT, [setting]);
      return callback(tx);
    });
  };
  const query = <T>(statement: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const setting = MAY_WRITE.test(statement) ? auditContextSetting() : '';
    if (!setting) return client.query<T>(statement, params, options);
    return client.transaction(async (tx) => {
      await tx.query(SET_CONTEXT, [setting]);
      return tx.query<T>(statement, params, options);
    });
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Raw SQL with rows typed by the caller (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface PreparedRaw {
  execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }>;
}
interface DrizzleInternals {
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): PreparedRaw };
  dialect: { sqlToQuery(query: SQL): unknown };
}

/**
 * A hot statement whose text is built once (drizzle's SQL turned into text and parameter slots on
 * the first call), run on any `Db`, a transaction's included, its `sql.placeholder`s filled per
 * call: on PostgreSQL a named statement, parsed and planned once per connection (PGlite ignores
 * the name). For the statements whose planning costs more than their run (search by code: about
 * 1 ms planned on every call, 0.3 ms prepared). The name must be unique to the statement's text.
 */
export function namedStatement<T>(name: string, query: SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  let built: unknown = null;
  return async (db, values) => {
    const { session, dialect } = db as unknown as DrizzleInternals;
    built ??= dialect.sqlToQuery(query);
    return (await session.prepareQuery(built, undefined, name, false).execute(values)).rows as T[];
  };
}
