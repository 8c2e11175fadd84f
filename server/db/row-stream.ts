import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterPosition, keyOrder, type KeyPosition, type SortKey } from '../lib/keyset';
import { nextTurn } from '../lib/streams';
import { queryRows, rawDriverOf, type Db } from './client';

/**
 * A row as the reader hands it: each selected value as PostgreSQL writes it as text (null stays
 * null), in `values`' order; entries after those are the reader's own (not copied away: a million
 * rows would mean a million more arrays).
 */
export type TextRow = Array<string | null>;

/** An ordered read: the values of each row, where they come from, and the order (which is also where a batch resumes). */
export interface OrderedRead {
  /** the values of a row, in order (each read as text) */
  values: readonly SQL[];
  /** `FROM … WHERE <condition> AND …`: `condition` is where a batch resumes (TRUE for the whole) */
  from: (condition: SQL) => SQL;
  key: SortKey;
}

export interface RowStreamOptions {
  /** rows per read (default: 2,000 from a cursor, 1,000 per keyset batch) */
  chunk?: number;
}

const dialect = new PgDialect();

/**
 * The rows of `read` in its order, in chunks, at the database's speed and in flat memory:
 *
 * - PostgreSQL: one server-side cursor (`DECLARE … NO SCROLL CURSOR`) in a read-only REPEATABLE
 *   READ transaction on a connection of its own: one plan, one snapshot (the file is the data of
 *   one instant), rows as arrays of text (no Date or number parsing), and the next FETCH already
 *   on its way while the caller works on this one (the database and Node work side by side).
 *   A reader that stalls for 10 minutes loses its transaction (idle_in_transaction_session_timeout).
 * - PGlite (embedded, demo): keyset batches, each its own short statement, a full event-loop turn
 *   between them, because PGlite runs on this thread and one long transaction would hold every
 *   other request for the whole download.
 *
 * Stopping early (`return()`, a client that went away) closes the cursor and gives the
 * connection back.
 */
export async function* rowStream(db: Db, read: OrderedRead, options: RowStreamOptions = {}): AsyncGenerator<TextRow[]> {
  const driver = rawDriverOf(db);
  if (driver?.kind === 'postgres') yield* cursorRows(driver.pool, read, options.chunk ?? 2000);
  else yield* keysetRows(db, read, options.chunk ?? 1000);
}

/**
 * SELECT <values as text> (v0…), <key value as text> (k), <id as text> (i): the last two say
 * where the next batch resumes; `natives` adds the key and id as they are (ks, is), to order a
 * union of branches by.
 */
function selectSql(read: OrderedRead, condition: SQL, keys: 'none' | 'text' | 'both'): SQL {
  const values = sql.join(
    read.values.map((value, i) => sql`(${value})::text AS ${sql.identifier(`v${i}`)}`),
    sql`, `,
  );
  const ties = read.key.then ?? [];
  const text = keys === 'none' ? sql`` : sql`, (${read.key.column})::text AS k${sql.join(ties.map((tie, i) => sql`, (${tie.column})::text AS ${sql.identifier(`t${i}`)}`), sql``)}, (${read.key.id})::text AS i`;
  const natives = keys === 'both' ? sql`, ${read.key.column} AS ks${sql.join(ties.map((tie, i) => sql`, ${tie.column} AS ${sql.identifier(`t${i}s`)}`), sql``)}, ${read.key.id} AS "is"` : sql``;
  return sql`SELECT ${values}${text}${natives} ${read.from(condition)}`;
}

/** The whole read as one ordered SELECT of text values: what the cursor runs (the benchmark COPYs the same). */
export function orderedSelect(read: OrderedRead): SQL {
  return sql`${selectSql(read, sql`TRUE`, 'none')} ORDER BY ${keyOrder(read.key)}`;
}

interface PoolLike {
  connect(): Promise<{
    query(config: { text: string; values?: unknown[]; rowMode?: 'array'; types?: unknown }): Promise<{ rows: unknown[] }>;
    release(destroy?: boolean | Error): void;
  }>;
}

/** Every value stays the text PostgreSQL sent. */
const TEXT_TYPES = { getTypeParser: () => (value: string) => value };

async function* cursorRows(pool: PoolLike, read: OrderedRead, chunk: number): AsyncGenerator<TextRow[]> {
  const client = await pool.connect();
  const query = dialect.sqlToQuery(orderedSelect(read));
  const fetch = () => client.query({ text: `FETCH ${chunk} FROM tessera_rows`, rowMode: 'array', types: TEXT_TYPES }) as Promise<{ rows: TextRow[] }>;
  let pending: Promise<{ rows: TextRow[] }> | undefined;
  let broken: unknown;
  try {
    await client.query({ text: 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' });
    await client.query({ text: "SET LOCAL idle_in_transaction_session_timeout = '10min'" });
    await client.query({ text: `DECLARE tessera_rows NO SCROLL CURSOR FOR ${query.sql}`, values: query.params });
    pending = fetch();
    for (;;) {
      const { rows }: { rows: TextRow[] } = await pending!;
      pending = undefined;
      if (rows.length === 0) return;
      // the next chunk travels while this one is worked on
      if (rows.length === chunk) pending = fetch();
      yield rows;
      if (rows.length < chunk) return;
    }
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    // a fetch still on its way finishes before the transaction ends (one query at a time per connection)
    await pending?.catch(() => undefined);
    if (broken === undefined) {
      await client.query({ text: 'COMMIT' }).then(
        () => client.release(),
        (error: Error) => client.release(error),
      );
    } else {
      // a failed transaction's connection is not reused
      client.release(broken instanceof Error ? broken : true);
    }
  }
}

async function* keysetRows(db: Db, read: OrderedRead, chunk: number): AsyncGenerator<TextRow[]> {
  const driver = rawDriverOf(db);
  let after: KeyPosition | null = null;
  for (;;) {
    const parts = after ? afterPosition(read.key, after) : [sql`TRUE`];
    const order = keyOrder(read.key);
    let statement: SQL;
    if (parts.length === 1) statement = sql`${selectSql(read, parts[0], 'text')} ORDER BY ${order} LIMIT ${chunk}`;
    else {
      // a nullable key's two branches (values, nulls), each in order, merged in the key's order
      const branches = parts.map((part) => sql`(${selectSql(read, part, 'both')} ORDER BY ${order} LIMIT ${chunk})`);
      const ties = (read.key.then ?? []).map((_, i) => sql.identifier(`t${i}`));
      const columns = sql.join([...read.values.map((_, i) => sql.identifier(`v${i}`)), sql`k`, ...ties, sql`i`], sql`, `);
      const merged = keyOrder(read.key, { column: sql`b.ks`, then: (read.key.then ?? []).map((_, i) => sql`b.${sql.identifier(`t${i}s`)}`), id: sql`b."is"` });
      statement = sql`SELECT ${columns} FROM (${sql.join(branches, sql` UNION ALL `)}) b ORDER BY ${merged} LIMIT ${chunk}`;
    }
    const rows = await arrayRows(db, driver?.kind === 'pglite' ? driver.client : undefined, statement);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    const at = read.values.length;
    const ties = read.key.then?.length ?? 0;
    after = { value: last[at], ...(ties ? { then: last.slice(at + 1, at + 1 + ties) as string[] } : {}), id: last[at + 1 + ties] as string };
    yield rows;
    if (rows.length < chunk) return;
    // PGlite runs on this thread: other requests, and the collector, get their turn between batches
    await nextTurn();
  }
}

async function arrayRows(db: Db, pglite: { query(text: string, params: unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[] }> } | undefined, statement: SQL): Promise<TextRow[]> {
  if (pglite) {
    const query = dialect.sqlToQuery(statement);
    return (await pglite.query(query.sql, query.params, { rowMode: 'array' })).rows as TextRow[];
  }
  // a transaction's Db: objects, whose values come in the select's order
  return (await queryRows<Record<string, string | null>>(db, statement)).map((row) => Object.values(row));
}
