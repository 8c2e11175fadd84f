import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * A list of uuids as ONE text parameter, so a statement's text does not change with the list's
 * length and the statement can be named (db/client.ts namedStatement: parsed and planned once per
 * connection). `inIdList(column, sql.placeholder('ids'))` in the statement, `idList(ids)` in its
 * values. An empty list matches nothing.
 */
export const idList = (ids: readonly string[]): string => ids.join(',');

export const inIdList = (column: SQL, list: Placeholder): SQL => sql`${column} = ANY(string_to_array(${list}::text, ',')::uuid[])`;
