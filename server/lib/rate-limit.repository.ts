import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { namedStatement, queryRows, type Db } from '../db/client';

/**
 * The `rate_limits` table's statements: a hit counted in its window (every limit counts this way:
 * the PostgreSQL store of @fastify/rate-limit, lib/rate-limit-store.ts; the work budgets,
 * lib/work-limits.ts), alone or beside a read. Windows run on the database's clock, which every
 * instance shares.
 */

/** No backoff longer than a year (LocalStore stops at MAX_SAFE_INTEGER ms, beyond a timestamp). */
const MAX_BACKOFF_MS = 365 * 86_400_000;

/** A hit's number in its window and the milliseconds left of it. */
export interface RateLimitHit {
  current: number;
  ttl: number;
}

/**
 * One hit, one statement: a first hit inserts the row, a hit after the window's end restarts it
 * at 1, any other adds 1 — row-locked by ON CONFLICT, so concurrent hits from any instance each
 * get their own number and no count is lost between a read and a write. Answers `count` and `ttl`;
 * `countedRead` runs it as a CTE beside a read. `key` may be a subquery of that statement: when it
 * is NULL, nothing is counted and no row is answered.
 */
function hitStatement(key: string | Placeholder | SQL, windowMs: number, max: number | Placeholder, continueExceeding = false, exponentialBackoff = false): SQL {
  const window = sql`(${Math.trunc(windowMs)}::bigint * interval '1 millisecond')`;
  return sql`INSERT INTO rate_limits AS r (key, count, reset_at) SELECT hit_key.k, 1, now() + ${window} FROM (SELECT ${key}::text AS k) hit_key WHERE hit_key.k IS NOT NULL
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.count + 1 END,
          reset_at = CASE
            WHEN r.reset_at <= now() THEN now() + ${window}
            WHEN r.count + 1 <= ${max}::integer THEN r.reset_at
            WHEN ${continueExceeding}::boolean THEN now() + ${window}
            WHEN ${exponentialBackoff}::boolean
              THEN now() + least(${Math.trunc(windowMs)}::float8 * power(2, least(r.count - ${max}::integer, 60)), ${MAX_BACKOFF_MS}::float8) * interval '1 millisecond'
            ELSE r.reset_at
          END
        RETURNING count, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::bigint AS ttl`;
}

/** One hit counted under `key` (hitStatement): its number in the window and the milliseconds left. */
export async function countHit(db: Db, key: string, windowMs: number, max: number, continueExceeding = false, exponentialBackoff = false): Promise<RateLimitHit> {
  const rows = await queryRows<{ count: number; ttl: string | number }>(db, hitStatement(key, windowMs, max, continueExceeding, exponentialBackoff));
  const row = rows[0];
  if (!row) throw new Error('rate limit: no row returned');
  return { current: Number(row.count), ttl: Number(row.ttl) };
}

/**
 * Counting per row the read finds (`countedRead`): the hit's key is the call's key followed by
 * `keySuffix`, a text expression over the read's columns (`found.<column>`, e.g. `found.id`), of
 * the first row that meets `when` (over the same columns; any row when not given).
 */
export interface CountPerRow {
  keySuffix: SQL;
  when?: SQL;
}

/** A counted read's run: the read's rows and the hit (null: nothing counted, see countedRead). */
export type CountedRead<T, K extends string | null, H extends RateLimitHit | null> = (db: Db, key: K, values: Record<string, unknown>) => Promise<{ hit: H; rows: T[] }>;

/**
 * A hit counted and a read made in one statement, one round trip, its text built once and run as
 * a named statement on any `Db` (db/client.ts namedStatement, `name`): the read's rows (none or
 * more) with the hit. The read's parameters are `sql.placeholder`s filled per call (`values`)
 * beside the hit's key; `max` may be one too (`sql.placeholder('max')`, in `values`).
 *
 * Every call is counted under its key, whatever the read finds: a route whose limit guards a read
 * worth answering fast (search by code). With `perRow`, only a call whose read finds a row meeting
 * `perRow.when` is counted, under the call's key followed by that row's `perRow.keySuffix`, and a
 * null key counts nothing (no limit): the integration API's key lookup counts a call against the
 * key it names, only when it presents that key's secret. Such a call's hit is null when nothing
 * was counted.
 */
export function countedRead<T extends object>(name: string, windowMs: number, max: number | Placeholder, read: SQL): CountedRead<T, string, RateLimitHit>;
export function countedRead<T extends object>(name: string, windowMs: number, max: number | Placeholder, read: SQL, perRow: CountPerRow): CountedRead<T, string | null, RateLimitHit | null>;
export function countedRead<T extends object>(name: string, windowMs: number, max: number | Placeholder, read: SQL, perRow?: CountPerRow): CountedRead<T, string, RateLimitHit> | CountedRead<T, string | null, RateLimitHit | null> {
  const key = sql.placeholder('rateLimitKey');
  const hitKey = perRow ? sql`(SELECT ${key}::text || ${perRow.keySuffix} FROM found WHERE ${perRow.when ?? sql`true`} LIMIT 1)` : key;
  // one row at least (the hit's, or none's, when the read finds nothing), the hit beside every row the read finds
  const run = namedStatement<T & { rl_count: number | string | null; rl_ttl: number | string | null; rl_found: boolean | null }>(
    name,
    sql`WITH found AS (SELECT true AS rl_found, r.* FROM (${read}) r), hit AS (${hitStatement(hitKey, windowMs, max)})
        SELECT hit.count AS rl_count, hit.ttl AS rl_ttl, found.* FROM (SELECT) one LEFT JOIN hit ON true LEFT JOIN found ON true`,
  );
  return async (db: Db, rateLimitKey: string | null, values: Record<string, unknown>) => {
    const rows = await run(db, { ...values, rateLimitKey });
    const first = rows[0];
    if (!first) throw new Error('counted read: no row returned');
    const counted = first.rl_count !== null && first.rl_ttl !== null;
    if (!counted && !perRow) throw new Error('rate limit: no row returned');
    return { hit: counted ? { current: Number(first.rl_count), ttl: Number(first.rl_ttl) } : null, rows: rows.filter((row) => row.rl_found === true) };
  };
}
