import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CreateReloadsBody, ValidateReloadsBody } from '../../../../domain/reloadables';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import ReloadsPage from './ReloadsPage';
import { BASE, card, problemBody, run, validation } from './testData.test-helper';

const CARD = card();
const OTHER = card({ id: 'c1000000-0000-4000-8000-000000000002', number: '5350000000000002', customerName: 'Lucia Bianchi', clientId: null });

function serveCards() {
  const queries: unknown[] = [];
  server.use(
    http.get(`${BASE}/cards`, ({ request }) => {
      queries.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}'));
      return HttpResponse.json([CARD, OTHER], { headers: { 'Content-Range': 'cards 0-1/2' } });
    }),
  );
  return queries;
}

/** Records the check and run calls; answers with what the test gives. */
function serveRun({ check, create }: { check: () => Response; create?: () => Response }) {
  const checks: ValidateReloadsBody[] = [];
  const creates: { body: CreateReloadsBody; key: string | null }[] = [];
  server.use(
    http.post(`${BASE}/reloads/validate`, async ({ request }) => {
      checks.push((await request.json()) as ValidateReloadsBody);
      return check();
    }),
    http.post(`${BASE}/reloads`, async ({ request }) => {
      creates.push({ body: (await request.json()) as CreateReloadsBody, key: request.headers.get('Idempotency-Key') });
      return create ? create() : HttpResponse.json(run(), { status: 201 });
    }),
  );
  return { checks, creates };
}

const render = () => renderScreen(<ReloadsPage />, { path: '/reloadables/reloads', permissions: ['reloadable.reloads'], resource: 'reloadables/reloads' });

async function pickCard(user: ReturnType<typeof userEvent.setup>, number = CARD.number) {
  await user.type(screen.getByRole('combobox', { name: 'Search an active card' }), '5350');
  await user.click(await screen.findByRole('option', { name: new RegExp(number) }));
}

const csv = (text: string, name = 'november.csv') => new File([text], name, { type: 'text/csv' });

describe('ReloadsPage', () => {
  it('the card search says what is missing below its minimum (4 digits of a number, 2 characters otherwise) and asks nothing', async () => {
    const queries = serveCards();
    await render();
    const user = userEvent.setup();
    const search = await screen.findByRole('combobox', { name: 'Search an active card' });
    await user.type(search, '53');
    expect(await screen.findByText('Type at least the first 4 digits of the card number')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'L');
    expect(await screen.findByText('Type at least 2 characters')).toBeInTheDocument();
    expect(screen.queryByText('No active card found')).not.toBeInTheDocument();
    expect(queries).toEqual([]);
    await user.type(search, 'u');
    await waitFor(() => expect(queries).toEqual([{ q: 'Lu', status: 'ACTIVE' }]));
  });

  it('searches active cards only, and changing tab with entered data asks first, then discards it', async () => {
    const queries = serveCards();
    await render();
    expect(await screen.findByRole('heading', { name: 'Reload cards' })).toBeInTheDocument();
    const user = userEvent.setup();
    await pickCard(user);
    expect(queries.at(-1)).toEqual({ q: '5350', status: 'ACTIVE' });
    const selection = screen.getByRole('list', { name: 'Selected cards' });
    expect(within(selection).getByText(CARD.number)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'CSV file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change tab?' });
    expect(within(dialog).getByText('The data entered in this tab will be discarded.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Manual selection' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('list', { name: 'Selected cards' })).getByText(CARD.number)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'CSV file' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Change tab?' })).getByRole('button', { name: 'Discard and change tab' }));
    expect(await screen.findByRole('button', { name: 'Download the template' })).toBeInTheDocument();
    // the CSV tab holds nothing: going back does not ask, and the selection is gone
    await user.click(screen.getByRole('tab', { name: 'Manual selection' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('No card selected yet: search the cards above and choose them.')).toBeInTheDocument();
  });

  it('a CSV with bad rows lists line, field and reason and runs nothing until they are left out; then only the good rows are sent', async () => {
    const report = validation({
      rows: [
        { row: 2, cardId: CARD.id, cardNumber: CARD.number, customer: 'Mario Rossi', amountCents: 2500 },
        { row: 4, cardId: OTHER.id, cardNumber: OTHER.number, customer: 'Lucia Bianchi', amountCents: 1250 },
      ],
      errors: [
        { row: 3, field: 'amount', code: 'validation.amount' },
        { row: 5, field: 'card', code: 'RELOAD_CARD_LOCKED' },
        { row: 6, field: 'card', code: 'errors.codes.RELOAD_MONTHLY_CAP' },
      ],
      count: 2,
      totalCents: 3750,
    });
    const { checks, creates } = serveRun({ check: () => HttpResponse.json(report) });
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'CSV file' }));
    await user.upload(screen.getByLabelText('Choose a CSV file'), csv('cardNumber;amount\n5350000000000001;25,00\n'));

    const errors = await screen.findByRole('table', { name: 'Rows not valid' });
    const lines = within(errors).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(lines).toEqual([
      ['3', 'Reload amount', 'Enter an amount greater than zero, with no fraction of a cent'],
      ['5', 'Card', 'The card is locked: unlock it before reloading it.'],
      ['6', 'Card', 'This reload would take the card over its monthly reload limit.'],
    ]);
    // the file went as SPEC §3's file object: base64 without the data-URL prefix
    expect(checks[0]).toEqual({ file: { type: 'text/csv', name: 'november.csv', content: btoa('cardNumber;amount\n5350000000000001;25,00\n') } });
    const runButton = screen.getByRole('button', { name: 'Reload now' });
    expect(runButton).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Leave out the 3 bad rows' }));
    expect(screen.getByText('3 bad rows left out: only the valid rows will run.')).toBeInTheDocument();
    await user.click(runButton);
    const dialog = await screen.findByRole('dialog', { name: 'Run the reloads?' });
    expect(within(dialog).getByText('2 reloads, total €37.50, now. The amount is taken from the available funds.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reload now' }));

    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0].body).toEqual({
      source: 'CSV',
      fileName: 'november.csv',
      rows: [
        { cardId: CARD.id, amountCents: 2500, row: 2 },
        { cardId: OTHER.id, amountCents: 1250, row: 4 },
      ],
    });
    expect(creates[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Reloads completed: 2 cards credited, total €50.00.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open run RL-000042' })).toHaveAttribute('href', `/reloadables/reloads-history/${run().id}`);
  });

  it("an unreadable file says SPEC §8's 'Error reading file', and a file that is not a CSV is refused before sending", async () => {
    const { checks } = serveRun({ check: () => HttpResponse.json(problemBody(400, 'FILE_UNREADABLE'), { status: 400, headers: { 'Content-Type': 'application/problem+json' } }) });
    await render();
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('tab', { name: 'CSV file' }));
    await user.upload(screen.getByLabelText('Choose a CSV file'), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText('This file type is not allowed')).toBeInTheDocument();
    expect(checks).toHaveLength(0);

    await user.upload(screen.getByLabelText('Choose another file'), csv('\u0000binary'));
    expect(await screen.findByText('Error reading file')).toBeInTheDocument();
    expect(screen.getByText('Unable to read the uploaded file. Correct and reload the file or download the example template.')).toBeInTheDocument();
    expect(screen.queryByText('raw server words')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload now' })).not.toBeInTheDocument();
  });

  it('refuses a schedule in the past (or more than a year ahead) on the page, without asking the server', async () => {
    serveCards();
    const { checks } = serveRun({ check: () => HttpResponse.json(validation()) });
    await render();
    const user = userEvent.setup();
    await pickCard(user);
    await user.type(screen.getByRole('textbox', { name: `Amount for card ${CARD.number}` }), '25');
    await user.click(screen.getByRole('switch', { name: 'Schedule for a date and time' }));
    fireEvent.change(screen.getByLabelText('Date and time of the reloads'), { target: { value: '01/01/2020 10:00' } });
    expect(await screen.findByText('Choose a date and time in the future')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check the reloads' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Date and time of the reloads'), { target: { value: dayjs().add(400, 'day').format('DD/MM/YYYY HH:mm') } });
    expect(await screen.findByText('Choose a date at most one year ahead')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check the reloads' })).not.toBeInTheDocument();
    expect(checks).toHaveLength(0);
  });

  it('plans a manual selection at a future time: the check and the run carry the instant, and the outcome links to the queue', async () => {
    serveCards();
    const { checks, creates } = serveRun({
      check: () => HttpResponse.json(validation({ rows: [{ row: 1, cardId: CARD.id, cardNumber: CARD.number, customer: 'Mario Rossi', amountCents: 2550 }], count: 1, totalCents: 2550 })),
      create: () => HttpResponse.json(run({ source: 'MANUAL', fileName: null, state: 'IN_PROGRESS', scheduledAt: '2099-03-01T09:30:00.000Z', startedAt: null, completedAt: null, rowCount: 1, totalCents: 2550, creditedCount: 0, creditedCents: 0, deletedCount: 0, progress: { done: 0, total: 1 } }), { status: 201 }),
    });
    await render();
    const user = userEvent.setup();
    await pickCard(user);
    await user.type(screen.getByRole('textbox', { name: `Amount for card ${CARD.number}` }), '25.50');
    await user.click(screen.getByRole('switch', { name: 'Schedule for a date and time' }));
    const local = dayjs().add(30, 'day').hour(10).minute(30).second(0).millisecond(0);
    fireEvent.change(screen.getByLabelText('Date and time of the reloads'), { target: { value: local.format('DD/MM/YYYY HH:mm') } });
    await user.click(await screen.findByRole('button', { name: 'Check the reloads' }));
    const at = local.toISOString();
    await waitFor(() => expect(checks).toEqual([{ rows: [{ cardId: CARD.id, amountCents: 2550, row: 1 }], scheduledAt: at }]));
    await user.click(await screen.findByRole('button', { name: 'Plan the reloads' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Plan the reloads?' })).getByRole('button', { name: 'Plan the reloads' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0].body).toEqual({ source: 'MANUAL', scheduledAt: at, rows: [{ cardId: CARD.id, amountCents: 2550, row: 1 }] });
    expect(await screen.findByRole('link', { name: 'Open run RL-000042' })).toHaveAttribute('href', `/reloadables/queue-reloads/${run().id}`);
    expect(screen.getAllByText('Reloads planned').length).toBeGreaterThan(0);
  });

  it('when the plafond cannot cover the run (409) nothing moves and the text says by how much; confirming again reuses the key', async () => {
    serveCards();
    const { creates } = serveRun({
      check: () => HttpResponse.json(validation({ rows: [{ row: 1, cardId: CARD.id, cardNumber: CARD.number, customer: 'Mario Rossi', amountCents: 2500 }], count: 1, totalCents: 2500 })),
      create: () => HttpResponse.json(problemBody(409, 'WALLET_INSUFFICIENT', { params: { shortfallCents: 1250 } }), { status: 409, headers: { 'Content-Type': 'application/problem+json' } }),
    });
    await render();
    const user = userEvent.setup();
    await pickCard(user);
    await user.type(screen.getByRole('textbox', { name: `Amount for card ${CARD.number}` }), '25');
    await user.click(screen.getByRole('button', { name: 'Check the reloads' }));
    await user.click(await screen.findByRole('button', { name: 'Reload now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run the reloads?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reload now' }));
    expect(await within(dialog).findByText('The available funds do not cover this: €12.50 missing. Nothing was moved.')).toBeInTheDocument();
    expect(screen.queryByText('raw server words')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reload now' }));
    await waitFor(() => expect(creates).toHaveLength(2));
    expect(creates[1].key).toBe(creates[0].key);
  });

  it('shows the shortfall of the check and offers no run while the plafond lacks money', async () => {
    serveCards();
    serveRun({ check: () => HttpResponse.json(validation({ rows: [{ row: 1, cardId: CARD.id, cardNumber: CARD.number, customer: null, amountCents: 2500 }], count: 1, totalCents: 2500, availableCents: 1000, shortfallCents: 1500 })) });
    await render();
    const user = userEvent.setup();
    await pickCard(user);
    await user.type(screen.getByRole('textbox', { name: `Amount for card ${CARD.number}` }), '25');
    await user.click(screen.getByRole('button', { name: 'Check the reloads' }));
    expect(await screen.findByText(/The available funds do not cover these reloads: €15.00 missing/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload now' })).toBeDisabled();
  });

  it('follows a run now until it is COMPLETED (progress asked again), then says "reloads completed"', async () => {
    serveCards();
    const running = run({ source: 'MANUAL', state: 'IN_PROGRESS', completedAt: null, creditedCount: 1, creditedCents: 2500, deletedCount: 0, progress: { done: 1, total: 3 } });
    let polls = 0;
    serveRun({
      check: () => HttpResponse.json(validation({ rows: [{ row: 1, cardId: CARD.id, cardNumber: CARD.number, customer: null, amountCents: 2500 }], count: 1, totalCents: 2500 })),
      create: () => HttpResponse.json(running, { status: 201 }),
    });
    server.use(
      http.get(`${BASE}/reloads/${running.id}`, () => {
        polls += 1;
        return HttpResponse.json(polls < 2 ? { ...running, progress: { done: 2, total: 3 } } : run({ source: 'MANUAL', creditedCount: 3, creditedCents: 7500, deletedCount: 0 }));
      }),
    );
    await render();
    const user = userEvent.setup();
    await pickCard(user);
    await user.type(screen.getByRole('textbox', { name: `Amount for card ${CARD.number}` }), '25');
    await user.click(screen.getByRole('button', { name: 'Check the reloads' }));
    await user.click(await screen.findByRole('button', { name: 'Reload now' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Run the reloads?' })).getByRole('button', { name: 'Reload now' }));
    expect(await screen.findByTestId('run-progress')).toHaveTextContent(/of 3 reloads/);
    expect(await screen.findByText('Reloads completed: 3 cards credited, total €75.00.')).toBeInTheDocument();
    expect(polls).toBeGreaterThanOrEqual(2);
  });

  it('keeps the bad rows left out when a schedule set afterwards re-checks the same file with the same bad rows', async () => {
    const report = validation({
      rows: [{ row: 2, cardId: CARD.id, cardNumber: CARD.number, customer: null, amountCents: 2500 }],
      errors: [{ row: 3, field: 'amount', code: 'validation.amount' }],
      count: 1,
      totalCents: 2500,
    });
    const { checks } = serveRun({ check: () => HttpResponse.json(report) });
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'CSV file' }));
    await user.upload(screen.getByLabelText('Choose a CSV file'), csv('cardNumber;amount\n5350000000000001;25\n5350000000000002;x\n'));
    await user.click(await screen.findByRole('button', { name: 'Leave out the bad row' }));
    await user.click(screen.getByRole('switch', { name: 'Schedule for a date and time' }));
    fireEvent.change(screen.getByLabelText('Date and time of the reloads'), { target: { value: dayjs().add(3, 'day').format('DD/MM/YYYY HH:mm') } });
    await waitFor(() => expect(checks).toHaveLength(2));
    expect(checks[1]).toHaveProperty('scheduledAt');
    expect(await screen.findByText('1 bad row left out: only the valid rows will run.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plan the reloads' })).toBeEnabled();
  });

  it('rows refused at creation (a card locked since the check) move into the report and block the run again', async () => {
    serveCards();
    const { creates } = serveRun({
      check: () => HttpResponse.json(validation({ rows: [{ row: 1, cardId: CARD.id, cardNumber: CARD.number, customer: null, amountCents: 2500 }], count: 1, totalCents: 2500 })),
      create: () => HttpResponse.json(problemBody(400, 'RELOAD_ROWS_INVALID', { errors: { 'rows.1.card': 'errors.codes.RELOAD_CARD_LOCKED' } }), { status: 400, headers: { 'Content-Type': 'application/problem+json' } }),
    });
    await render();
    const user = userEvent.setup();
    await pickCard(user);
    await user.type(screen.getByRole('textbox', { name: `Amount for card ${CARD.number}` }), '25');
    await user.click(screen.getByRole('button', { name: 'Check the reloads' }));
    await user.click(await screen.findByRole('button', { name: 'Reload now' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Run the reloads?' })).getByRole('button', { name: 'Reload now' }));
    const errors = await screen.findByRole('table', { name: 'Rows not valid' });
    expect(within(errors).getByText('The card is locked: unlock it before reloading it.')).toBeInTheDocument();
    expect(within(errors).getByText(CARD.number)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload now' })).toBeDisabled();
    expect(creates).toHaveLength(1);
  });

  it('one amount for all fills every selected card, a card picked afterwards gets it too, and a removed card leaves the selection', async () => {
    serveCards();
    await render();
    const user = userEvent.setup();
    await pickCard(user);
    await user.type(screen.getByRole('textbox', { name: 'Amount for all cards' }), '12.50');
    await user.click(screen.getByRole('button', { name: 'Apply to all' }));
    expect(screen.getByRole('textbox', { name: `Amount for card ${CARD.number}` })).toHaveValue('12.50');
    await pickCard(user, OTHER.number);
    expect(screen.getByRole('textbox', { name: `Amount for card ${OTHER.number}` })).toHaveValue('12.50');
    expect(screen.getByText('2 cards, total €25.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Remove card ${CARD.number}` }));
    expect(screen.queryByRole('textbox', { name: `Amount for card ${CARD.number}` })).not.toBeInTheDocument();
    expect(screen.getByText('1 card, total €12.50')).toBeInTheDocument();
  });
});

