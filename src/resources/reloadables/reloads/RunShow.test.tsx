import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ReloadRunDetail } from '../../../../domain/reloadables';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import HistoryRunShow from './HistoryRunShow';
import QueueRunShow from './QueueRunShow';
import { BASE, plannedRow, run, RUN_ID } from './testData.test-helper';

function serve(detail: ReloadRunDetail) {
  let current = detail;
  const deleted: string[] = [];
  const rowQueries: URLSearchParams[] = [];
  server.use(
    http.get(`${BASE}/reloads/${RUN_ID}`, () => HttpResponse.json(current)),
    http.delete(`${BASE}/reloads/${RUN_ID}`, () => {
      deleted.push(RUN_ID);
      current = { ...current, state: 'DELETED', deletedCount: current.rowCount };
      return HttpResponse.json(current);
    }),
    http.get(`${BASE}/reloads/${RUN_ID}/rows`, ({ request }) => {
      rowQueries.push(new URL(request.url).searchParams);
      const rows = [
        plannedRow({ position: 1, state: 'COMPLETED', currentAmountCents: 3500, creditedAt: '2026-11-20T09:00:01.000Z' }),
        plannedRow({ id: 'p1000000-0000-4000-8000-000000000002', position: 2, cardNumber: '5350000000000002', state: 'DELETED', reason: 'RELOAD_CARD_LOCKED' }),
        plannedRow({ id: 'p1000000-0000-4000-8000-000000000003', position: 3, cardNumber: '5350000000000003', state: 'DELETED', reason: null }),
      ];
      return HttpResponse.json(rows, { headers: { 'Content-Range': 'rows 0-2/3' } });
    }),
  );
  return { deleted, rowQueries };
}

describe('a reload run page', () => {
  it('history: the run, its counters and its rows with the reason of each row not credited', async () => {
    const { rowQueries } = serve(run());
    await renderScreen(<HistoryRunShow />, { path: `/reloadables/reloads-history/${RUN_ID}`, route: '/reloadables/reloads-history/:id', permissions: ['reloadable.reloads'], resource: 'reloadables/reloads-history' });
    expect(await screen.findByRole('heading', { name: 'Reload run RL-000042' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the reload history' })).toHaveAttribute('href', '/reloadables/reloads-history');
    expect(screen.getByText('2 · €50.00')).toBeInTheDocument();
    expect(await screen.findByText('The card is locked: unlock it before reloading it.')).toBeInTheDocument();
    expect(screen.getByText('Deleted from the queue')).toBeInTheDocument();
    expect(rowQueries[0].get('sort')).toBe('["position","ASC"]');
    expect(screen.queryByRole('button', { name: 'Delete the planned run' })).not.toBeInTheDocument();
  });

  it('queue: a planned run not started is deleted whole after a confirmation', async () => {
    const planned = run({ state: 'IN_PROGRESS', scheduledAt: '2099-01-15T08:30:00.000Z', startedAt: null, completedAt: null, creditedCount: 0, creditedCents: 0, deletedCount: 0, progress: { done: 0, total: 3 } });
    const { deleted } = serve(planned);
    await renderScreen(<QueueRunShow />, { path: `/reloadables/queue-reloads/${RUN_ID}`, route: '/reloadables/queue-reloads/:id', permissions: ['reloadable.reloads'], resource: 'reloadables/queue-reloads' });
    const user = userEvent.setup();
    // planned, not running: a neutral "planned for {date}" badge
    expect((await screen.findAllByText(/^Planned for .*2099/)).every((badge) => badge.getAttribute('data-tone') === 'grey')).toBe(true);
    expect(screen.queryByText('In progress')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete the planned run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the planned run RL-000042?' });
    expect(within(dialog).getByText('3 planned reloads of the run are deleted and their amount goes back to the available funds.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete the planned run' }));
    await waitFor(() => expect(deleted).toEqual([RUN_ID]));
    expect(await screen.findByText('Planned run deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete the planned run' })).not.toBeInTheDocument());
  });

  it('queue: a planned run whose time came shows its progress, asked again until it is COMPLETED, and can no longer be deleted', async () => {
    const started = run({ state: 'IN_PROGRESS', scheduledAt: '2026-11-20T08:30:00.000Z', startedAt: '2026-11-20T08:30:01.000Z', completedAt: null, creditedCount: 1, creditedCents: 2500, deletedCount: 0, progress: { done: 1, total: 3 } });
    serve(started);
    let polls = 0;
    server.use(
      http.get(`${BASE}/reloads/${RUN_ID}`, () => {
        polls += 1;
        return HttpResponse.json(polls < 2 ? started : run({ scheduledAt: started.scheduledAt }));
      }),
    );
    await renderScreen(<QueueRunShow />, { path: `/reloadables/queue-reloads/${RUN_ID}`, route: '/reloadables/queue-reloads/:id', permissions: ['reloadable.reloads'], resource: 'reloadables/queue-reloads' });
    expect(await screen.findByTestId('run-progress')).toHaveTextContent('1 of 3 reloads · 33%');
    expect(screen.queryByRole('button', { name: 'Delete the planned run' })).not.toBeInTheDocument();
    expect(screen.getByText('In progress')).toHaveAttribute('data-tone', 'yellow');
    await waitFor(() => expect(screen.queryByTestId('run-progress')).not.toBeInTheDocument());
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
  });
});

