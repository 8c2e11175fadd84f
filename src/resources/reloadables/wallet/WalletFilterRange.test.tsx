import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { userConfiguration } from '../../../test/builders';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { API, movement, page, wallet } from '../shared/testData.test-helper';
import WalletPage from './WalletPage';

/** SPEC §5 "Date range" (issue 14): a start after the end is refused on the field, before asking the API; the list stays. Amounts are a range too. */
/** The wallet page with one movement listed; the movement list's queries, as sent. */
async function openWallet() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration(['reloadable.wallet']))),
    http.get(`${API}/wallet`, () => HttpResponse.json(wallet())),
    http.get(`${API}/wallet/movements`, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return page([movement()], 1);
    }),
  );
  await renderScreen(<WalletPage />, { path: '/reloadables/wallet', permissions: ['reloadable.wallet'], resource: 'reloadables/wallet' });
  expect(await screen.findByText('+€5,000.00')).toBeInTheDocument();
  return queries;
}

describe('wallet movements: date and amount ranges', () => {
  it('says so on the "to" field, asks nothing and keeps the listed movements', async () => {
    const queries = await openWallet();
    const asked = queries.length;
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Movement filters' });
    await user.type(within(form).getByRole('textbox', { name: 'From' }), '30/11/2026');
    await user.type(within(form).getByRole('textbox', { name: 'To' }), '01/11/2026');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    const to = within(form).getByRole('textbox', { name: 'To' });
    expect(await within(form).findByText('“To” cannot be before “From”')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(queries).toHaveLength(asked);
    expect(screen.getByText('+€5,000.00')).toBeInTheDocument();
    expect(screen.queryByText(/No movements/i)).not.toBeInTheDocument();
  });

  it('sends an amount range typed in euros (in the user\'s language) as cents, and refuses a reversed one on "to"', async () => {
    const queries = await openWallet();
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Movement filters' });
    const [from, to] = [within(form).getByRole('textbox', { name: 'Amount from (€)' }), within(form).getByRole('textbox', { name: 'Amount to (€)' })];
    await user.type(from, '2,000');
    await user.type(to, '12.50');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByText('The initial value cannot be greater than the final one')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    const asked = queries.length;
    await user.clear(from);
    await user.type(from, '12.50');
    await user.clear(to);
    await user.type(to, '1,500');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(asked));
    expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ amountFrom: 1250, amountTo: 150_000 });
  });
});
