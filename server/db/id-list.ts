import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { namedStatement, type Db } from './client';

/**
 * A list of uuids as ONE text parameter, so a statement's text does not change with the list's
 * length and the statement can be named (db/client.ts namedStatement: parsed once per
 * connection). `inIdList(column, sql.placeholder('ids'))` in the statement, `idList(ids)` in its
 * values. An empty list matches nothing.
 */
export const idList = (ids: readonly string[]): string => ids.join(',');

export const inIdList = (column: SQL, list: Placeholder): SQL => sql`${column} = ANY(string_to_array(${list}::text, ',')::uuid[])`;

/**
 * A read by ids as two named statements: one for a single id (`column = $id`), whose generic plan
 * PostgreSQL adopts after its first few runs, so it is planned about once per connection (a till's
 * move reads one card and one ledger row); one for a list, re-planned on each run, as the planner
 * weighs the list's length. `read(condition)` builds the statement around the id condition; its
 * other placeholders come in `values`.
 */
export function readByIds<T>(name: string, column: SQL, read: (condition: SQL) => SQL) {
  const one = namedStatement<T>(`${name}_one`, read(sql`${column} = ${sql.placeholder('id')}::uuid`));
  const many = namedStatement<T>(`${name}_many`, read(inIdList(column, sql.placeholder('ids'))));
  return (db: Db, ids: readonly string[], values: Record<string, unknown>): Promise<T[]> =>
    ids.length === 1 ? one(db, { ...values, id: ids[0] }) : many(db, { ...values, ids: idList(ids) });
}
