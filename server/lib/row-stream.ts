import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterPosition, keyOrder, type KeyPosition, type SortKey } from './keyset';
import { nextTurn } from './streams';
import { queryRows, rawDriverOf, type Db } from '../db/client';

/**
 * A row as the reader hands it: each selected value as PostgreSQL writes it as text (null stays
 * null), in `values`' order; entries after those are the reader's own (not copied away: a million
 * rows would mean a million more arrays).
 */
export type TextRow = Array<string | null>;

/** An instant as milliseconds since the epoch (whole, as JavaScript has them): how a read takes a timestamptz as text that any zone parses alike. */
export const epochMillis = (value: SQL): SQL => sql`floor(extract(epoch from ${value}) * 1000)::int8`;

/** An ordered read: the values of each row, where they come from, and the order (which is also where a batch resumes). */
export interface OrderedRead {
  /** the values of a row, in order (each read as text) */
  values: readonly SQL[];
  /** `FROM … WHERE <condition> AND …`: `condition` is where a batch resumes (TRUE for the whole) */
  from: (condition: SQL) => SQL;
  key: SortKey;
}

export interface RowStreamOptions {
  /** rows per keyset batch (PGlite; default 1,000) */
  chunk?: number;
}

const dialect = new PgDialect();

/**
 * The rows of `read` in its order, in chunks, at the database's speed and in flat memory:
 *
 * - PostgreSQL: one `COPY (<the ordered SELECT>) TO STDOUT` on a connection of its own (copyRows):
 *   one plan, one snapshot (the file is the data of one instant), rows as arrays of text (no Date
 *   or number parsing), PostgreSQL writing the next rows while the caller works on these (the
 *   database and Node work side by side), and nothing read while the caller does not ask.
 * - PGlite (embedded, demo): keyset batches, each its own short statement, a full event-loop turn
 *   between them, because PGlite runs on this thread and one long transaction would hold every
 *   other request for the whole download.
 *
 * Stopping early (`return()`, a client that went away) ends the read and frees the connection.
 */
export async function* rowStream(db: Db, read: OrderedRead, options: RowStreamOptions = {}): AsyncGenerator<TextRow[]> {
  const driver = rawDriverOf(db);
  if (driver?.kind === 'postgres') yield* copyRows(driver, read);
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

/** The whole read as one ordered SELECT of text values: what PostgreSQL's COPY runs. */
export function orderedSelect(read: OrderedRead): SQL {
  return sql`${selectSql(read, sql`TRUE`, 'none')} ORDER BY ${keyOrder(read.key)}`;
}

/**
 * The read as one `COPY (…) TO STDOUT` statement. COPY takes no bind parameters, so each is
 * written in as a literal (strings quoted with standard_conforming_strings on, which the reader
 * sets: a backslash is then plain text); a parameter of another kind is refused.
 */
export function copyStatement(read: OrderedRead): string {
  const { sql: text, params } = dialect.sqlToQuery(orderedSelect(read));
  let used = 0;
  const inlined = text.replace(/\$(\d+)\b/g, (_, n: string) => {
    used++;
    return literal(params[Number(n) - 1]);
  });
  if (used !== params.length) throw new Error(`COPY statement: ${params.length} parameters, ${used} placeholders`);
  return `COPY (${inlined}) TO STDOUT`;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value))) return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`COPY statement: a parameter that cannot be written in (${typeof value})`);
}

type Postgres = Extract<NonNullable<ReturnType<typeof rawDriverOf>>, { kind: 'postgres' }>;

/**
 * PostgreSQL: the whole read as one COPY in text format, in a read-only transaction on a
 * connection of its own — one snapshot, and rows at the speed the database hands them over (no
 * per-field protocol work: a line per row, a tab between values, split natively). The reader
 * pulls: while the consumer does not ask, the socket is not read and PostgreSQL waits. A COPY
 * still running after 30 minutes is cut (statement_timeout). Stopping early drops the connection
 * (PostgreSQL ends the COPY when it next writes).
 */
async function* copyRows(driver: Postgres, read: OrderedRead): AsyncGenerator<TextRow[]> {
  // the downloads' own pool: a COPY held open by a slow client never takes a request's connection
  const client = await (driver.exportPool ?? driver.pool).connect();
  // the connection dying mid-download (a database restart) fails the read, never the process:
  // openPostgres's pools give every client a permanent listener; one from elsewhere gets it here
  if (client.listenerCount('error') === 0) client.on('error', () => undefined);
  let copy: ReturnType<Postgres['copyOut']> | undefined;
  let finished = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query("SET LOCAL statement_timeout = '30min'");
    await client.query('SET LOCAL standard_conforming_strings = on');
    copy = driver.copyOut(client, copyStatement(read));
    const decoder = new TextDecoder();
    let rest = '';
    for await (const bytes of copy) {
      const text = rest + decoder.decode(bytes, { stream: true });
      const end = text.lastIndexOf('\n');
      if (end < 0) {
        rest = text;
        continue;
      }
      rest = text.slice(end + 1);
      // a socket read may bring thousands of rows: parsed and handed over a slice at a time, so
      // the consumer's turns (csv-export yields between slices) bound how long the loop is held
      const lines = text.slice(0, end).split('\n');
      for (let at = 0; at < lines.length; at += COPY_SLICE) yield copyLines(lines.slice(at, at + COPY_SLICE));
    }
    if (rest + decoder.decode() !== '') throw new Error('COPY ended inside a row');
    await client.query('COMMIT');
    finished = true;
  } finally {
    if (finished) client.release();
    else {
      copy?.destroy();
      // mid-COPY or after an error: the connection is not reused
      client.release(new Error('row stream stopped'));
    }
  }
}

const COPY_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** Rows of COPY text handed over at once. */
const COPY_SLICE = 500;

/** COPY's text format: a row per line, values split by tabs, NULL as \N, a backslash escaping a control character or itself. */
function copyLines(lines: readonly string[]): TextRow[] {
  return lines.map((line) => {
    const values: TextRow = line.split('\t');
    if (line.includes('\\')) {
      for (let i = 0; i < values.length; i++) {
        const value = values[i]!;
        if (value === '\\N') values[i] = null;
        else if (value.includes('\\')) values[i] = value.replace(/\\(.)/g, (_, c: string) => COPY_ESCAPES[c] ?? c);
      }
    }
    return values;
  });
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
