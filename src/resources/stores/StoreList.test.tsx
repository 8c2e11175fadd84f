import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import StoreList from './StoreList';

const STORES = '/api/company/company-1/stores';
const stores: Array<Record<string, unknown>> = [
  { id: 's-1', companyId: 'company-1', code: 'NEG-1', name: 'Negozio Centro', storeCategoryId: 'RETAIL', defaultActivationStore: true, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
  { id: 's-2', companyId: 'company-1', code: 'NEG-2', name: 'Outlet Nord', storeCategoryId: 'OUTLET', defaultActivationStore: false, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
];
const list = (rows = stores, total = rows.length) => HttpResponse.json(rows, { headers: { 'Content-Range': `stores 0-${rows.length - 1}/${total}`, 'Access-Control-Expose-Headers': 'Content-Range' } });
const render = () => renderScreen(<StoreList />, { path: '/privative/stores/list', route: '/privative/stores/list', permissions: ['privative.stores'], resource: 'privative/stores' });

/** A phone: MUI's useMediaQuery(theme.breakpoints.down('sm')) matches. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
}

describe('StoreList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says how many stores there are, and each store's name is a link to its page that Tab and Enter open", async () => {
    server.use(http.get(STORES, () => list(stores, 2)));
    await render();
    expect(await screen.findByText('2 stores')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Negozio Centro' });
    expect(link).toHaveAttribute('href', '/privative/stores/s-1');
    const user = userEvent.setup();
    link.focus();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/privative\/stores\/s-1$/));
  });

  it('a failed load shows an error with its catalogue text and Retry, not the empty state nor the server text; Retry loads the list', async () => {
    let calls = 0;
    server.use(
      http.get(STORES, () => {
        calls += 1;
        if (calls === 1) return new HttpResponse('pg: relation "stores" does not exist at line 42', { status: 500 });
        return list();
      }),
    );
    await render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded');
    // the catalogue text of the failure, not the server's own
    expect(alert).toHaveTextContent('Server error. Please try again later.');
    expect(screen.queryByText('No stores yet.')).not.toBeInTheDocument();
    expect(screen.queryByText(/relation "stores"/)).not.toBeInTheDocument();
    // no toast on top of the error state
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText(/Server error|Server communication error/).every((node) => alert.contains(node))).toBe(true);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Outlet Nord' })).toBeInTheDocument();
    expect(screen.queryByText('The list could not be loaded')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('on a phone: compact rows that link to the store (no table), filters folded behind "Filters" with the ones in force as chips', async () => {
    asPhone();
    const filters: unknown[] = [];
    server.use(
      http.get(STORES, ({ request }) => {
        filters.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}'));
        return list([stores[0], { ...stores[1], storeCategoryId: null }]);
      }),
    );
    await render();
    const rows = await screen.findByTestId('compact-list');
    // an empty field is left out of the second line, with its separator
    expect(within(rows).getByRole('link', { name: /Outlet Nord/ })).not.toHaveTextContent('·');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const row = within(rows).getByRole('link', { name: /Negozio Centro/ });
    expect(row).toHaveAttribute('href', '/privative/stores/s-1');
    expect(row).toHaveTextContent('NEG-1 · RETAIL');

    const user = userEvent.setup();
    expect(screen.queryByLabelText('Store category')).not.toBeVisible();
    const toggle = screen.getByRole('button', { name: /Filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    await user.type(screen.getByLabelText('Store category'), 'OUTLET');
    await waitFor(() => expect(filters.at(-1)).toEqual({ storeCategoryId: 'OUTLET' }));
    await user.click(toggle);
    const chip = await screen.findByRole('button', { name: 'Store category: OUTLET' });
    await user.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(filters.at(-1)).toEqual({}));
  });
});
