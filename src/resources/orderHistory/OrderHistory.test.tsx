import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { order } from '../orders/testData.test-helper';
import { integratedOrder, INTEGRATED_ID } from './historyData.test-helper';
import OrderHistory from './OrderHistory';

const BULK = '/api/company/company-1/giftcard/orders';
const INTEGRATED = '/api/company/company-1/giftcard/integrated-orders';
const TYPOLOGY = { id: '5a000000-0000-4000-8000-000000000001', companyId: null, name: 'Digital Gift Card', type: 'DIGITAL', valueCents: null, variableValue: true, sku: 'GC-DIG', expirationType: 'MONTHS_FROM_FIRST_USE', expirationMonths: 12, expirationDate: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const SECOND_ID = '1c000000-0000-4000-8000-000000000002';

/** Both APIs: the bulk one counts; the integrated one is keyset (`*`, Next-Cursor) with a second page when `more`. */
function serve({ more = false } = {}) {
  const bulk: URLSearchParams[] = [];
  const integrated: URLSearchParams[] = [];
  server.use(
    http.get(BULK, ({ request }) => {
      bulk.push(new URL(request.url).searchParams);
      return HttpResponse.json([order()], { headers: { 'Content-Range': 'orders 0-0/1' } });
    }),
    http.get(INTEGRATED, ({ request }) => {
      const query = new URL(request.url).searchParams;
      integrated.push(query);
      if (query.get('cursor') === 'after-1001') return HttpResponse.json([integratedOrder({ id: SECOND_ID, orderNumber: 'WEB-1000', state: 'processing' })], { headers: { 'Content-Range': 'integrated-orders 1-1/2' } });
      return HttpResponse.json([integratedOrder()], { headers: { 'Content-Range': more ? 'integrated-orders 0-0/*' : 'integrated-orders 0-0/1', ...(more ? { 'Next-Cursor': 'after-1001' } : {}) } });
    }),
    http.get('/api/company/company-1/giftcard/typologies', () => HttpResponse.json([TYPOLOGY], { headers: { 'Content-Range': 'typologies 0-0/1' } })),
  );
  return { bulk, integrated };
}

const render = (path = '/privative-orders/history') => renderScreen(<OrderHistory />, { path, route: '/privative-orders/history', permissions: ['privative.orders'], resource: 'privative-orders/history' });

describe('OrderHistory', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the bulk tab (B2B orders linking to their page); the integrated tab is in the URL and its rows open the integrated order', async () => {
    serve();
    await render();
    expect(screen.getByRole('heading', { level: 1, name: 'Order history' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Bulk orders' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'ORD-000123' })).toHaveAttribute('href', `/privative-orders/orders/${order().id}`);
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Bulk orders');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Integrated orders' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/privative-orders/history?tab=integrated'));
    const link = await screen.findByRole('link', { name: 'WEB-1001' });
    expect(link).toHaveAttribute('href', `/privative-orders/integrated-orders/${INTEGRATED_ID}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Delivered')).toHaveAttribute('data-tone', 'green');
    expect(row).toHaveTextContent('buyer@shop.test');
    expect(row).toHaveTextContent('€125.00');
    expect(row).toHaveTextContent('Web shop');
    expect(screen.getByText('1 order')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ORD-000123' })).not.toBeInTheDocument();
  });

  it('a reload at ?tab=integrated stays on the integrated tab; the tabs are reached and switched with the keyboard', async () => {
    serve();
    await render('/privative-orders/history?tab=integrated');
    expect(screen.getByRole('tab', { name: 'Integrated orders' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'WEB-1001' })).toBeInTheDocument();
    const user = userEvent.setup();
    screen.getByRole('tab', { name: 'Integrated orders' }).focus();
    await user.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Bulk orders' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByRole('link', { name: 'ORD-000123' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/\/privative-orders\/history$/);
  });

  it('keeps each tab’s filters apart: a number searched in bulk is not sent to the integrated list, and is still there back on bulk', async () => {
    const { bulk, integrated } = serve();
    await render();
    await screen.findByRole('link', { name: 'ORD-000123' });
    const user = userEvent.setup();
    const bulkForm = screen.getByRole('form', { name: 'Order filters' });
    await user.type(within(bulkForm).getByRole('textbox', { name: 'Order number' }), 'ORD-0001');
    await user.click(within(bulkForm).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(JSON.parse(bulk.at(-1)!.get('filter')!)).toEqual({ number: 'ORD-0001' }));

    await user.click(screen.getByRole('tab', { name: 'Integrated orders' }));
    await screen.findByRole('link', { name: 'WEB-1001' });
    expect(JSON.parse(integrated.at(-1)!.get('filter')!)).toEqual({});
    expect(within(screen.getByRole('form', { name: 'Integrated order filters' })).getByRole('textbox', { name: 'Order number' })).toHaveValue('');

    const requests = bulk.length;
    await user.click(screen.getByRole('tab', { name: 'Bulk orders' }));
    await screen.findByRole('link', { name: 'ORD-000123' });
    expect(within(screen.getByRole('form', { name: 'Order filters' })).getByRole('textbox', { name: 'Order number' })).toHaveValue('ORD-0001');
    await waitFor(() => expect(bulk.length).toBeGreaterThan(requests));
    expect(JSON.parse(bulk.at(-1)!.get('filter')!)).toEqual({ number: 'ORD-0001' });
  });

  it('sends the integrated filters as the API filter: number, local days as instants, SPEC §4 state, product', async () => {
    const { integrated } = serve();
    await render('/privative-orders/history?tab=integrated');
    await screen.findByRole('link', { name: 'WEB-1001' });
    expect(integrated[0].get('sort')).toBe('["orderedAt","DESC"]');
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Integrated order filters' });
    await user.type(within(form).getByRole('textbox', { name: 'Order number' }), 'WEB-10');
    await user.type(within(form).getByRole('textbox', { name: 'Ordered from' }), '01/11/2026');
    await user.type(within(form).getByRole('textbox', { name: 'Ordered to' }), '30/11/2026');
    await user.click(within(form).getByRole('combobox', { name: 'Order state' }));
    await user.click(await screen.findByRole('option', { name: 'Partly delivered' }));
    await user.click(within(form).getByRole('combobox', { name: 'Product' }));
    await user.click(await screen.findByRole('option', { name: 'Digital Gift Card' }));
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(integrated.length).toBeGreaterThan(1));
    expect(JSON.parse(integrated.at(-1)!.get('filter')!)).toEqual({
      number: 'WEB-10',
      dateFrom: new Date(2026, 10, 1).toISOString(),
      dateTo: new Date(2026, 10, 30, 23, 59, 59, 999).toISOString(),
      state: 'delivery_partial',
      typologyId: TYPOLOGY.id,
    });
  });

  it('load more asks the next page after the cursor and appends it below the first', async () => {
    const { integrated } = serve({ more: true });
    await render('/privative-orders/history?tab=integrated');
    await screen.findByRole('link', { name: 'WEB-1001' });
    expect(screen.getByText('1 order shown, more to load')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more orders' }));
    expect(await screen.findByRole('link', { name: 'WEB-1000' })).toHaveAttribute('href', `/privative-orders/integrated-orders/${SECOND_ID}`);
    expect(integrated.at(-1)!.get('cursor')).toBe('after-1001');
    const links = screen.getAllByRole('link', { name: /^WEB-/ }).map((link) => link.textContent);
    expect(links).toEqual(['WEB-1001', 'WEB-1000']);
    expect(screen.getByText('Processing')).toBeInTheDocument();
  });

  it.each([
    ['integrated', INTEGRATED, '/privative-orders/history?tab=integrated', 'WEB-1001'],
    ['bulk', BULK, '/privative-orders/history', 'ORD-000123'],
  ])('the %s tab’s CSV button downloads its filtered list through the authenticated client, in the UI language and zone', async (_tab, api, path, first) => {
    serve();
    const exports: URLSearchParams[] = [];
    const auth: (string | null)[] = [];
    server.use(
      http.get(`${api}/export`, ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        auth.push(request.headers.get('Authorization'));
        return new HttpResponse('\uFEFFOrder number\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const created: string[] = [];
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => (created.push('blob'), 'blob:orders'), revokeObjectURL: () => undefined }));
    await render(path);
    await screen.findByRole('link', { name: first });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download list' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(exports).toHaveLength(1);
    expect(exports[0].get('filter')).toBe('{}');
    expect(exports[0].get('lang')).toBe('en');
    expect(exports[0].get('tz')).toBeTruthy();
    expect(auth[0]).toBe('Bearer access-1');
  });

  it('on a phone: the integrated tab has compact rows (number as link, state chip, total, buyer) and its filters behind a button, no table', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
    serve();
    await render('/privative-orders/history?tab=integrated');
    expect(await screen.findByRole('link', { name: /WEB-1001/ })).toHaveAttribute('href', `/privative-orders/integrated-orders/${INTEGRATED_ID}`);
    const row = screen.getByRole('link', { name: /WEB-1001/ });
    expect(within(row).getByText('Delivered')).toHaveAttribute('data-tone', 'green');
    expect(row).toHaveTextContent('€125.00');
    expect(row).toHaveTextContent('buyer@shop.test');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Integrated order filters' })).not.toBeInTheDocument();
  });
});
