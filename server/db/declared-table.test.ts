import { and } from 'drizzle-orm';
import { boolean, integer, PgDialect, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFields, type FieldSpec } from '../../domain/fields';
import { declaredTable } from './declared-table';

// a resource with a renamed column, an optional field, a filter and a sort
const schema = z.object({ code: z.string(), label: z.string(), months: z.number().nullable().optional(), active: z.boolean() }).strict();
const specs: FieldSpec<'code' | 'label' | 'months' | 'active'>[] = [
  { source: 'code', label: 'x.code', sortable: true },
  { source: 'label', label: 'x.label', sortable: true },
  { source: 'months', label: 'x.months', kind: 'number' },
  { source: 'active', label: 'x.active', kind: 'boolean', filter: true },
];
const fields = defineFields(schema, specs, { resource: 'things', sorts: ['createdAt'], sort: { field: 'code', order: 'ASC' } });
const things = pgTable('things', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  months: integer('months'),
  active: boolean('active').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
const table = declaredTable(fields, things, { label: 'name' });
const dialect = new PgDialect();

describe('declaredTable: a repository read from its declaration', () => {
  it('answers a row under its fields’ names, times as ISO strings', () => {
    const row = { id: 'a', code: 'C1', name: 'One', months: null, active: true, createdAt: new Date('2026-01-02T03:04:05Z') };
    expect(table.toRecord(row)).toEqual({ id: 'a', code: 'C1', label: 'One', months: null, active: true, createdAt: '2026-01-02T03:04:05.000Z' });
  });

  it('writes the fields a body holds, or with replace every field, an absent one cleared', () => {
    expect(table.values({ code: 'C1', label: 'One', active: false })).toEqual({ code: 'C1', name: 'One', active: false });
    expect(table.values({ code: 'C1', label: 'One', active: false }, { replace: true })).toEqual({ code: 'C1', name: 'One', months: null, active: false });
  });

  it('selects the declared columns under their fields’ names, and sorts on the declared sorts and the id', () => {
    expect(Object.keys(table.columns)).toEqual(['code', 'label', 'months', 'active']);
    expect(table.columns.label).toBe(things.name);
    expect(table.sortColumns).toEqual({ code: things.code, label: things.name, createdAt: things.createdAt, id: things.id });
  });

  it('filters on the declared filters that hold a value, each an equality', () => {
    expect(table.filterConditions({ code: 'C1' })).toEqual([]);
    const query = dialect.sqlToQuery(and(...table.filterConditions({ active: false, q: 'x' }))!);
    expect(query.sql).toBe('"things"."active" = $1');
    expect(query.params).toEqual([false]);
  });

  it('refuses at start a declared field the table has no column for', () => {
    expect(() => declaredTable(fields, things)).toThrow('field "label" has no column');
  });

  it('sorts and filters a field another table holds on its joined column, and never writes one', () => {
    const owners = pgTable('owners', { id: uuid('id').primaryKey(), name: text('name').notNull() });
    const withOwner = defineFields(schema, [...specs, { source: 'ownerName', label: 'x.owner', input: false, sortable: true, filter: true }], { resource: 'things' });
    const joinedTable = declaredTable(withOwner, things, { label: 'name' }, { ownerName: owners.name });
    expect(joinedTable.sortColumns.ownerName).toBe(owners.name);
    expect(dialect.sqlToQuery(and(...joinedTable.filterConditions({ ownerName: 'Acme' }))!).sql).toBe('"owners"."name" = $1');
    expect(Object.keys(joinedTable.values({ code: 'C1', label: 'One', active: true, ownerName: 'Acme' }))).toEqual(['code', 'name', 'active']);
    expect(() => declaredTable(withOwner, things, { label: 'name' }, { code: owners.name })).toThrow('field "code" is written');
  });
});
