import { Box, Card, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { InfiniteListBase, useTranslate, type RaRecord, type RowClickFunction, type SortPayload } from 'react-admin';
import type { FieldSet } from '../../../domain/fields';
import { LoadMoreButton } from '../LoadMoreButton';
import { SchemaDataTable, type ColumnRender } from './SchemaDataTable';
import { SchemaFilters } from './SchemaFilters';

/**
 * A resource's list from its field declarations: react-admin's InfiniteListBase (which checks
 * the session and the `list` access), the declared filters and the search, the declared
 * columns in a DataTable, and SPEC's load-more button. Texts are i18n keys.
 */
export function SchemaList({
  fields,
  resource = fields.resource,
  sort,
  perPage = 25,
  search,
  empty,
  loadMore,
  actions,
  rowClick = 'edit',
  render,
  columns,
  children,
  disableSyncWithLocation = true,
}: {
  fields: FieldSet;
  resource?: string;
  sort: SortPayload;
  perPage?: number;
  search?: string;
  empty: string;
  loadMore: string;
  /** buttons beside the filters (create, import…), shown only to who may use them */
  actions?: ReactNode;
  rowClick?: string | false | RowClickFunction;
  render?: ColumnRender;
  /** extra DataTable columns after the declared ones */
  columns?: ReactNode;
  /** rendered inside the list context (dialogs opened from the list) */
  children?: ReactNode;
  /** a list sharing its page with another (tabs) keeps its filters out of the URL */
  disableSyncWithLocation?: boolean;
}) {
  const translate = useTranslate();
  return (
    <InfiniteListBase<RaRecord> resource={resource} perPage={perPage} sort={sort} disableSyncWithLocation={disableSyncWithLocation}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <SchemaFilters fields={fields} search={search} />
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>{actions}</Box>
      </Box>
      <Card variant="outlined">
        <SchemaDataTable
          fields={fields}
          rowClick={rowClick}
          render={render}
          empty={
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {translate(empty)}
            </Typography>
          }
        >
          {columns}
        </SchemaDataTable>
      </Card>
      <LoadMoreButton label={translate(loadMore)} />
      {children}
    </InfiniteListBase>
  );
}
