import { Alert, Box, Button, Link as MuiLink } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useCreatePath, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ReloadRunDetail } from '../../../../domain/reloadables';
import { useFormatCents } from '../../../components/MoneyField';
import { ProgressBar } from '../../../components/ProgressBar';
import { formatDateTime } from '../../../i18n/dates';
import { HISTORY, QUEUE, RUNS } from './resources';

/** While a run credits its rows the page asks for its progress this often. */
export const RUN_POLL_MS = 1000;

/** A run that is crediting now: a run now until COMPLETED, a planned one once its time came (before that there is nothing to watch). */
export const isRunning = (run: ReloadRunDetail | undefined) => !!run && run.state === 'IN_PROGRESS' && (!run.scheduledAt || run.startedAt !== null);

/** Determinate progress of a run's rows (done of total). */
export function RunProgress({ run }: { run: ReloadRunDetail }) {
  const translate = useTranslate();
  const { done, total } = run.progress;
  const percent = total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 100;
  const count = translate('reloads.outcome.rows', { smart_count: total, done: Math.min(done, total), total });
  return <ProgressBar testId="run-progress" sx={{ my: 2 }} label={translate('reloads.outcome.progress')} count={count} percent={percent} />;
}

/**
 * After the confirmation: a run now shows its progress (asked again every second until it is
 * COMPLETED), then "Reloads completed" with what was credited; a planned run says when it will
 * run. Either links to the run's page (history for a run now, queue for a plan).
 */
export function RunOutcome({ run: created, onNew }: { run: ReloadRunDetail; onNew: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const createPath = useCreatePath();
  const formatCents = useFormatCents();
  const { data } = useGetOne<ReloadRunDetail>(RUNS, { id: created.id }, { enabled: isRunning(created), refetchInterval: (query) => (isRunning(query.state.data) ? RUN_POLL_MS : false) });
  const run = data ?? created;
  const planned = !!run.scheduledAt && run.state === 'IN_PROGRESS' && !run.startedAt;
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current || isRunning(run)) return;
    announced.current = true;
    notify(planned ? 'reloads.outcome.plannedNotice' : 'success.reloadsCompleted', { type: 'success' });
  }, [run, planned, notify]);
  const to = createPath({ resource: planned ? QUEUE : HISTORY, type: 'edit', id: run.id });
  return (
    <Box component="section" aria-label={translate('reloads.outcome.title')} sx={{ my: 2 }}>
      {isRunning(run) ? (
        <RunProgress run={run} />
      ) : (
        <Alert severity="success" sx={{ mb: 2 }}>
          {planned
            ? translate('reloads.outcome.planned', { smart_count: run.rowCount, total: formatCents(run.totalCents), when: formatDateTime(run.scheduledAt) })
            : translate('reloads.outcome.completed', { smart_count: run.creditedCount, total: formatCents(run.creditedCents) })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <MuiLink component={Link} to={to} sx={{ fontWeight: 500 }}>
          {translate('reloads.outcome.open', { number: run.number })}
        </MuiLink>
        <Button variant="outlined" onClick={onNew} disabled={isRunning(run)}>
          {translate('reloads.outcome.again')}
        </Button>
      </Box>
    </Box>
  );
}
