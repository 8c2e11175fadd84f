import { Box, Card, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { InfiniteListBase, useListContext, useTranslate, type DataTableProps, type RaRecord, type RowClickFunction, type SortPayload } from 'react-admin';
import { filterFields, type FieldSet } from '../../../domain/fields';
import { LoadMoreButton } from '../LoadMoreButton';
import { SchemaCompactList } from './SchemaCompactList';
import { SchemaDataTable, type ColumnRender } from './SchemaDataTable';
import { SchemaFilters } from './SchemaFilters';
import { DeclaredListFilters, useFilterErrorLine, type FilterInputs } from './SchemaFilterForm';
import { ListLoadError } from '../ListLoadError';
import { SchemaListCount } from './SchemaListState';
import { useEditLink, type RecordLink } from './SchemaRecordLink';
import { useGateChecked } from './gatedScreen';

function ListBody({
  fields,
  link,
  rowClick,
  render,
  leadingColumns,
  columns,
  primaryText,
  compact,
  empty,
  bulkActions,
  body,
}: {
  fields: FieldSet;
  link?: RecordLink;
  rowClick: string | false | RowClickFunction;
  render?: ColumnRender;
  leadingColumns?: ReactNode;
  columns?: ReactNode;
  primaryText?: (record: RaRecord) => ReactNode;
  compact?: ReactNode;
  empty: string;
  bulkActions?: ReactNode | false;
  body?: DataTableProps['body'];
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { error, data } = useListContext();
  // a refused filter is named by its label (the declared filter form's)
  const filterText = useFilterErrorLine(fields.filterForm);
  if (error && !data?.length) return <ListLoadError filterText={filterText} />;
  const emptyState = (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
      {translate(empty)}
    </Typography>
  );
  if (phone && compact) return data?.length === 0 ? emptyState : <>{compact}</>;
  return phone ? (
    <SchemaCompactList fields={fields} link={link} primaryText={primaryText} empty={emptyState} />
  ) : (
    <SchemaDataTable fields={fields} link={link} rowClick={rowClick} render={render} leading={leadingColumns} bulkActions={bulkActions} body={body} empty={emptyState}>
      {columns}
    </SchemaDataTable>
  );
}

/**
 * A resource's list from its field declarations: react-admin's InfiniteListBase (which checks
 * the session and the `list` access), the declared filters and the search, the count, the
 * declared columns in a DataTable (a compact row list on phones), and SPEC's load-more button.
 * The identifying cell links to the record (`link`; default SPEC's `{id}` page when `rowClick`
 * is 'edit'). A failed load shows an error with Retry instead of the empty state, and no toast
 * with the server's text. Texts are i18n keys.
 *
 * The declaration's `filterForm` (domain/filters.ts) is the list's filter form, applied with a
 * button; otherwise its fields' `filter` flags filter live.
 *
 * Slots, for what a declaration alone cannot say: `bulkActions` (selection) and `body`, `filters` (a filter form of the list's own,
 * in place of the declared filters), `filterInputs` (a declared filter's input of the list's own), `actions`, `count` and `countMore`, `summary` (above the
 * table), `render`, `leadingColumns` and `columns` (cells), `compact` (the phone rows), `children` (dialogs), `title` and
 * `titleActions` (the list as a titled section of a record's page).
 */
export function SchemaList({
  fields,
  resource = fields.resource,
  sort = fields.sort ?? { field: 'id', order: 'ASC' },
  within,
  filter = within,
  storeKey = within ? false : undefined,
  title,
  titleActions,
  perPage = 25,
  search,
  filtersLabel,
  empty,
  count,
  countMore,
  loadMore,
  actions,
  rowClick = within ? false : 'edit',
  link,
  primaryText,
  filterDefaultValues,
  filters,
  filterInputs,
  summary,
  compact,
  render,
  leadingColumns,
  columns,
  bulkActions,
  body,
  children,
  disableSyncWithLocation = true,
  pollWhile,
  pollMs = 2000,
}: {
  fields: FieldSet;
  resource?: string;
  /** default: the declaration's `sort` */
  sort?: SortPayload;
  /** a filter always applied, not shown (a card's own ledger: its id) */
  filter?: Record<string, unknown>;
  /** a list inside a record's page (a card's ledger: `{ cardId }`): that fixed filter, no sort or filters kept between visits, rows that open nothing */
  within?: Record<string, unknown>;
  /** i18n key of the heading (h2) of the page's section the list is (a card's ledger) */
  title?: string;
  /** beside the section's heading (a link to the whole list) */
  titleActions?: ReactNode;
  /** false: the list keeps no sort or filters of its own between visits (a list inside a record's page) */
  storeKey?: string | false;
  perPage?: number;
  /** i18n key of the search's placeholder; true: `<texts>.search` */
  search?: string | true;
  /** i18n key of the "Filters" button that folds the filters on phones; true: `<texts>.filters` */
  filtersLabel?: string | true;
  /** i18n key of the empty state; default `<texts>.empty` */
  empty?: string;
  /** i18n key of "N records" (smart_count), shown above the list; true: `<texts>.count` */
  count?: string | true;
  /** i18n key of "N shown, more to load" (smart_count): the list's API does not count; true: `<texts>.countMore` */
  countMore?: string | true;
  /** default `<texts>.loadMore` */
  loadMore?: string;
  /** buttons beside the filters (create, import…), shown only to who may use them */
  actions?: ReactNode;
  /** default 'edit' (the record's page); false for a list `within` a record */
  rowClick?: string | false | RowClickFunction;
  /** where a row leads (its identifying cell is then a link); default SPEC's `{id}` page when rowClick is 'edit' */
  link?: RecordLink | false;
  /** the compact row's first line when it is not the primary field alone */
  primaryText?: (record: RaRecord) => ReactNode;
  /** filters applied when the list opens (a link from elsewhere: the operators of one company) */
  filterDefaultValues?: Record<string, unknown>;
  /** the list's own filter form (ResponsiveListFilters), in place of the declared filters */
  filters?: ReactNode;
  /** the declared filter form's inputs of the list's own, per API key (a card picked by its code) */
  filterInputs?: FilterInputs;
  /** above the table, below the count (a wallet's balance) */
  summary?: ReactNode;
  /** the rows on a phone, when the declared first and second lines are not enough */
  compact?: ReactNode;
  render?: ColumnRender;
  /** DataTable columns before the declared ones (a row's actions) */
  leadingColumns?: ReactNode;
  /** extra DataTable columns after the declared ones */
  columns?: ReactNode;
  /** the selection's toolbar, for who may use it (rows then get checkboxes); false or absent: no selection */
  bulkActions?: ReactNode | false;
  /** a DataTable body of the list's own (rows that open on the keyboard, shift-click ranges) */
  body?: DataTableProps['body'];
  /** rendered inside the list context (dialogs opened from the list) */
  children?: ReactNode;
  /** a list sharing its page with another (tabs) keeps its filters out of the URL */
  disableSyncWithLocation?: boolean;
  /** while a listed record is in this state (a batch being made), the list asks again every `pollMs` */
  pollWhile?: (record: RaRecord) => boolean;
  pollMs?: number;
}) {
  const translate = useTranslate();
  const editLink = useEditLink(resource);
  // the declaration's list texts (`texts`: an i18n prefix) unless a key is given
  const text = (given: string | true | undefined, name: string) => (given === true || (given === undefined && (name === 'empty' || name === 'loadMore')) ? `${fields.texts}.${name}` : given);
  const [searchKey, filtersKey, countKey] = [text(search, 'search'), text(filtersLabel, 'filters'), text(count, 'count')];
  const recordLink = link === false ? undefined : (link ?? (rowClick === 'edit' ? editLink : undefined));
  const titleId = useId();
  // the screen's gate checked the session and this list's access already: the first request goes at once
  const gateChecked = useGateChecked(resource, 'list');
  const list = (
    <InfiniteListBase<RaRecord>
      resource={resource}
      disableAuthentication={gateChecked}
      perPage={perPage}
      sort={sort}
      filter={filter}
      storeKey={storeKey}
      filterDefaultValues={filterDefaultValues}
      disableSyncWithLocation={disableSyncWithLocation}
      // the error state below says it; no toast with the server's text
      queryOptions={{
        onError: () => undefined,
        refetchInterval: pollWhile ? (query: { state: { data?: { pages: Array<{ data: RaRecord[] }> } } }) => (query.state.data?.pages.some((page) => page.data.some(pollWhile)) ? pollMs : false) : undefined,
      }}
    >
      {(filters || fields.filterForm || actions || search || filterFields(fields).length > 0) && (
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap', minWidth: 0 }}>
        {filters || fields.filterForm ? (
          <Box sx={{ flex: '1 1 100%', minWidth: 0 }}>{filters ?? <DeclaredListFilters set={fields.filterForm!} inputs={filterInputs} />}</Box>
        ) : (
          <SchemaFilters fields={fields} search={searchKey} filtersLabel={filtersKey} />
        )}
        {/* no empty box: it would wrap under a full-width filter form and leave a gap above the table */}
        {actions && <Box sx={{ display: 'flex', gap: 1, ml: 'auto', flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      )}
      {countKey && <SchemaListCount label={countKey} more={text(countMore, 'countMore')} />}
      {summary}
      {/* visible overflow: react-admin's selection toolbar slides up over the row above the table */}
      <Card variant="outlined" sx={{ minWidth: 0, overflow: bulkActions ? 'visible' : undefined }}>
        <ListBody fields={fields} link={recordLink} rowClick={rowClick} render={render} leadingColumns={leadingColumns} columns={columns} primaryText={primaryText} compact={compact} empty={text(empty, 'empty')!} bulkActions={bulkActions} body={body} />
      </Card>
      <LoadMoreButton label={translate(text(loadMore, 'loadMore')!)} />
      {children}
    </InfiniteListBase>
  );
  if (!title) return list;
  return (
    <Box component="section" sx={{ mt: 3 }} aria-labelledby={titleId}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id={titleId} sx={{ flexGrow: 1 }}>
          {translate(title)}
        </Typography>
        {titleActions}
      </Box>
      {list}
    </Box>
  );
}
