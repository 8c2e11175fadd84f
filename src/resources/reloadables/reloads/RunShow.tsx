import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Loading, useCanAccess, useCreatePath, useDataProvider, useGetOne, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { reloadDisplayState, type ReloadRunDetail } from '../../../../domain/reloadables';
import { actionErrorText } from '../../../components/actionErrorText';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FigureGrid } from '../../../components/FigureGrid';
import { useFormatNumber } from '../../../components/formatMoney';
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
  const notify = useNotify();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { canAccess } = useCanAccess({ resource: RUNS, action: 'delete' });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canAccess || !isPlannedRun(run)) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await dataProvider.deleteReloadRun(run.id);
      notify('reloads.run.deleted', { type: 'success' });
      // the run and its rows both changed
      refresh();
    } catch (error) {
      const text = actionErrorText(error, 'messages.unableToPerformAction');
      if (text) notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} sx={{ mb: 2 }}>
        {translate('reloads.run.delete')}
      </Button>
      {open && (
        <ConfirmDialog open title={translate('reloads.run.deleteTitle', { number: run.number })} confirmLabel={translate('reloads.run.delete')} busy={busy} onConfirm={() => void confirm()} onClose={() => setOpen(false)}>
          <Typography>{translate('reloads.run.deleteText', { smart_count: run.rowCount - run.creditedCount - run.deletedCount })}</Typography>
        </ConfirmDialog>
      )}
    </>
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
  const createPath = useCreatePath();
  const { data, error, isPending, refetch } = useGetOne<ReloadRunDetail>(RUNS, { id }, { refetchInterval: (query) => (isRunning(query.state.data) ? RUN_POLL_MS : false) });
  return (
    <Box sx={{ maxWidth: 1400 }}>
      <BackLink to={createPath({ resource: from, type: 'list' })} label={from === QUEUE ? 'reloads.run.backToQueue' : 'reloads.run.backToHistory'} />
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
