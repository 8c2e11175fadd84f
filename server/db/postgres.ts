import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { auditContextSetting, MAY_WRITE } from './audit-context';
import { registerDriver, type Db, type DbHandle } from './client';
import * as schema from './schema';

/** The session settings of the pool's connections (config.database); absent: PostgreSQL's own defaults. */
export interface PostgresSessionSettings {
  poolWaitMs?: number;
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
}

/**
 * A pool of `max` connections for requests and jobs, and one of `exportMax` of its own for the
 * streamed CSV downloads (lib/row-stream.ts: a COPY holds its connection for the whole download),
 * so downloads, however slow their clients, never take a connection a request needs
 * (plugins/exports.ts caps downloads at the same number). Both open connections only when used.
 */
export function openPostgres(url: string, max = 10, exportMax = 4, session: PostgresSessionSettings = {}): DbHandle {
  const common = {
    connectionString: url,
    // waiting for a free connection, or for a new one to open: past it pg-pool's "timeout exceeded
    // when trying to connect" (lib/pg-errors.ts: 503 DATABASE_UNAVAILABLE)
    ...(session.poolWaitMs ? { connectionTimeoutMillis: session.poolWaitMs } : {}),
    // a peer gone without a word (a crashed host, a dropped NAT entry) is found by the kernel
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const statementTimeoutMs = session.statementTimeoutMs ?? 0;
  const pool = new pg.Pool({
    ...common,
    max,
    ...sessionOptions(session),
    // a black-holed connection answers nothing, not even the server's cancel: the client gives up
    // a little after the statement timeout would have (and the connection is dropped, below)
    ...(statementTimeoutMs > 0 ? { query_timeout: statementTimeoutMs + clientMarginMs(statementTimeoutMs) } : {}),
  } as pg.PoolConfig);
  // a COPY streams a whole download (lib/row-stream.ts): no statement timeout, the other two hold
  const exportPool = new pg.Pool({
    ...common,
    max: exportMax,
    application_name: 'tessera-export',
    ...sessionOptions({ ...session, statementTimeoutMs: session.statementTimeoutMs === undefined ? undefined : 0 }),
  } as pg.PoolConfig);
  guardClients(pool);
  guardClients(exportPool);
  const db = registerDriver(drizzlePg({ client: auditedPool(pool), schema }) as unknown as Db, {
    kind: 'postgres',
    pool,
    exportPool,
    copyOut: (client, statement) => client.query(copyTo(statement)),
  });
  return { db, driver: 'postgres', pool, pglite: null, close: async () => void (await Promise.all([pool.end(), exportPool.end()])) };
}

/** The client's own guard past the statement timeout: a second, or a tenth of it (at most 5 s). */
const clientMarginMs = (statementTimeoutMs: number) => Math.min(5000, Math.max(1000, Math.round(statementTimeoutMs / 10)));

/**
 * The sessions' timeouts as the startup packet's `options` (`-c name=value`), so every connection
 * has them from its first statement without a round trip. 0 is sent as it is, no limit (over a
 * default set on the role, database or server); absent: not sent, that default holds.
 */
export function sessionOptions(session: PostgresSessionSettings): { options?: string } {
  const settings: Array<[string, number | undefined]> = [
    ['statement_timeout', session.statementTimeoutMs],
    ['lock_timeout', session.lockTimeoutMs],
    ['idle_in_transaction_session_timeout', session.idleInTransactionTimeoutMs],
  ];
  const given = settings.filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] >= 0);
  if (given.length === 0) return {};
  return { options: given.map(([name, ms]) => `-c ${name}=${Math.round(ms)}`).join(' ') };
}

/** pg's client-side read timeout (query_timeout) error: the query is abandoned, the connection is not. */
export const QUERY_READ_TIMEOUT = 'Query read timeout';

interface ClientInternals {
  connection?: { stream?: { destroy(error?: Error): void } };
}

/**
 * Every client of `pool` gets, when it is created, a permanent 'error' listener: pg-pool listens
 * only while a client is idle in the pool, so a checked-out client (a transaction between its
 * statements, a COPY, the migrator's) whose connection dies (server restart or crash, a reset,
 * `pg_terminate_backend`) would emit an unhandled 'error' and end the process. The failure itself
 * reaches whoever runs a statement on it (the client is no longer queryable), and pg-pool drops
 * such a client when it is released. The pool's own 'error' (an idle client's) is handled too.
 *
 * When pg's read timeout (the pool's, not a statement's own) gives up on a client (the server,
 * or the way to it, answers nothing), the pool's idle clients are dropped as well: they share that way, and each would otherwise hold
 * its next request for a whole read timeout before failing; new connections are bounded by the
 * pool's connection timeout instead.
 */
export function guardClients(pool: pg.Pool): void {
  const idle = new Set<pg.PoolClient>();
  pool.on('error', () => undefined);
  pool.on('connect', (client) => guardClient(client, () => {
    for (const other of idle) if (other !== client) dropConnection(other);
  }));
  pool.on('acquire', (client) => idle.delete(client));
  pool.on('release', (err, client) => void (err ? idle.delete(client) : idle.add(client)));
  pool.on('remove', (client) => idle.delete(client));
}

/** Ends a client's connection at once (no goodbye to a server that may not answer): the client is no longer queryable. */
function dropConnection(client: pg.Client | pg.PoolClient): void {
  (client as unknown as ClientInternals).connection?.stream?.destroy();
}

/**
 * One client's guard (see guardClients; a client made outside a pool calls this itself): a
 * permanent 'error' listener, and after pg's query_timeout fired, the connection is destroyed.
 * pg answers the caller but leaves the query running on the connection, which would then hold
 * every later statement of whoever gets the client next (a transaction's ROLLBACK included);
 * destroyed, the client is no longer queryable and pg-pool discards it at its release.
 */
export function guardClient(client: pg.Client | pg.PoolClient, onReadTimeout?: () => void): void {
  client.on('error', () => undefined);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    // a statement given a limit of its own (a probe's, db/migration-state.ts) says nothing about the
    // way to the server when it runs out: only its own connection is dropped then
    const ownLimit = typeof args[0] === 'object' && args[0] !== null && (args[0] as { query_timeout?: unknown }).query_timeout !== undefined;
    const cut = (err: unknown) => {
      if (!(err instanceof Error) || err.message !== QUERY_READ_TIMEOUT) return;
      dropConnection(client);
      if (!ownLimit) onReadTimeout?.();
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, result: unknown) => {
        cut(err);
        (callback as (err: unknown, result: unknown) => void)(err, result);
      };
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(cut);
    return result;
  }) as typeof client.query;
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * The pool drizzle is given: every checkout (`connect`, which `pool.query` uses too) hands the
 * client the caller's audit context (db/audit-context.ts) as its setting `tessera.ctx`, which
 * the audit triggers read (migration 0013). It travels with the checkout's first statement:
 * - a transaction's BEGIN (drizzle's, a simple statement) carries it as a second statement of the
 *   same message, `set_config(…, true)`: local to that transaction, no round trip of its own;
 * - a statement that may write (db/audit-context.ts MAY_WRITE) is preceded by
 *   `set_config(…, false)` for the session, queued on the client before it (a client runs its
 *   statements in order); a read before it is not handed the context at all.
 * A client remembers what its session was last given, so a checkout for the same actor and
 * request pays nothing. A Proxy rather than an object inheriting from the pool: pg-pool assigns
 * its own fields (`this._clients = …`) from methods called on the wrapper, which must land on the
 * pool itself. `instanceof pg.Pool` still holds (drizzle checks it to check out a client per
 * transaction).
 */
export function auditedPool(pool: pg.Pool): pg.Pool {
  /** what each client's session holds */
  const given = new WeakMap<pg.PoolClient, string>();
  /** the setting a checkout's first statement must bring, when the session holds another */
  const pending = new WeakMap<pg.PoolClient, string>();
  const wrapped = new WeakSet<pg.PoolClient>();
  function bringSetting(client: pg.PoolClient): void {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const setting = pending.get(client);
      if (setting === undefined) return query(...args);
      const first = args[0] as string | (pg.QueryConfig & { submit?: unknown }) | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      const values = typeof first === 'string' ? args[1] : first?.values;
      const begin = typeof text === 'string' && /^\s*begin\b/i.test(text);
      // a read is not handed the context: the checkout's next statement that may write is
      if (typeof text === 'string' && !begin && !MAY_WRITE.test(text)) return query(...args);
      pending.delete(client);
      const plainBegin = begin && !text.includes(';') && !(Array.isArray(values) && values.length > 0) && (typeof first === 'string' || (!first?.name && typeof first?.submit !== 'function'));
      if (plainBegin) {
        const merged = `${text}; SELECT set_config('tessera.ctx', ${client.escapeLiteral(setting)}, true)`;
        args[0] = typeof first === 'string' ? merged : { ...first, text: merged };
        return query(...args);
      }
      (query("SELECT set_config('tessera.ctx', $1, false)", [setting]) as Promise<unknown>).then(
        () => void given.set(client, setting),
        // the connection failed: the statement behind it fails the same way, and is answered
        () => undefined,
      );
      return query(...args);
    }) as typeof client.query;
  }
  function checkedOut(client: pg.PoolClient, setting: string): pg.PoolClient {
    bringSetting(client);
    if ((given.get(client) ?? '') === setting) pending.delete(client);
    else pending.set(client, setting);
    return client;
  }
  function connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // read now, in the caller's async context (pool internals call back outside it)
    const setting = auditContextSetting();
    const checkout = pool.connect().then((client) => checkedOut(client, setting));
    if (!callback) return checkout;
    checkout.then(
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
