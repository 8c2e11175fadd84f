import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { SquareOrder } from '../../../domain/schemas/square';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { listOf, ORDER_ID, SQUARE, squareCode, squareOrder } from './squareData.test-helper';
import SquareOrderShow from './SquareOrderShow';

const ORDER = `${SQUARE}/orders/${ORDER_ID}`;
const ACTION_NAMES = ['Confirm order', 'Approve order', 'Activate order', 'Delete draft', 'Cancel order'];

function serve(...answers: SquareOrder[]) {
  const codeQueries: URLSearchParams[] = [];
  let calls = 0;
  server.use(
    http.get(ORDER, () => HttpResponse.json(answers[Math.min(calls++, answers.length - 1)])),
    http.get(`${SQUARE}/codes`, ({ request }) => (codeQueries.push(new URL(request.url).searchParams), listOf([squareCode()], 'codes'))),
  );
  return { codeQueries, calls: () => calls };
}

const renderShow = () =>
  renderScreen(<SquareOrderShow />, { path: `/square/orders/${ORDER_ID}`, route: '/square/orders/:id', permissions: ['square.orders', 'square.codes'], resource: 'square/orders' });

async function shownActions() {
  await screen.findByRole('heading', { name: 'SQ-000042' });
  const region = screen.queryByRole('region', { name: 'Order actions' });
  return region ? ACTION_NAMES.filter((name) => within(region).queryByRole('button', { name })) : [];
}

describe('SquareOrderShow', () => {
  it.each<[SquareOrder['actions'], string[]]>([
    [['confirm', 'delete'], ['Confirm order', 'Delete draft']],
    [['approve', 'cancel'], ['Approve order', 'Cancel order']],
    [['cancel'], ['Cancel order']],
    [[], []],
  ])('offers exactly the actions the server lists for the order (%j)', async (actions, shown) => {
    serve(squareOrder({ actions }));
    await renderShow();
    expect(await shownActions()).toEqual(shown);
  });

  it('shows the fields, the state badge and, once active, the deliveries, the codes of the order and the reconciliation CSV', async () => {
    const { codeQueries } = serve(squareOrder({ status: 'ACTIVE', actions: ['cancel'], activatedAt: '2026-11-21T10:00:00.000Z', deliveries: { QUEUED: 0, SENDING: 0, RETRY_WAITING: 1, SENT: 1, FAILED: 1 } }));
    await renderShow();
    expect(await screen.findByTestId('square-order-status')).toHaveTextContent('Active');
    expect(screen.getByText('shop.acme.test')).toBeInTheDocument();
    expect(screen.getByText('€1,500.00')).toBeInTheDocument();
    const deliveries = screen.getByRole('region', { name: 'E-mail deliveries' });
    expect(deliveries).toHaveTextContent(/Retrying\s*1/);
    expect(deliveries).toHaveTextContent(/Failed\s*1/);
    expect(await screen.findByRole('button', { name: 'Download reconciliation (CSV)' })).toBeInTheDocument();
    // the order's codes: the codes list filtered by the order, each code a link to its page
    expect(await screen.findByRole('link', { name: 'SQ7K2M9P4X' })).toHaveAttribute('href', '/square/codes/code-1');
    expect(JSON.parse(codeQueries[0].get('filter')!)).toEqual({ orderId: ORDER_ID });
    // the approval in words; the order's own number and type are not repeated on each code
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Order number' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Code' })).toBeInTheDocument();
  });

  it('while a job works it shows the progress and asks again until the order has moved on', async () => {
    serve(squareOrder({ status: 'APPROVING', actions: [], progress: { done: 200, total: 500 } }), squareOrder({ status: 'NOT_ACTIVE', actions: ['activate', 'cancel'] }));
    await renderShow();
    const bar = await screen.findByTestId('square-order-progress');
    expect(bar).toHaveTextContent('200 of 500');
    expect(within(bar).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByTestId('square-order-status')).toHaveTextContent('Generating codes');
    // the page polls every 2 s while the state is busy
    await waitFor(() => expect(screen.getByTestId('square-order-status')).toHaveTextContent('Not active'), { timeout: 5000 });
    expect(screen.queryByTestId('square-order-progress')).not.toBeInTheDocument();
    expect(await shownActions()).toEqual(['Activate order', 'Cancel order']);
  });

  it('once active, asks again while e-mails are queued or being sent, and stops when only retries wait', async () => {
    const sending = { QUEUED: 1, SENDING: 1, RETRY_WAITING: 0, SENT: 0, FAILED: 0 };
    const settled = { QUEUED: 0, SENDING: 0, RETRY_WAITING: 1, SENT: 1, FAILED: 0 };
    const { calls } = serve(squareOrder({ status: 'ACTIVE', actions: ['cancel'], deliveries: sending }), squareOrder({ status: 'ACTIVE', actions: ['cancel'], deliveries: settled }));
    await renderShow();
    const deliveries = await screen.findByRole('region', { name: 'E-mail deliveries' });
    expect(deliveries).toHaveTextContent(/Queued\s*1/);
    await waitFor(() => expect(deliveries).toHaveTextContent(/Sent\s*1/), { timeout: 5000 });
    const answered = calls();
    // a retry minutes away keeps nothing polling
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls()).toBe(answered);
  });

  it('cancel asks first; a refusal shows the text of its code and the question stays open', async () => {
    serve(squareOrder({ status: 'ACTIVE', actions: ['cancel'] }));
    let cancels = 0;
    server.use(http.post(`${ORDER}/cancel`, () => ((cancels += 1), HttpResponse.json(problem(409, 'SQUARE_CODES_SPENT'), { status: 409 }))));
    await renderShow();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(cancels).toBe(0);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order SQ-000042?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Unable to cancel the order: some of its codes have already been redeemed.')).toBeInTheDocument();
    expect(cancels).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Cancel order SQ-000042?' })).toBeInTheDocument();
  });

  it('confirm asks first (the count of recipients), then moves the draft and the page shows its new state; focus stays on the page', async () => {
    serve(squareOrder(), squareOrder({ status: 'WAITING_FOR_APPROVAL', actions: ['cancel'] }));
    const confirmed: string[] = [];
    server.use(http.post(`${ORDER}/confirm`, ({ request }) => (confirmed.push(request.url), HttpResponse.json(squareOrder({ status: 'WAITING_FOR_APPROVAL', actions: ['cancel'] })))));
    await renderShow();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm order' }));
    // issue 43: asked first, saying what happens, with the order's count of recipients
    const dialog = await screen.findByRole('dialog', { name: /^Confirm order / });
    expect(dialog).toHaveTextContent(/The order, with \d+ recipients?, moves on to approval or activation/);
    expect(confirmed).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('Order confirmed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('square-order-status')).toHaveTextContent('Waiting for approval'));
    expect(confirmed).toHaveLength(1);
    // focus stays on the page: no action follows a confirm here (only cancel), so the heading holds it
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
  });

  it('after confirm, focus goes to the action that follows (Activate), not the page body (issue 43)', async () => {
    serve(squareOrder(), squareOrder({ status: 'NOT_ACTIVE', actions: ['activate', 'cancel'] }));
    server.use(http.post(`${ORDER}/confirm`, () => HttpResponse.json(squareOrder({ status: 'NOT_ACTIVE', actions: ['activate', 'cancel'] }))));
    await renderShow();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Activate order' })).toHaveFocus());
  });

  it('activate asks first, saying every recipient is mailed (their count); refusing the question sends nothing', async () => {
    serve(squareOrder({ status: 'NOT_ACTIVE', actions: ['activate', 'cancel'], totalQuantity: 3 }));
    const activated: string[] = [];
    server.use(http.post(`${ORDER}/activate`, ({ request }) => (activated.push(request.url), HttpResponse.json(squareOrder({ status: 'ACTIVATING', actions: [] })))));
    await renderShow();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Activate order' }));
    const dialog = await screen.findByRole('dialog', { name: /^Activate order / });
    expect(dialog).toHaveTextContent('The codes are activated and their e-mail is sent to 3 recipients. Sending cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(activated).toHaveLength(0);
  });

  it('delete asks first, removes the draft and goes back to the orders', async () => {
    serve(squareOrder());
    let deleted = 0;
    server.use(http.delete(ORDER, () => ((deleted += 1), new HttpResponse(null, { status: 204 }))));
    await renderShow();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete draft SQ-000042?' })).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/square\/orders$/));
    expect(deleted).toBe(1);
  });

  it('an order of another company or an unknown id says it does not exist', async () => {
    server.use(http.get(ORDER, () => HttpResponse.json(problem(404, 'NOT_FOUND'), { status: 404 })));
    await renderShow();
    expect(await screen.findByText('This order does not exist or you cannot see it.')).toBeInTheDocument();
  });

  it('downloads the reconciliation CSV in the user’s language and time zone', async () => {
    serve(squareOrder({ status: 'ACTIVE', actions: ['cancel'] }));
    const asked: URLSearchParams[] = [];
    server.use(http.get(`${ORDER}/reconciliation`, ({ request }) => (asked.push(new URL(request.url).searchParams), new HttpResponse('code,email\r\n', { headers: { 'Content-Type': 'text/csv' } }))));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:reconciliation'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderShow();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download reconciliation (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('SQ-000042-reconciliation.csv');
    expect(asked.map((query) => [query.get('lang'), query.get('tz')])).toEqual([['en', Intl.DateTimeFormat().resolvedOptions().timeZone]]);
    click.mockRestore();
  });
});
