import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { filterFields, sortFields, type FieldSet } from '../../domain/fields';

/**
 * A declared resource's table: what its repository would otherwise write by hand for every field
 * — the record the API answers, the values a body writes, the columns its list sorts on and the
 * conditions of its declared filters — read from the field declaration (domain/schemas/) and the
 * drizzle table. A field's column is the table's column of the same name unless `renamed` names
 * another (a column older than its field's name). So a new field is its declaration and its
 * column; the repository changes only for what is no field (a search, a lookup by code).
 */
export interface DeclaredTable {
  /** the record: every column of the row under its field's name, times as ISO strings */
  toRecord(row: Record<string, unknown>): Record<string, unknown>;
  /**
   * a parsed body (the declaration's schema) as the table's values: the fields it holds, or with
   * `replace` every input field, an absent one as null (a PUT that leaves an optional field out clears it)
   */
  values(body: Record<string, unknown>, options?: { replace?: boolean }): Record<string, unknown>;
  /** the input fields' columns under their fields' names: a select's own part where a record also joins or computes (a parent's name, a count) */
  columns: Record<string, AnyPgColumn>;
  /** the columns a list may sort on: the declaration's sorts, and the id */
  sortColumns: Record<string, AnyPgColumn>;
  /** the declared filters that hold a value, each an equality on its column */
  filterConditions(filter: Readonly<Record<string, unknown>>): SQL[];
}

/**
 * `joined` names the columns of fields another table holds (a company's name beside its operator):
 * sorted and filtered on there, selected by the repository's own join, never written.
 */
export function declaredTable(
  set: FieldSet,
  table: PgTable,
  renamed: Readonly<Record<string, string>> = {},
  joined: Readonly<Record<string, AnyPgColumn>> = {},
): DeclaredTable {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const keyOf = (source: string) => renamed[source] ?? source;
  const columnOf = (source: string): AnyPgColumn => {
    const column = joined[source] ?? columns[keyOf(source)];
    if (!column) throw new Error(`${set.resource}: field "${source}" has no column (declare it in the table, or name its column in "renamed")`);
    return column;
  };
  const sourceOf = new Map(Object.entries(renamed).map(([source, key]) => [key, source]));
  // every input field is written, and every declared sort and filter reads a column: checked once, at start
  for (const field of set.inputs) {
    if (field.source in joined) throw new Error(`${set.resource}: field "${field.source}" is written, so its column is the table's own`);
    columnOf(field.source);
  }
  const sortColumns = Object.fromEntries([...new Set([...sortFields(set), 'id'])].map((source) => [source, columnOf(source)]));
  const filters = filterFields(set).map((field) => ({ source: field.source, column: columnOf(field.source) }));

  return {
    toRecord: (row) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [sourceOf.get(key) ?? key, value instanceof Date ? value.toISOString() : value])),
    values: (body, { replace = false } = {}) =>
      Object.fromEntries(set.inputs.filter((field) => replace || field.source in body).map((field) => [keyOf(field.source), replace ? (body[field.source] ?? null) : body[field.source]])),
    columns: Object.fromEntries(set.inputs.map((field) => [field.source, columnOf(field.source)])),
    sortColumns,
    filterConditions: (filter) => filters.filter(({ source }) => filter[source] !== undefined).map(({ source, column }) => eq(column, filter[source])),
  };
}
