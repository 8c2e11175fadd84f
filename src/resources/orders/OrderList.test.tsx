import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionKey } from '../../../domain/permissions';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import AcquiredOrderList from './AcquiredOrderList';
import OrderList from './OrderList';
import { order } from './testData.test-helper';

const ORDERS = '/api/company/company-1/giftcard/orders';
const TYPOLOGY = { id: '5a000000-0000-4000-8000-000000000001', companyId: null, name: 'Digital Gift Card', type: 'DIGITAL', valueCents: null, variableValue: true, sku: 'GC-DIG', expirationType: 'MONTHS_FROM_FIRST_USE', expirationMonths: 12, expirationDate: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const rows = [
  order(),
  order({ id: '0b7d4f1e-0000-4000-8000-000000000002', number: 'ORD-000124', state: 'CANCELLED', activated: false, shippingType: 'PHISICAL_SHIPMENT', physicalCards: 10, digitalCards: 0, totalCents: 50000 }),
  order({ id: '0b7d4f1e-0000-4000-8000-000000000003', number: 'ORD-000125', state: 'PENDING', activated: true }),
];

function serve(more = false) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(ORDERS, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows, { headers: { 'Content-Range': `orders 0-2/${more ? '*' : 3}` } });
    }),
    http.get('/api/company/company-1/giftcard/typologies', () => HttpResponse.json([TYPOLOGY], { headers: { 'Content-Range': 'typologies 0-0/1' } })),
  );
  return queries;
}

const render = (permissions: PermissionKey[] = ['privative.orders']) =>
  renderScreen(<OrderList />, { path: '/privative-orders/orders/list', route: '/privative-orders/orders/list', permissions, resource: 'privative-orders/orders' });

describe('OrderList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists orders newest first with their state badges (SPEC §4 tones), activation, total and a keyboard link to each order', async () => {
    const queries = serve();
    await render();
    const link = await screen.findByRole('link', { name: 'ORD-000123' });
    expect(link).toHaveAttribute('href', `/privative-orders/orders/${rows[0].id}`);
    expect(queries[0].get('sort')).toBe('["createdAt","DESC"]');
    expect(screen.getByText('3 orders')).toBeInTheDocument();
    const issued = screen.getByText('Issued');
    expect(issued).toHaveAttribute('data-tone', 'green');
    expect(screen.getByText('Cancelled')).toHaveAttribute('data-tone', 'grey');
    expect(screen.getByText('In progress')).toHaveAttribute('data-tone', 'yellow');
    // the cancelled order is not "to be activated"
    expect(screen.getAllByText('To be activated')).toHaveLength(1);
    expect(screen.getByText('Cancelled').closest('tr')).toHaveTextContent('Not activated');
    expect(screen.getByText('Activated')).toBeInTheDocument();
    expect(screen.getAllByText('€1,250.00')).toHaveLength(2);
    expect(screen.getByText('Physical, shipped by a third party')).toBeInTheDocument();
    expect(screen.getAllByText('Acme Nord S.r.l.').length).toBe(3);
  });

  it('sends the filters as the API filter: number, local days as instants, state and typology', async () => {
    const queries = serve();
    await render();
    await screen.findByRole('link', { name: 'ORD-000123' });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Order filters' });
    await user.type(within(form).getByRole('textbox', { name: 'Order number' }), 'ORD-0001');
    await user.type(within(form).getByRole('textbox', { name: 'Created from' }), '01/11/2026');
    await user.click(within(form).getByRole('combobox', { name: 'Order state' }));
    await user.click(await screen.findByRole('option', { name: 'Issued' }));
    await user.click(within(form).getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Digital Gift Card' }));
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
    const filter = JSON.parse(queries.at(-1)!.get('filter')!);
    expect(filter).toEqual({ number: 'ORD-0001', dateFrom: new Date(2026, 10, 1).toISOString(), state: 'COMPLETED', typologyId: TYPOLOGY.id });
  });

  it('shows load more when the API says more rows exist (Content-Range */), and counts what is shown', async () => {
    serve(true);
    await render();
    expect(await screen.findByRole('button', { name: 'Load more orders' })).toBeInTheDocument();
    expect(screen.getByText('3 orders shown, more to load')).toBeInTheDocument();
  });

  it('"add order" asks the order type and opens the wizard at create/company/{shippingType}', async () => {
    serve();
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add order' }));
    const dialog = await screen.findByRole('dialog', { name: 'New order' });
    expect(within(dialog).getByRole('radio', { name: 'Digital only' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Physical, shipped by a third party' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/privative-orders/orders/create/company/PHISICAL_SHIPMENT'));
  });

  it('downloads the filtered list as CSV through the authenticated client, in the UI language and zone', async () => {
    serve();
    const exports: URLSearchParams[] = [];
    const auth: (string | null)[] = [];
    server.use(
      http.get(`${ORDERS}/export`, ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        auth.push(request.headers.get('Authorization'));
        return new HttpResponse('\uFEFFOrder number\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const created: string[] = [];
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => (created.push('blob'), 'blob:orders'), revokeObjectURL: () => undefined }));
    await render();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download list' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(exports[0].get('lang')).toBe('en');
    expect(exports[0].get('filter')).toBe('{}');
    expect(exports[0].get('tz')).toBeTruthy();
    expect(auth[0]).toBe('Bearer access-1');
  });

  it('acquired orders: who placed them, no "add order"', async () => {
    server.use(
      http.get('/api/company/company-1/giftcard/acquired-orders', () => HttpResponse.json([order({ placedByCompanyName: 'Tessera' })], { headers: { 'Content-Range': 'acquired-orders 0-0/1' } })),
      http.get('/api/company/company-1/giftcard/typologies', () => HttpResponse.json([], { headers: { 'Content-Range': 'typologies 0-0/0' } })),
    );
    await renderScreen(<AcquiredOrderList />, { path: '/privative-orders/acquired-orders/list', route: '/privative-orders/acquired-orders/list', permissions: ['privative.acquiredOrders'], resource: 'privative-orders/acquired-orders' });
    const link = await screen.findByRole('link', { name: 'ORD-000123' });
    expect(link).toHaveAttribute('href', `/privative-orders/acquired-orders/${rows[0].id}`);
    expect(screen.getByText('Tessera')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Placed by' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add order' })).not.toBeInTheDocument();
  });

  it('on a phone: compact rows with the number as link, filters behind a button, no table', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
    serve();
    await render();
    expect(await screen.findByRole('link', { name: 'ORD-000123' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Order filters' })).not.toBeInTheDocument();
  });
});
