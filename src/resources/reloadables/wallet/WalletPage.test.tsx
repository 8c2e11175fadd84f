import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionKey } from '../../../../domain/permissions';
import { servedConfiguration, userConfiguration } from '../../../test/builders';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { API, movement, page, wallet } from '../shared/testData.test-helper';
import WalletPage from './WalletPage';

const MOVEMENTS = `${API}/wallet/movements`;
const rows = [
  movement(),
  movement({ id: 'mv-2', type: 'CARD_RELOAD', reason: 'CARD_RELOAD', amountCents: -5_000, balanceAfterCents: 745_000, cardId: 'card-9', cardNumber: '5350000000000009', runId: 'run-1' }),
  movement({ id: 'mv-3', reason: 'TRANSFER_OUT', amountCents: -20_000, balanceAfterCents: 750_000, counterpartCompanyId: 'company-2', counterpartCompanyName: 'Acme Nord S.r.l.', note: 'Q4 budget' }),
];

function serve({ more = false, provider = false } = {}) {
  const queries: URLSearchParams[] = [];
  const configuration = servedConfiguration(userConfiguration(['reloadable.wallet']), provider);
  server.use(
    http.get('/api/user/configuration', () => HttpResponse.json(configuration)),
    http.get(`${API}/wallet`, () => HttpResponse.json(wallet())),
    http.get(MOVEMENTS, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      // a later page holds other movements
      const later = query.get('range') !== '[0,24]';
      return page(later ? rows.map((row) => ({ ...row, id: `${row.id}-next` })) : rows, more ? '*' : rows.length);
    }),
  );
  return queries;
}

const render = (permissions: PermissionKey[] = ['reloadable.wallet']) => renderScreen(<WalletPage />, { path: '/reloadables/wallet', permissions, resource: 'reloadables/wallet' });

describe('WalletPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sums the wallet up (balance, reserved, available, last reload) and lists the movements newest first with their type, reason and signed amount', async () => {
    const queries = serve();
    await render();
    const summary = await screen.findByTestId('wallet-summary');
    expect(within(summary).getByText('€12,500.00')).toBeInTheDocument();
    expect(within(summary).getByText('€2,500.00')).toBeInTheDocument();
    expect(within(summary).getByText('€10,000.00')).toBeInTheDocument();
    expect(within(summary).getByText(/20\/11\/2026 \d\d:30/)).toBeInTheDocument();
    expect(await screen.findByText('+€5,000.00')).toBeInTheDocument();
    expect(screen.getByText('-€50.00')).toBeInTheDocument();
    expect(screen.getAllByText('Card reload').length).toBeGreaterThan(0);
    // a transfer's type says transfer (the CSV's word too), a funding's says wallet reload
    const transfer = screen.getByText('Transfer out').closest('tr')!;
    expect(within(transfer).getByText('Transfer')).toBeInTheDocument();
    expect(within(transfer).queryByText('Wallet reload')).not.toBeInTheDocument();
    expect(within(transfer).getByText('Note: Q4 budget')).toBeInTheDocument();
    expect(within(screen.getByText('Funding').closest('tr')!).getByText('Wallet reload')).toBeInTheDocument();
    expect(screen.getByText('Acme Nord S.r.l.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '5350000000000009' })).toHaveAttribute('href', '/reloadables/cards/card-9');
    expect(screen.getByRole('link', { name: 'Run' })).toHaveAttribute('href', '/reloadables/reloads-history/run-1');
    expect(screen.getByText('3 movements')).toBeInTheDocument();
    expect(queries[0].get('sort')).toBe('["createdAt","DESC"]');
  });

  it('sends the filters as the API filter: type, reason and local days as instants', async () => {
    const queries = serve();
    await render();
    await screen.findByText('+€5,000.00');
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Movement filters' });
    await user.click(within(form).getByRole('combobox', { name: 'Type' }));
    // the API's type "wallet reload" takes the transfers too: its choice says so
    await user.click(await screen.findByRole('option', { name: 'Wallet reload or transfer' }));
    await user.click(within(form).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Transfer in' }));
    await user.type(within(form).getByRole('textbox', { name: 'From' }), '01/11/2026');
    await user.type(within(form).getByRole('textbox', { name: 'To' }), '30/11/2026');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
    expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({
      type: 'WALLET_RELOAD',
      reason: 'TRANSFER_IN',
      dateFrom: new Date(2026, 10, 1).toISOString(),
      dateTo: new Date(2026, 10, 30, 23, 59, 59, 999).toISOString(),
    });
  });

  it('loads more movements when the API says more exist, asking for the next range', async () => {
    const queries = serve({ more: true });
    await render();
    expect(await screen.findByText('3 movements shown, more to load')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more movements' }));
    await waitFor(() => expect(queries.length).toBe(2));
    expect(queries[1].get('range')).toBe('[25,49]');
  });

  it('downloads the filtered movements as CSV in the UI language and the browser zone, under a dated file name', async () => {
    serve();
    const exports: URLSearchParams[] = [];
    server.use(
      http.get(`${MOVEMENTS}/export`, ({ request }) => {
        exports.push(new URL(request.url).searchParams);
        return new HttpResponse('\uFEFFDate\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined }));
    await render();
    await screen.findByText('+€5,000.00');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^wallet-movements_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(exports[0].get('lang')).toBe('en');
    expect(exports[0].get('tz')).toBeTruthy();
    expect(exports[0].get('filter')).toBe('{}');
    vi.unstubAllGlobals();
  });

  it('offers "fund wallet" to provider staff only', async () => {
    serve({ provider: false });
    await render();
    await screen.findByTestId('wallet-summary');
    await screen.findByText('+€5,000.00');
    // the access check (the table's staff entry) has answered
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Fund wallet' })).not.toBeInTheDocument();
  });

  it('provider staff fund the wallet: euros become cents, one Idempotency-Key, the summary is read again', async () => {
    serve({ provider: true });
    const bodies: unknown[] = [];
    const keys: (string | null)[] = [];
    let reads = 0;
    server.use(
      http.get(`${API}/wallet`, () => HttpResponse.json(wallet(reads++ > 0 ? { balanceCents: 1_400_050, availableCents: 1_150_050 } : {}))),
      http.post(`${API}/wallet/fund`, async ({ request }) => {
        bodies.push(await request.json());
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.json(wallet({ balanceCents: 1_400_050 }));
      }),
    );
    await render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fund wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund the wallet of Acme S.p.A.' });
    const submit = within(dialog).getByRole('button', { name: 'Fund wallet' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '1500,50');
    await user.click(submit);
    expect(await screen.findByText('Wallet funded')).toBeInTheDocument();
    expect(bodies).toEqual([{ amountCents: 150_050 }]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('€11,500.50')).toBeInTheDocument();
  });
});
