import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { PermissionKey } from '../../../domain/permissions';
import { ORDER_RECORD_ACTIONS, type OrderDetail, type OrderRecordAction } from '../../../domain/orders';
import { problem, servedConfiguration, userConfiguration } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import AcquiredOrderShow from './AcquiredOrderShow';
import OrderShow from './OrderShow';
import { ORDER_ID, order } from './testData.test-helper';

const ORDER = `/api/company/company-1/giftcard/orders/${ORDER_ID}`;
const ACQUIRED = `/api/company/company-1/giftcard/acquired-orders/${ORDER_ID}`;
const ACTION_NAMES = ['Continue the order', 'Confirm order', 'Activate order', 'Download codes (CSV)', 'Download codes (PDF)', 'Resend confirmation e-mail', 'Edit expiry date', 'Set tracking', 'Mark as delivered', 'Mark as received', 'Retry', 'Cancel order', 'Delete draft'];

/** The buttons (and the wizard link) each action of the record shows on the placed view's page. */
const BUTTONS: Record<OrderRecordAction, string[]> = {
  continue: ['Continue the order'],
  confirm: ['Confirm order'],
  activate: ['Activate order'],
  downloadCodes: ['Download codes (CSV)', 'Download codes (PDF)'],
  resendConfirmation: ['Resend confirmation e-mail'],
  editExpiry: ['Edit expiry date'],
  tracking: ['Set tracking'],
  delivered: ['Mark as delivered'],
  retry: ['Retry'],
  cancel: ['Cancel order'],
  delete: ['Delete draft'],
};
const buttonsOf = (actions: readonly OrderRecordAction[]) => ACTION_NAMES.filter((name) => actions.some((action) => BUTTONS[action].includes(name)));

/** Serves the order's detail as the API answers it (with its `actions`) to a customer's user: the page must not care who asks. */
function serve(detail: OrderDetail, { base = ORDER } = {}) {
  const cardQueries: URLSearchParams[] = [];
  const configuration = servedConfiguration(userConfiguration(['privative.orders', 'privative.acquiredOrders']), false);
  server.use(
    http.get('/api/user/configuration', () => HttpResponse.json(configuration)),
    http.get(base, () => HttpResponse.json(detail)),
    http.get(`${base}/cards`, ({ request }) => {
      cardQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json([], { headers: { 'Content-Range': 'cards 0-0/0' } });
    }),
  );
  return cardQueries;
}

const renderShow = (permissions: PermissionKey[] = ['privative.orders']) =>
  renderScreen(<OrderShow />, { path: `/privative-orders/orders/${ORDER_ID}`, route: '/privative-orders/orders/:id', permissions, resource: 'privative-orders/orders' });

async function shownActions() {
  await screen.findByRole('heading', { name: 'ORD-000123' });
  const region = screen.queryByRole('region', { name: 'Order actions' });
  if (!region) return [];
  return ACTION_NAMES.filter((name) => within(region).queryByRole('button', { name }) ?? within(region).queryByRole('link', { name }));
}

describe('OrderShow', () => {
  it('shows the details, configuration, products and total of the order', async () => {
    serve(order());
    await renderShow();
    expect(await screen.findByRole('heading', { name: 'ORD-000123' })).toBeInTheDocument();
    expect(screen.getByTestId('order-state')).toHaveTextContent('Issued');
    expect(screen.getByTestId('order-activation')).toHaveTextContent('To be activated');
    expect(screen.getByText('Giulia Rossi · giulia@acme.test')).toBeInTheDocument();
    expect(screen.getByText('PO-77')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Digital Gift Card' })).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('€1,250.00');
    expect(await screen.findByText('The order has no gift cards yet: they are made when it is issued.')).toBeInTheDocument();
  });

  it.each<[string, Partial<OrderDetail>, string, string]>([
    ['issued, not activated: how long the cards last', { state: 'COMPLETED' }, 'To be activated', 'Card validity1 month from activation'],
    ['activated: the day the cards expire', { state: 'COMPLETED', activated: true, activatedAt: '2026-11-21T10:00:00.000Z', validMonths: 3 }, 'Activated · 21/11/2026 10:00', 'Cards expire on21/02/2027'],
    ['with an edited expiry day', { state: 'COMPLETED', expireDate: '2027-06-30' }, 'To be activated', 'Cards expire on30/06/2027'],
    ['cancelled: never to be activated', { state: 'CANCELLED', cancelledAt: '2026-11-22T10:00:00.000Z' }, 'Not activated', 'Card validity1 month from activation'],
  ])('words the activation and the expiry for its state: %s', async (_name, overrides, activation, expiry) => {
    serve(order(overrides));
    await renderShow();
    expect(await screen.findByTestId('order-activation')).toHaveTextContent(activation);
    expect(screen.getByTestId('order-expiry').parentElement).toHaveTextContent(expiry);
  });

  it.each<[string, Partial<OrderDetail>, string[]]>([
    ['an issued order, to be activated', { state: 'COMPLETED' }, ['Activate order', 'Download codes (CSV)', 'Download codes (PDF)', 'Resend confirmation e-mail', 'Edit expiry date', 'Cancel order']],
    ['an issued and activated order', { state: 'COMPLETED', activated: true }, ['Download codes (CSV)', 'Download codes (PDF)', 'Resend confirmation e-mail']],
    ['a draft with products and configuration', { state: 'NEW', confirmedAt: null }, ['Continue the order', 'Confirm order', 'Delete draft']],
    ['a draft not configured (confirm would be refused)', { state: 'NEW', confirmedAt: null, referentName: null, referentEmail: null, companyOrderNumber: null }, ['Continue the order', 'Delete draft']],
    ['a draft without products (confirm would be refused)', { state: 'NEW', confirmedAt: null, items: [], totalCents: 0, digitalCards: 0 }, ['Continue the order', 'Delete draft']],
    ['an order being issued', { state: 'IN_PROGRESS' }, ['Resend confirmation e-mail']],
    ['an order in verification, as a customer reads it (no retry)', { state: 'ERROR', errorCode: 'ORDER_RANGE_UNAVAILABLE' }, ['Resend confirmation e-mail', 'Cancel order']],
    ['an order in verification, as provider staff read it', { state: 'ERROR', errorCode: 'ORDER_RANGE_UNAVAILABLE', actions: ['resendConfirmation', 'retry', 'cancel'] }, ['Resend confirmation e-mail', 'Retry', 'Cancel order']],
    [
      'a third-party shipment in progress, as provider staff read it',
      { state: 'SHIPMENT_IN_PROGRESS', shippingType: 'PHISICAL_SHIPMENT', actions: ['activate', 'downloadCodes', 'resendConfirmation', 'editExpiry', 'tracking', 'cancel'] },
      ['Activate order', 'Download codes (CSV)', 'Download codes (PDF)', 'Resend confirmation e-mail', 'Edit expiry date', 'Set tracking', 'Cancel order'],
    ],
    ['a shipped order', { state: 'SHIPPED', shippingType: 'PHISICAL_SHIPMENT', activated: true }, ['Download codes (CSV)', 'Download codes (PDF)', 'Resend confirmation e-mail', 'Mark as delivered']],
    ['a cancelled order', { state: 'CANCELLED' }, []],
  ])("offers exactly the record's actions: %s", async (_name, overrides, expected) => {
    serve(order(overrides));
    await renderShow();
    await waitFor(async () => expect(await shownActions()).toEqual(expected));
  });

  it.each<[string, Partial<OrderDetail>]>([
    ['every action the page knows, whatever the state says', { state: 'COMPLETED', actions: [...ORDER_RECORD_ACTIONS] }],
    ['none, though the transition table would allow some (a caller the access table refuses)', { state: 'COMPLETED', actions: [] }],
    ["retry, though the signed-in user's company is not the provider", { state: 'ERROR', actions: ['retry'] }],
    ['tracking alone', { state: 'SHIPPED', shippingType: 'PHISICAL_SHIPMENT', actions: ['tracking'] }],
  ])('decides nothing itself: it offers %s', async (_name, overrides) => {
    const detail = order(overrides);
    serve(detail);
    await renderShow();
    await waitFor(async () => expect(await shownActions()).toEqual(buttonsOf(detail.actions)));
  });

  it.each<[string, Partial<OrderDetail>, string, string]>([
    ['not configured', { referentName: null, referentEmail: null, companyOrderNumber: null }, `/privative-orders/orders/${ORDER_ID}/configuration`, 'Complete the order configuration (contact person and company order number) before confirming.'],
    ['without products', { items: [], totalCents: 0, digitalCards: 0, referentName: null, companyOrderNumber: null }, `/privative-orders/orders/${ORDER_ID}/additem/catalog/DIGITAL`, 'Add at least one product before confirming the order.'],
  ])('a draft %s opened from the list says what it lacks and continues in the wizard at that step', async (_name, overrides, step, lacks) => {
    serve(order({ state: 'NEW', confirmedAt: null, ...overrides }));
    await renderShow();
    const region = await screen.findByRole('region', { name: 'Order actions' });
    expect(await within(region).findByTestId('draft-missing')).toHaveTextContent(lacks);
    expect(within(region).queryByRole('button', { name: 'Confirm order' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(region).getByRole('link', { name: 'Continue the order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(step));
  });

  it('a complete draft continues at the review, and its confirm is offered on the page too', async () => {
    serve(order({ state: 'NEW', confirmedAt: null }));
    await renderShow();
    const region = await screen.findByRole('region', { name: 'Order actions' });
    expect(await within(region).findByRole('link', { name: 'Continue the order' })).toHaveAttribute('href', `/privative-orders/orders/${ORDER_ID}/recap?step=review`);
    expect(within(region).getByRole('button', { name: 'Confirm order' })).toBeInTheDocument();
    expect(within(region).queryByTestId('draft-missing')).not.toBeInTheDocument();
  });

  it("says why the last job failed, from the error catalogue", async () => {
    serve(order({ state: 'ERROR', errorCode: 'ORDER_RANGE_UNAVAILABLE' }));
    await renderShow();
    expect(await screen.findByText('The last processing of this order failed: Some sequence numbers in the ranges are not available for this order.')).toBeInTheDocument();
  });

  it("a refused cancel shows SPEC §8's text, not the server's, and the dialog stays open to retry with the same key", async () => {
    serve(order());
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${ORDER}/cancel`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json({ ...problem(409, 'ORDER_CARDS_USED', `${ORDER}/cancel`, 'raw server words') }, { status: 409, headers: { 'Content-Type': 'application/problem+json' } });
      }),
    );
    await renderShow();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order ORD-000123?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Unable to cancel the order. GiftCards have already been used.')).toBeInTheDocument();
    expect(screen.queryByText('raw server words')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('activate asks first, sends an Idempotency-Key and says "Order activated"', async () => {
    let current = order();
    serve(current);
    const keys: (string | null)[] = [];
    server.use(
      http.get(ORDER, () => HttpResponse.json(current)),
      http.post(`${ORDER}/activate`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        current = order({ activated: true, activatedAt: '2026-11-21T10:00:00.000Z' });
        return HttpResponse.json(current);
      }),
    );
    await renderShow();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Activate order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate order ORD-000123?' });
    await user.click(within(dialog).getByRole('button', { name: 'Activate order' }));
    expect(await screen.findByText('Order activated')).toBeInTheDocument();
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('order-activation')).toHaveTextContent(/^Activated/));
    expect(screen.queryByRole('button', { name: 'Activate order' })).not.toBeInTheDocument();
  });

  it('polls while the order is busy, so a confirmed order becomes issued by itself', async () => {
    let reads = 0;
    serve(order());
    server.use(http.get(ORDER, () => HttpResponse.json(order({ state: (reads += 1) < 2 ? 'PENDING' : 'COMPLETED' }))));
    await renderShow();
    expect(await screen.findByText('The order is being processed; this page updates by itself.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Issued'), { timeout: 6000 });
    expect(screen.queryByText('The order is being processed; this page updates by itself.')).not.toBeInTheDocument();
  });

  it('edit expiry refuses a day before today and sends an ISO day', async () => {
    serve(order());
    const bodies: unknown[] = [];
    server.use(http.post(`${ORDER}/expiry`, async ({ request }) => (bodies.push(await request.json()), HttpResponse.json(order({ expireDate: '2031-03-31' })))));
    await renderShow();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit expiry date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Expiry date of order ORD-000123' });
    const input = within(dialog).getByRole('textbox', { name: /Expiry date/ });
    await user.type(input, '01/01/2020');
    await user.tab();
    expect(await within(dialog).findByText('The expiry date cannot be before today.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '31/03/2031');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toEqual([{ expireDate: '2031-03-31' }]));
    expect(await screen.findByText('Expiry date updated')).toBeInTheDocument();
  });

  it("lists the order's gift cards 25 at a time with load more while the API says more exist", async () => {
    serve(order());
    const ranges: string[] = [];
    const card = (i: number) => ({ id: `card-${i}`, code: `CODE${String(i).padStart(13, '0')}`, progressive: 1000 + i, status: 'SOLD', availableBalanceCents: 0, balanceCents: 0, frozenCents: 0 });
    server.use(
      http.get(`${ORDER}/cards`, ({ request }) => {
        const range = new URL(request.url).searchParams.get('range')!;
        ranges.push(range);
        const [start] = JSON.parse(range) as [number, number];
        const rows = Array.from({ length: start === 0 ? 25 : 5 }, (_, i) => card(start + i));
        return HttpResponse.json(rows, { headers: { 'Content-Range': `cards ${start}-${start + rows.length - 1}/${start === 0 ? '*' : 30}` } });
      }),
    );
    await renderShow();
    expect(await screen.findByText('CODE0000000000000')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more gift cards' }));
    expect(await screen.findByText('CODE0000000000029')).toBeInTheDocument();
    expect(ranges).toEqual(['[0,24]', '[25,49]']);
    expect(screen.queryByRole('button', { name: 'Load more gift cards' })).not.toBeInTheDocument();
  });

  it('an unknown order says it does not exist', async () => {
    serve(order());
    server.use(http.get(ORDER, () => HttpResponse.json(problem(404, 'NOT_FOUND', ORDER), { status: 404 })));
    await renderShow();
    expect(await screen.findByText('This order does not exist or is not visible to your company.')).toBeInTheDocument();
  });
});

describe('AcquiredOrderShow', () => {
  it('downloads the codes as a CSV in the user\'s language or as the PDF of card fronts, through the authenticated client', async () => {
    serve(order({ state: 'COMPLETED', activated: true }));
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${ORDER}/codes`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        return query.get('format') === 'pdf'
          ? new HttpResponse('%PDF-1.4\n', { headers: { 'Content-Type': 'application/pdf' } })
          : new HttpResponse('Code,Progressive\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:codes'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderShow();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download codes (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Download codes (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(click.mock.contexts.map((anchor) => (anchor as HTMLAnchorElement).download)).toEqual(['ORD-000123-codes.pdf', 'ORD-000123-codes.csv']);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(asked.map((query) => [query.get('format'), query.get('lang'), query.get('tz')])).toEqual([
      ['pdf', 'en', zone],
      ['csv', 'en', zone],
    ]);
    click.mockRestore();
  });

  it('is read-only but for the codes and "received" of a shipped third-party order', async () => {
    const shipped = order({ state: 'SHIPPED', shippingType: 'PHISICAL_SHIPMENT', trackingCarrier: 'BRT', trackingNumber: '123', trackingLink: 'https://track.example/123' }, 'acquired');
    expect(shipped.actions).toEqual(['downloadCodes', 'delivered']);
    serve(shipped, { base: ACQUIRED });
    const delivered: string[] = [];
    server.use(http.post(`${ACQUIRED}/delivered`, ({ request }) => (delivered.push(request.url), HttpResponse.json(order({ state: 'SHIPMENT_DELIVERED' })))));
    await renderScreen(<AcquiredOrderShow />, {
      path: `/privative-orders/acquired-orders/${ORDER_ID}`,
      route: '/privative-orders/acquired-orders/:id',
      permissions: ['privative.acquiredOrders'],
      resource: 'privative-orders/acquired-orders',
    });
    await waitFor(async () => expect(await shownActions()).toEqual(['Download codes (CSV)', 'Download codes (PDF)', 'Mark as received']));
    expect(screen.getByRole('link', { name: 'Open tracking page' })).toHaveAttribute('href', 'https://track.example/123');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mark as received' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Mark order ORD-000123 as received?' })).getByRole('button', { name: 'Mark as received' }));
    expect(await screen.findByText('Order marked as received')).toBeInTheDocument();
    expect(delivered).toHaveLength(1);
  });
});
