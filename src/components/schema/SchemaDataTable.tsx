import type { ReactNode } from 'react';
import { DataTable, type DataTableProps, type RaRecord, type RowClickFunction } from 'react-admin';
import { columnFields, primaryField, type FieldSet } from '../../../domain/fields';
import { SCROLLABLE_TABLE_SX } from '../scrollableTable';
import { SchemaField } from './SchemaField';
import { SchemaRecordLink, type RecordLink } from './SchemaRecordLink';

export type ColumnRender = Partial<Record<string, (record: RaRecord) => ReactNode>>;

/**
 * react-admin's DataTable with a column per declared `column` field (sortable where declared),
 * then `children` (columns that are not a field: an action, a computed summary); `leading`
 * columns come first (a row's actions menu, on screen at any width). Money and counts are
 * right-aligned.
 * `render` replaces how one column shows its value. With `link`, the identifying cell (the
 * declared `primary` field) is a real link to the record and a row click goes to the same place;
 * otherwise `rowClick` decides.
 */
export function SchemaDataTable({
  fields,
  rowClick = 'edit',
  link,
  empty,
  render = {},
  leading,
  bulkActions = false,
  body,
  children,
}: {
  fields: FieldSet;
  rowClick?: string | false | RowClickFunction;
  link?: RecordLink;
  empty?: ReactNode;
  render?: ColumnRender;
  leading?: ReactNode;
  /** the selection's toolbar (rows get checkboxes); false: no selection */
  bulkActions?: ReactNode | false;
  /** a DataTable body of the list's own (rows that open on the keyboard, a range selection) */
  body?: DataTableProps['body'];
  children?: ReactNode;
}) {
  const primary = primaryField(fields);
  const click: string | false | RowClickFunction = link ? (_id, _resource, record) => link(record) : rowClick;
  return (
    <DataTable rowClick={click as never} bulkActionButtons={bulkActions} body={body} empty={empty as never} sx={SCROLLABLE_TABLE_SX}>
      {leading}
      {columnFields(fields).map((field) => (
        <DataTable.Col
          key={field.source}
          source={field.source}
          label={field.label}
          disableSort={!field.sortable}
          align={field.kind === 'money' || field.kind === 'number' ? 'right' : undefined}
          render={(record: RaRecord) => {
            const value = render[field.source]?.(record) ?? <SchemaField field={field} record={record} />;
            const to = link && field === primary ? link(record) : false;
            return to ? <SchemaRecordLink to={to}>{value}</SchemaRecordLink> : value;
          }}
        />
      ))}
      {children}
    </DataTable>
  );
}
