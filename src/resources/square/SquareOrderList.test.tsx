import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { listOf, ORDER_ID, SQUARE, squareOrder } from './squareData.test-helper';
import SquareOrderList from './SquareOrderList';

const render = () => renderScreen(<SquareOrderList />, { path: '/square/orders', route: '/square/orders', permissions: ['square.orders'], resource: 'square/orders' });

describe('SquareOrderList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the orders newest first with their state; the order number is a link Tab and Enter open; "New order" leads to the create page', async () => {
    const queries: URLSearchParams[] = [];
    server.use(http.get(`${SQUARE}/orders`, ({ request }) => (queries.push(new URL(request.url).searchParams), listOf([squareOrder({ status: 'WAITING_FOR_APPROVAL' })], 'orders'))));
    await render();
    const link = await screen.findByRole('link', { name: 'SQ-000042' });
    expect(link).toHaveAttribute('href', `/square/orders/${ORDER_ID}`);
    expect(screen.getByText('1 order')).toBeInTheDocument();
    expect(within(link.closest('tr')!).getByText('Waiting for approval')).toBeInTheDocument();
    expect(JSON.parse(queries[0].get('sort')!)).toEqual(['createdAt', 'DESC']);
    expect(await screen.findByRole('link', { name: 'New order' })).toHaveAttribute('href', '/square/orders/create');
    const user = userEvent.setup();
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/square/orders/${ORDER_ID}`));
  });

  it('on a phone: compact rows that link to the order, no table', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
    server.use(http.get(`${SQUARE}/orders`, () => listOf([squareOrder()], 'orders')));
    await render();
    const rows = await screen.findByTestId('compact-list');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(rows).getByRole('link', { name: /SQ-000042/ })).toHaveAttribute('href', `/square/orders/${ORDER_ID}`);
  });
});
