import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Card, CircularProgress, List, ListItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, InfiniteListBase, useCanAccess, useListContext, useTranslate } from 'react-admin';
import type { ReloadRun, ReloadRunFilter } from '../../../../domain/reloadables';
import { ListLoadError } from '../../../components/ListLoadError';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { useFormatNumber } from '../../../components/formatMoney';
import { useFormatCents } from '../../../components/MoneyField';
import { SCROLLABLE_TABLE_SX } from '../../../components/scrollableTable';
import { formatDateTime } from '../../../i18n/dates';
import { PageHeading } from '../../../components/PageHeading';
import { ResponsiveListFilters } from '../../../components/ResponsiveListFilters';
import { ReloadFilterChips } from './ReloadFilterChips';
import { HistoryFilterForm } from './ReloadFilterForms';
import { useSourceText } from './reloadTexts';
import { HISTORY } from './resources';
import { RunLink } from './RunLink';
import { useHistoryExport } from './useHistoryExport';

const PAGE_SIZE = 25;
const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
/** When a run ran: its end, else its start, else its creation. */
const ranAt = (run: ReloadRun) => run.completedAt ?? run.startedAt ?? run.createdAt;

function HistoryTable() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const formatNumber = useFormatNumber();
  const source = useSourceText();
  const label = (key: string) => translate(`reloads.fields.${key}`);
  return (
    <DataTable<ReloadRun> rowClick={false} bulkActionButtons={false} sx={SCROLLABLE_TABLE_SX}>
      <DataTable.Col source="number" label={label('number')} disableSort render={(run) => <RunLink resource={HISTORY} id={run.id} number={run.number} />} />
      <DataTable.Col source="createdAt" label={label('ranAt')} render={(run) => <span style={nowrap}>{formatDateTime(ranAt(run as ReloadRun))}</span>} />
      <DataTable.Col source="source" label={label('source')} disableSort render={(run) => source(run.source)} />
      <DataTable.Col source="fileName" label={label('fileName')} disableSort render={(run) => <span style={{ overflowWrap: 'anywhere' }}>{run.fileName ?? '—'}</span>} />
      <DataTable.Col source="rowCount" label={label('rowCount')} disableSort align="right" render={(run) => formatNumber(run.rowCount)} />
      <DataTable.Col source="creditedCount" label={label('credited')} disableSort align="right" render={(run) => <span style={nowrap}>{`${formatNumber(run.creditedCount)} · ${formatCents(run.creditedCents)}`}</span>} />
      <DataTable.Col source="deletedCount" label={label('notCredited')} disableSort align="right" render={(run) => formatNumber(run.deletedCount)} />
      <DataTable.Col source="userName" label={label('userName')} disableSort render={(run) => run.userName ?? '—'} />
    </DataTable>
  );
}

/** The history on a phone: number and total credited, then when, how and how many. */
function HistoryCompactList() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const source = useSourceText();
  const { data } = useListContext<ReloadRun>();
  return (
    <List disablePadding aria-label={translate('screens.reloadsHistory')}>
      {data?.map((run) => (
        <ListItem key={run.id} divider sx={{ display: 'block', py: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <RunLink resource={HISTORY} id={run.id} number={run.number} />
            <Typography component="span" sx={{ ml: 'auto', fontWeight: 600, ...nowrap }}>
              {formatCents(run.creditedCents)}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {formatDateTime(ranAt(run))} · {source(run.source)}
            {run.fileName ? ` · ${run.fileName}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('reloads.history.counts', {
              rows: translate('reloads.history.rows', { smart_count: run.rowCount }),
              credited: translate('reloads.history.credited', { smart_count: run.creditedCount }),
              notCredited: translate('reloads.history.notCredited', { smart_count: run.deletedCount }),
            })}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

function Rows() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { error, data, isPending } = useListContext<ReloadRun>();
  if (error && !data?.length) return <ListLoadError />;
  if (!isPending && data?.length === 0) {
    return (
      <Card variant="outlined">
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {translate('reloads.history.empty')}
        </Typography>
      </Card>
    );
  }
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      {phone ? <HistoryCompactList /> : <HistoryTable />}
    </Card>
  );
}

function DownloadButton() {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: HISTORY, action: 'export' });
  const { filterValues } = useListContext();
  const { download, busy } = useHistoryExport();
  if (!canAccess) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
      <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} disabled={busy} onClick={() => void download(filterValues as ReloadRunFilter)}>
        {translate(busy ? 'reloads.history.downloading' : 'reloads.history.download')}
      </Button>
    </Box>
  );
}

/**
 * /reloadables/reloads-history (SPEC §2): the runs that ran, newest first, with what they
 * credited and what they did not; each number leads to the run's page and its rows (with the
 * reason of a refused row); the CSV of the filtered runs' rows.
 */
export default function ReloadHistoryList() {
  const translate = useTranslate();
  return (
    <>
      <PageHeading title={translate('screens.reloadsHistory')} />
      <InfiniteListBase<ReloadRun> resource={HISTORY} perPage={PAGE_SIZE} sort={{ field: 'createdAt', order: 'DESC' }} queryOptions={{ onError: () => undefined }}>
        <ResponsiveListFilters form={<HistoryFilterForm />} chips={<ReloadFilterChips />} />
        <DownloadButton />
        <Rows />
        <LoadMoreButton label={translate('reloads.history.loadMore')} />
      </InfiniteListBase>
    </>
  );
}
