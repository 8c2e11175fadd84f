import type { ReactNode } from 'react';
import { DataTable, type RaRecord, type RowClickFunction } from 'react-admin';
import { columnFields, type FieldSet } from '../../../domain/fields';
import { SchemaField } from './SchemaField';

export type ColumnRender = Partial<Record<string, (record: RaRecord) => ReactNode>>;

/**
 * react-admin's DataTable with a column per declared `column` field (sortable where declared),
 * then `children` (columns that are not a field: an action, a computed summary).
 * `render` replaces how one column shows its value.
 */
export function SchemaDataTable({
  fields,
  rowClick = 'edit',
  empty,
  render = {},
  children,
}: {
  fields: FieldSet;
  rowClick?: string | false | RowClickFunction;
  empty?: ReactNode;
  render?: ColumnRender;
  children?: ReactNode;
}) {
  return (
    <DataTable rowClick={rowClick as never} bulkActionButtons={false} empty={empty as never}>
      {columnFields(fields).map((field) => (
        <DataTable.Col
          key={field.source}
          source={field.source}
          label={field.label}
          disableSort={!field.sortable}
          render={(record: RaRecord) => render[field.source]?.(record) ?? <SchemaField field={field} record={record} />}
        />
      ))}
      {children}
    </DataTable>
  );
}
