import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import BatchShow from './BatchShow';
import { batch, BATCH_ID, BATCHES_API, serveConfiguration } from './testData.test-helper';

const ONE = `${BATCHES_API}/${BATCH_ID}`;
const render = () => renderScreen(<BatchShow />, { path: `/privative/batches/${BATCH_ID}`, route: '/privative/batches/:id', permissions: ['privative.batches'], resource: 'privative/batches' });

describe('BatchShow', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a progress bar that advances while the cards are generated, polling the batch until it is COMPLETED', async () => {
    serveConfiguration(true);
    const answers = [batch({ status: 'IN_PROGRESS', generatedCount: 4000 }), batch({ status: 'IN_PROGRESS', generatedCount: 7500 }), batch({ status: 'COMPLETED' })];
    let calls = 0;
    server.use(http.get(ONE, () => HttpResponse.json(answers[Math.min(calls++, answers.length - 1)])));
    await render();
    expect(await screen.findByRole('heading', { name: 'Batch LOT-1' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Generating the cards' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText(/4,000 of 10,000 cards · 40%/)).toBeInTheDocument();
    // nothing can be done to a batch being made
    expect(await screen.findByTestId('batch-no-actions')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Generating the cards' })).toHaveAttribute('aria-valuenow', '75'));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByText('Completed')).toHaveAttribute('data-tone', 'green');
    expect(screen.getByRole('button', { name: 'Activate cards' })).toBeInTheDocument();
  });

  it('offers only what the state allows; activation is confirmed, sent with an Idempotency-Key and says it started', async () => {
    serveConfiguration(true);
    let current = batch();
    const keys: (string | null)[] = [];
    server.use(
      http.get(ONE, () => HttpResponse.json(current)),
      http.post(`${ONE}/activate`, async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        expect(await request.json()).toEqual({});
        current = batch({ status: 'PENDING_ACTIVATION' });
        return HttpResponse.json(current, { status: 202 });
      }),
    );
    await render();
    const activate = await screen.findByRole('button', { name: 'Activate cards' });
    expect(screen.getByRole('button', { name: 'Make PDF archive' })).toBeInTheDocument();
    // not active yet: no deactivation; no archive yet: nothing to download
    expect(screen.queryByRole('button', { name: 'Deactivate cards' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF archive' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(activate);
    const dialog = await screen.findByRole('dialog', { name: 'Activate the cards of batch LOT-1?' });
    expect(dialog).toHaveTextContent('The 10,000 cards of the batch become active');
    await user.click(within(dialog).getByRole('button', { name: 'Activate cards' }));
    expect(await screen.findByText('Activation started: the cards are being activated')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('progressbar', { name: 'Activating the cards' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('a variable-value batch asks the value each card is activated with, stated by its rule', async () => {
    serveConfiguration(true);
    const bodies: unknown[] = [];
    server.use(
      http.get(ONE, () => HttpResponse.json(batch({ valueCents: null }))),
      http.post(`${ONE}/activate`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(batch({ valueCents: null, status: 'PENDING_ACTIVATION' }), { status: 202 });
      }),
    );
    await render();
    expect(await screen.findByText('Variable')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Activate cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate the cards of batch LOT-1?' });
    const amount = within(dialog).getByRole('textbox', { name: /Value of each card/ });
    await user.type(amount, '12,3,4');
    expect(await within(dialog).findByText('Enter an amount in euros, for example 25 or 25.50')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.345');
    expect(await within(dialog).findByText('Too many decimals: an amount goes down to the cent at most, for example 25.50')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '15.50');
    await user.click(within(dialog).getByRole('button', { name: 'Activate cards' }));
    expect(await screen.findByText('Activation started: the cards are being activated')).toBeInTheDocument();
    expect(bodies).toEqual([{ amountCents: 1550 }]);
  });

  it('a refused deactivation shows the catalogue text of its code, never the server text', async () => {
    serveConfiguration(true);
    server.use(
      http.get(ONE, () => HttpResponse.json(batch({ activated: true }))),
      http.post(`${ONE}/deactivate`, () => HttpResponse.json(problem(409, 'BATCH_STATE_INVALID', ONE, 'The batch cannot deactivate from IN_PROGRESS_ACTIVATION'), { status: 409 })),
    );
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the cards of batch LOT-1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate cards' }));
    expect(await screen.findByText('The batch is not in a state that allows this.')).toBeInTheDocument();
    expect(screen.queryByText(/cannot deactivate from/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activate cards' })).not.toBeInTheDocument();
  });

  it("a customer's user downloads a finished archive (with the session's header) and is offered nothing else", async () => {
    serveConfiguration(false);
    const auth: (string | null)[] = [];
    server.use(
      http.get(ONE, () => HttpResponse.json(batch({ archiveStatus: 'COMPLETED', archiveCount: 10000 }))),
      http.get(`${ONE}/archive`, ({ request }) => {
        auth.push(request.headers.get('Authorization'));
        return new HttpResponse('%PDF-1.4 test', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:archive'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await render();
    const download = await screen.findByRole('button', { name: 'Download PDF archive' });
    expect(screen.queryByRole('button', { name: /Activate|Make PDF/ })).not.toBeInTheDocument();
    await userEvent.setup().click(download);
    expect(await screen.findByText('PDF archive downloaded')).toBeInTheDocument();
    expect(saved).toEqual(['batch-LOT-1.pdf']);
    expect(auth).toEqual(['Bearer access-1']);
  });

  it('an id that names no batch says so', async () => {
    serveConfiguration(true);
    server.use(http.get(ONE, () => HttpResponse.json(problem(404, 'NOT_FOUND', ONE), { status: 404 })));
    await render();
    expect(await screen.findByRole('heading', { name: 'Batch not found' })).toBeInTheDocument();
  });
});
