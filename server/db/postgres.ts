import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { auditContextSetting } from '../lib/audit-context';
import { registerDriver, type Db, type DbHandle } from './client';
import * as schema from './schema';

/**
 * A pool of `max` connections for requests and jobs, and one of `exportMax` of its own for the
 * streamed CSV downloads (db/row-stream.ts: a COPY holds its connection for the whole download),
 * so downloads, however slow their clients, never take a connection a request needs
 * (plugins/exports.ts caps downloads at the same number). Both open connections only when used.
 */
/** The session settings of the pool's connections (config.database); absent: PostgreSQL's own defaults. */
export interface PostgresSessionSettings {
  poolWaitMs?: number;
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
}

export function openPostgres(url: string, max = 10, exportMax = 4, session: PostgresSessionSettings = {}): DbHandle {
  void session;
  const pool = new pg.Pool({ connectionString: url, max });
  const exportPool = new pg.Pool({ connectionString: url, max: exportMax, application_name: 'tessera-export' } as pg.PoolConfig);
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  exportPool.on('error', () => undefined);
  const db = registerDriver(drizzlePg({ client: auditedPool(pool), schema }) as unknown as Db, {
    kind: 'postgres',
    pool,
    exportPool,
    copyOut: (client, statement) => client.query(copyTo(statement)),
  });
  return { db, driver: 'postgres', pool, pglite: null, close: async () => void (await Promise.all([pool.end(), exportPool.end()])) };
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * The pool drizzle is given: every checkout (`connect`, which `pool.query` uses too) first hands
 * the client the caller's audit context (lib/audit-context.ts) as its session setting
 * `tessera.ctx`, which the audit triggers read (migration 0013). A client remembers what it was
 * last given, so only a checkout for another actor or request pays the extra round trip; a
 * transaction's statements all run on the client checked out for it, inside the same context.
 * A Proxy rather than an object inheriting from the pool: pg-pool assigns its own fields
 * (`this._clients = …`) from methods called on the wrapper, which must land on the pool itself.
 * `instanceof pg.Pool` still holds (drizzle checks it to check out a client per transaction).
 */
export function auditedPool(pool: pg.Pool): pg.Pool {
  const given = new WeakMap<pg.PoolClient, string>();
  async function prepare(client: pg.PoolClient, setting: string): Promise<pg.PoolClient> {
    if ((given.get(client) ?? '') === setting) return client;
    try {
      await client.query("SELECT set_config('tessera.ctx', $1, false)", [setting]);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    given.set(client, setting);
    return client;
  }
  function connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // read now, in the caller's async context (pool internals call back outside it)
    const setting = auditContextSetting();
    const checkedOut = pool.connect().then((client) => prepare(client, setting));
    if (!callback) return checkedOut;
    checkedOut.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
    return undefined;
  }
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return connect;
      return Reflect.get(target, property, target) as unknown;
    },
  });
}
