import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Loading, useCanAccess, useDataProvider, useGetOne, useRefresh, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { reloadDisplayState, type ReloadRunDetail } from '../../../../domain/reloadables';
import { ConfirmActionButton } from '../../../components/ConfirmActionButton';
import { FigureGrid } from '../../../components/FigureGrid';
import { useFormatNumber } from '../../../i18n/formatMoney';
import { useFormatCents } from '../../../components/MoneyField';
import { BackLink, RecordLoadError } from '../../../components/schema';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { formatDateTime } from '../../../i18n/dates';
import { PageHeading } from '../../../components/PageHeading';
import { ReloadStateBadge, useSourceText } from './reloadTexts';
import { QUEUE, RUNS } from './resources';
import { RunRows } from './RunRows';
import { isRunning, RUN_POLL_MS, RunProgress } from './RunOutcome';

/** A planned run whose time has not come: the whole of it may still be deleted. */
export const isPlannedRun = (run: ReloadRunDetail, now = Date.now()) => reloadDisplayState(run, now) === 'PLANNED';

function DeleteRun({ run }: { run: ReloadRunDetail }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { canAccess } = useCanAccess({ resource: RUNS, action: 'delete' });
  if (!canAccess || !isPlannedRun(run)) return null;
  return (
    <ConfirmActionButton
      label="reloads.run.delete"
      title={translate('reloads.run.deleteTitle', { number: run.number })}
      run={() => dataProvider.deleteReloadRun(run.id)}
      done="reloads.run.deleted"
      failure="messages.unableToPerformAction"
      // the run and its rows both changed
      onDone={refresh}
      button={{ variant: 'outlined', color: 'error', startIcon: <DeleteIcon />, sx: { mb: 2 } }}
    >
      <Typography>{translate('reloads.run.deleteText', { smart_count: run.rowCount - run.creditedCount - run.deletedCount })}</Typography>
    </ConfirmActionButton>
  );
}

function RunDetail({ run }: { run: ReloadRunDetail }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const formatNumber = useFormatNumber();
  const source = useSourceText();
  const f = (key: string, value: ReactNode) => ({ label: translate(`reloads.fields.${key}`), value });
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 auto' }}>
          <PageHeading title={translate('reloads.run.title', { number: run.number })} />
        </Box>
        <DeleteRun run={run} />
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {isRunning(run) && <RunProgress run={run} />}
        <FigureGrid
          figures={[
            f('number', run.number),
            f('state', <ReloadStateBadge item={run} />),
            f('source', source(run.source)),
            f('fileName', run.fileName ?? '—'),
            f('createdAt', formatDateTime(run.createdAt)),
            f('scheduledAt', run.scheduledAt ? formatDateTime(run.scheduledAt) : translate('reloads.run.immediately')),
            f('completedAt', formatDateTime(run.completedAt) || '—'),
            f('userName', run.userName ?? '—'),
            f('rowCount', formatNumber(run.rowCount)),
            f('total', formatCents(run.totalCents)),
            f('credited', `${formatNumber(run.creditedCount)} · ${formatCents(run.creditedCents)}`),
            f('notCredited', formatNumber(run.deletedCount)),
          ]}
        />
      </Paper>
      <RunRows runId={run.id} />
    </>
  );
}

/**
 * A run's page (SPEC §2 "previous reloads detail"), under the list it was opened from: number,
 * source, file, when, state, counters and, while it credits, its progress (asked again every
 * second); its rows; and, for a planned run whose time has not come, "delete the whole run".
 */
export function RunShow({ from }: { from: typeof QUEUE | 'reloadables/reloads-history' }) {
  const { id = '' } = useParams();
  const { data, error, isPending, refetch } = useGetOne<ReloadRunDetail>(RUNS, { id }, { refetchInterval: (query) => (isRunning(query.state.data) ? RUN_POLL_MS : false) });
  return (
    <Box sx={{ maxWidth: 1400 }}>
      <BackLink resource={from} label={from === QUEUE ? 'reloads.run.backToQueue' : 'reloads.run.backToHistory'} />
      {error && !data ? (
        <RecordLoadError error={error} refetch={refetch} title="reloads.run.notFoundTitle" message="reloads.run.notFound" />
      ) : isPending || !data ? (
        <Loading />
      ) : (
        <RunDetail run={data} />
      )}
    </Box>
  );
}
