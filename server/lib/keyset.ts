import { sql, type SQL } from 'drizzle-orm';
import { isRealDay } from '../../domain/dates';
import { ApiError } from './errors';

/**
 * Keyset pages ("load more" that continues from the last row shown): a page after a cursor costs
 * the same at any depth, where OFFSET n reads and drops n rows first, and rows inserted or deleted
 * between two pages neither repeat nor go missing. The cursor is the last row's sort value and id,
 * handed to the client in the answer (`Next-Cursor`, list-query.ts) and given back as `cursor`.
 * Host-neutral (no Buffer): the demo's browser host runs it too.
 */

/** The SQL type a cursor's value is cast back to (the sort column's). */
export type KeyType = 'bigint' | 'integer' | 'numeric' | 'timestamptz' | 'date' | 'text' | 'uuid';

/** The order a list walks: its sort column, then the row id breaking ties, both one way. */
export interface SortKey {
  /** the sort column (or expression) as the table's rows have it, e.g. sql`c.progressive` */
  column: SQL;
  type: KeyType;
  /** the column may be NULL */
  nullable?: boolean;
  /** where nulls sort: as the largest value (PostgreSQL's default: last ascending, first descending; the default here too) or the smallest */
  nulls?: 'largest' | 'smallest';
  /** columns that order rows with the same value before the id does, each its own way (never NULL), e.g. a run's rows by position */
  then?: readonly TieBreak[];
  /** the row's id column, e.g. sql`c.id` (uuid) */
  id: SQL;
  order: 'ASC' | 'DESC';
}

/** A column between the sort column and the id (SortKey.then). */
export interface TieBreak {
  column: SQL;
  type: KeyType;
  order: 'ASC' | 'DESC';
}

/** Where a page starts: after the row with this sort value (as PostgreSQL writes it as text) and id. */
export interface KeyPosition {
  value: string | null;
  /** the tie-break columns' values (SortKey.then), as text */
  then?: readonly string[];
  id: string;
}

/** A decoded cursor: the sort it was made for, and the position. */
export interface Cursor extends KeyPosition {
  field: string;
  order: 'ASC' | 'DESC';
}

/** Rows of a page with the key of each (the same index), so the answer can hand the last one back. */
export interface KeyedRows<T> {
  rows: T[];
  keys: KeyPosition[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VALUE: Record<KeyType, (text: string) => boolean> = {
  bigint: (t) => /^-?\d{1,19}$/.test(t),
  integer: (t) => /^-?\d{1,10}$/.test(t),
  numeric: (t) => /^-?\d{1,30}(\.\d{1,30})?$/.test(t),
  // as PostgreSQL writes a timestamptz: '2026-11-27 05:43:10.853219+01'
  // real days and times only (issue 38): PostgreSQL answers 2026-02-31 or 25:00 with an error, a 500
  timestamptz: (t) => /^\d{4}-\d{2}-\d{2}[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/.test(t) && isRealDay(t.slice(0, 10)),
  date: (t) => isRealDay(t),
  // no NUL: PostgreSQL cannot hold one in text
  text: (t) => t.length <= 500 && !t.includes('\u0000'),
  uuid: (t) => UUID.test(t),
};

const invalidCursor = () => new ApiError(400, 'VALIDATION_ERROR', 'The cursor does not belong to this list and sort', { cursor: 'validation.invalid' });

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The opaque text of a cursor (base64url of its JSON). */
export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify([cursor.field, cursor.order, cursor.value, cursor.id, ...(cursor.then?.length ? [cursor.then] : [])]));
}

/**
 * The cursor a client sent back, checked: it must have been made for this sort (field and
 * direction), and its values must be what the sort column and an id can hold. Anything else is a
 * 400 on `cursor` (never a database error, never a silently wrong page).
 */
export function decodeCursor(text: string, sort: { field: string; order: 'ASC' | 'DESC' }, type?: KeyType): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(text));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length < 4 || parsed.length > 5) throw invalidCursor();
  const [field, order, value, id, then] = parsed as unknown[];
  if (field !== sort.field || order !== sort.order || typeof id !== 'string' || !UUID.test(id)) throw invalidCursor();
  if (value !== null && (typeof value !== 'string' || (type !== undefined && !VALUE[type](value)))) throw invalidCursor();
  if (then !== undefined && (!Array.isArray(then) || then.length > 5 || then.some((part) => typeof part !== 'string'))) throw invalidCursor();
  return { field, order: sort.order, value, id, ...(then ? { then: then as string[] } : {}) };
}

/** A cursor's value checked against the key it is used with (decodeCursor may not know the column's type). */
export function checkPosition(key: SortKey, position: KeyPosition): void {
  if (!UUID.test(position.id)) throw invalidCursor();
  if (position.value === null ? !key.nullable : !VALUE[key.type](position.value)) throw invalidCursor();
  const ties = key.then ?? [];
  if ((position.then?.length ?? 0) !== ties.length || ties.some((tie, i) => !VALUE[tie.type](position.then![i]))) throw invalidCursor();
}

const cast = (value: string, type: KeyType): SQL => sql`${value}::${sql.raw(type)}`;

/** Whether the key's nulls come after its values in the walk (ascending with nulls largest, descending with nulls smallest). */
const nullsLast = (key: SortKey) => (key.order === 'ASC') === ((key.nulls ?? 'largest') === 'largest');

/**
 * The rows after `position` in the key's order, as one or two conditions whose union is the
 * answer: each can walk an index on (…, column, id) from the position on (a row comparison, with
 * the column's own bound first so an index on the column alone narrows too). Where a nullable
 * column's nulls come after its values, a position on a value also takes every null; where they
 * come first, a position among the nulls also takes every value: the second condition. Callers
 * run each condition as its own ordered branch.
 */
export function afterPosition(key: SortKey, position: KeyPosition): SQL[] {
  checkPosition(key, position);
  const { column, id } = key;
  const asc = key.order === 'ASC';
  const last = nullsLast(key);
  // among rows of the same value: after the position's tie-breaks, then its id
  const idAfter = asc ? sql`${id} > ${position.id}::uuid` : sql`${id} < ${position.id}::uuid`;
  const tail = (key.then ?? []).reduceRight<SQL>((rest, tie, i) => {
    const value = cast(position.then![i], tie.type);
    return tie.order === 'ASC' ? sql`(${tie.column} > ${value} OR (${tie.column} = ${value} AND ${rest}))` : sql`(${tie.column} < ${value} OR (${tie.column} = ${value} AND ${rest}))`;
  }, idAfter);
  if (position.value === null) {
    const amongNulls = sql`${column} IS NULL AND ${tail}`;
    return last ? [amongNulls] : [amongNulls, sql`${column} IS NOT NULL`];
  }
  const value = cast(position.value, key.type);
  let onValues: SQL;
  if (key.then?.length) onValues = asc ? sql`${column} >= ${value} AND (${column} > ${value} OR ${tail})` : sql`${column} <= ${value} AND (${column} < ${value} OR ${tail})`;
  else
    onValues = asc
      ? sql`${column} >= ${value} AND (${column}, ${id}) > (${value}, ${position.id}::uuid)`
      : sql`${column} <= ${value} AND (${column}, ${id}) < (${value}, ${position.id}::uuid)`;
  return key.nullable && last ? [onValues, sql`${column} IS NULL`] : [onValues];
}

/**
 * Where a page of a small table starts, as one condition: afterPosition's conditions ORed (the
 * table is small enough not to need a branch each), TRUE for the first page.
 */
export function afterCondition(key: SortKey, position: KeyPosition | null | undefined): SQL {
  return position ? sql`(${sql.join(afterPosition(key, position).map((part) => sql`(${part})`), sql` OR `)})` : sql`TRUE`;
}

/** Rows read with their sort value as text (`sort_key`), as records with their keys (KeyedRows). */
export function keyedRows<R extends { id: string; sort_key: string | null }, T>(rows: readonly R[], toRecord: (row: R) => T): KeyedRows<T> {
  return { rows: rows.map(toRecord), keys: rows.map((row) => ({ value: row.sort_key, id: row.id })) };
}

/**
 * The key's ORDER BY on the table's columns: the column, its nulls where the key puts them, the
 * tie-breaks, then the id. `names`: other names for them (a union's output columns).
 */
export function keyOrder(key: SortKey, names: { column: SQL; then: readonly SQL[]; id: SQL } = { column: key.column, then: (key.then ?? []).map((tie) => tie.column), id: key.id }): SQL {
  const dir = key.order === 'ASC' ? sql`ASC` : sql`DESC`;
  const ties = (key.then ?? []).map((tie, i) => sql`, ${names.then[i]} ${sql.raw(tie.order)}`);
  return sql`${names.column} ${dir} ${nullsLast(key) ? sql`NULLS LAST` : sql`NULLS FIRST`}${sql.join(ties, sql``)}, ${names.id} ${dir}`;
}
