import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionKey } from '../../../domain/permissions';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { CARD_ID, INTEGRATED_ID, integratedOrder } from './historyData.test-helper';
import IntegratedOrderShow from './IntegratedOrderShow';

const API = `/api/company/company-1/giftcard/integrated-orders/${INTEGRATED_ID}`;

function serve(body = integratedOrder()) {
  server.use(http.get(API, () => HttpResponse.json(body)));
}

const render = (permissions: PermissionKey[] = ['privative.orders', 'privative.management.read']) =>
  renderScreen(<IntegratedOrderShow />, { path: `/privative-orders/integrated-orders/${INTEGRATED_ID}`, route: '/privative-orders/integrated-orders/:id', permissions, resource: 'privative-orders/integrated-orders' });

/** "HH:mm" of an instant in this machine's zone, as the user sees it. */
const localHour = (iso: string) => {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

describe('IntegratedOrderShow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the order (number, date and hour in the user’s zone, state chip, buyer, total, API key) and its items with SPEC §3 fields and PIN status chips', async () => {
    serve();
    await render();
    expect(screen.getByRole('heading', { level: 1, name: 'Integrated order' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'WEB-1001' })).toBeInTheDocument();
    expect(within(screen.getByTestId('integrated-order-state')).getByText('Delivered')).toHaveAttribute('data-tone', 'green');
    const at = new Date('2026-11-20T16:45:00.000Z');
    expect(screen.getByTestId('integrated-order-date')).toHaveTextContent(`${String(at.getDate()).padStart(2, '0')}/${String(at.getMonth() + 1).padStart(2, '0')}/${at.getFullYear()}`);
    expect(screen.getByTestId('integrated-order-hour')).toHaveTextContent(localHour('2026-11-20T16:45:00.000Z'));
    expect(screen.getByTestId('integrated-order-total')).toHaveTextContent('€125.00');
    expect(screen.getByText('buyer@shop.test')).toBeInTheDocument();
    expect(screen.getByText('Web shop')).toBeInTheDocument();

    const items = await screen.findByRole('table', { name: '3 cards' });
    expect(within(items).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Product', 'External item ID', 'Denomination', 'Serial number', 'Price', 'PIN status', 'Activation e-mail']);
    const rows = within(items).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Digital Gift Card', 'LINE-1', '€50.00', 'GC-0000123', '€45.00', 'Sent', 'anna@shop.test']);
    expect(within(rows[0]).getByText('Sent')).toHaveAttribute('data-tone', 'green');
    expect(within(rows[1]).getByText('Sending failed')).toHaveAttribute('data-tone', 'red');
    expect(within(rows[2]).getByText('To be sent')).toHaveAttribute('data-tone', 'yellow');
    // the serial number opens the card's page; an item with no card yet has none to show
    expect(within(rows[0]).getByRole('link', { name: 'GC-0000123' })).toHaveAttribute('href', `/privative/giftcards/${CARD_ID}`);
    expect(within(rows[2]).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[2]).getAllByRole('cell')[3]).toHaveTextContent('—');
    expect(screen.getByRole('link', { name: 'Back to the order history' })).toHaveAttribute('href', '/privative-orders/history?tab=integrated');
  });

  it('writes serial numbers as text for a user who may not open cards', async () => {
    serve();
    await render(['privative.orders']);
    const items = await screen.findByRole('table', { name: '3 cards' });
    expect(within(items).getByText('GC-0000123')).toBeInTheDocument();
    expect(within(items).queryByRole('link')).not.toBeInTheDocument();
  });

  it.each([
    ['INTEGRATED_ORDER_TYPOLOGY_INVALID', 'The product does not exist or is not a digital gift card this company can sell.'],
    ['A_CODE_THE_SPA_DOES_NOT_KNOW', 'Server error. Please try again later.'],
  ])('says why an order failed (%s) with the catalogue text of its code, never the server’s own', async (errorCode, text) => {
    serve(integratedOrder({ state: 'delivery_error', errorCode }));
    await render();
    expect(await screen.findByText('Delivery error')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('on a phone: one block per item instead of a table', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
    serve();
    await render();
    const list = await screen.findByRole('list', { name: '3 cards' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveTextContent('Sending failed');
    expect(within(items[0]).getByRole('link', { name: 'GC-0000123' })).toBeInTheDocument();
  });

  it('an id that names no visible order says so', async () => {
    server.use(http.get(API, () => HttpResponse.json({ type: 'about:blank', title: 'Not found', status: 404, code: 'NOT_FOUND' }, { status: 404, headers: { 'Content-Type': 'application/problem+json' } })));
    await render();
    expect(await screen.findByText('This order does not exist or is not visible to your company.')).toBeInTheDocument();
  });
});
