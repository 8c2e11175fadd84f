import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import QueueReloadList from './QueueReloadList';
import { BASE, plannedRow, problemBody } from './testData.test-helper';
import { CARD_NUMBER_SEARCH_MIN_DIGITS } from '../../../../domain/reloadables';

const PLANNED = `${BASE}/reloads/planned`;
const rows = [
  plannedRow(),
  plannedRow({ id: 'p1000000-0000-4000-8000-000000000002', position: 3, cardNumber: '5350000000000002', customer: null, state: 'DELETED' }),
  plannedRow({ id: 'p1000000-0000-4000-8000-000000000003', position: 4, cardNumber: '5350000000000003', state: 'COMPLETED', currentAmountCents: 3500, creditedAt: '2026-11-21T08:30:00.000Z' }),
  // its time has come: its run is running now
  plannedRow({ id: 'p1000000-0000-4000-8000-000000000004', position: 5, cardNumber: '5350000000000004', scheduledAt: '2020-01-15T08:30:00.000Z' }),
];

function serve(list = rows, more = false) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(PLANNED, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(list, { headers: { 'Content-Range': `planned 0-${list.length - 1}/${more ? '*' : list.length}` } });
    }),
  );
  return queries;
}

const render = () => renderScreen(<QueueReloadList />, { path: '/reloadables/queue-reloads', permissions: ['reloadable.reloads'], resource: 'reloadables/queue-reloads' });

describe('QueueReloadList', () => {
  it('lists planned reloads soonest first with SPEC §3 fields, state badges in SPEC tones and a link to each run', async () => {
    const queries = serve(rows, true);
    await render();
    const link = await screen.findByRole('link', { name: 'RL-000042 · 2' });
    expect(link).toHaveAttribute('href', `/reloadables/queue-reloads/${rows[0].runId}`);
    expect(queries[0].get('sort')).toBe('["scheduledAt","ASC"]');
    for (const header of ['Reload', 'Company', 'Card number and customer', 'Reload amount', 'Insert date', 'Scheduled date', 'Current amount (initial)', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    // a plan whose time has not come is not running: "planned for {date}" on a neutral badge, not a yellow "in progress"
    const planned = screen.getByText(/^Planned for /);
    expect(planned).toHaveTextContent(/2099/);
    expect(planned).toHaveAttribute('data-tone', 'grey');
    expect(screen.getAllByText('In progress')).toHaveLength(1);
    expect(screen.getByText('In progress')).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByText('Deleted')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('Completed')).toHaveAttribute('data-tone', 'transparent');
    expect(screen.getByText('€35.00')).toBeInTheDocument();
    expect(screen.getAllByText('initial €10.00')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Load more reloads' })).toBeInTheDocument();
  });

  it('filters by state, scheduled days (local, as instants) and card number', async () => {
    const queries = serve();
    await render();
    await screen.findByRole('link', { name: 'RL-000042 · 2' });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Filters' });
    // the helper states the search's rule, its number from domain CARD_NUMBER_SEARCH_MIN_DIGITS (issue 43)
    expect(within(form).getByText(`The first ${CARD_NUMBER_SEARCH_MIN_DIGITS} digits or more`)).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Deleted' }));
    await user.type(within(form).getByRole('textbox', { name: 'Scheduled from' }), '01/12/2026');
    await user.type(within(form).getByRole('textbox', { name: 'Card number' }), '5350 0000');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
    expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ state: 'DELETED', scheduledFrom: new Date(2026, 11, 1).toISOString(), cardNumber: '53500000' });
  });

  it('deletes a planned reload after a confirmation, through the provider, and offers delete only on rows still to run', async () => {
    serve();
    const deleted: string[] = [];
    server.use(
      http.delete(`${PLANNED}/:id`, ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ ...rows[0], state: 'DELETED' });
      }),
    );
    await render();
    const user = userEvent.setup();
    const buttons = await screen.findAllByRole('button', { name: /^Delete the planned reload of card/ });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the planned reload?' });
    expect(within(dialog).getByText(/The reload of €25.00 on card 5350000000000001 planned for/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([rows[0].id]));
    expect(await screen.findByText('Planned reload deleted')).toBeInTheDocument();
  });

  it('a row whose run already started is refused with the catalogue text, not the server text', async () => {
    serve();
    server.use(http.delete(`${PLANNED}/:id`, () => HttpResponse.json(problemBody(409, 'RELOAD_NOT_PENDING'), { status: 409, headers: { 'Content-Type': 'application/problem+json' } })));
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the planned reload of card 5350000000000001' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This reload has already run or was deleted: it cannot be deleted now.')).toBeInTheDocument();
    expect(screen.queryByText('raw server words')).not.toBeInTheDocument();
  });

  it('says when the queue is empty', async () => {
    serve([]);
    await render();
    expect(await screen.findByText('No planned reloads.')).toBeInTheDocument();
  });
});
