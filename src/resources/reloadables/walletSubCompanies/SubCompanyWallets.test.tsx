import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PermissionKey } from '../../../../domain/permissions';
import { problem } from '../../../test/builders';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { API, movement, page, SUB_ID, wallet } from '../shared/testData.test-helper';
import SubCompanyWalletList from './SubCompanyWalletList';
import SubCompanyWalletShow from './SubCompanyWalletShow';

const PARENT: PermissionKey[] = ['reloadable.wallet', 'reloadable.isParentCompany'];
const SUB = `${API}/wallet/sub-companies/${SUB_ID}`;
const sub = wallet({ companyId: SUB_ID, companyName: 'Acme Nord S.r.l.', companyCode: 'ACME-N', balanceCents: 80_000, reservedCents: 0, availableCents: 80_000, parentCompanyId: 'company-1' });

function serveSub() {
  const movementQueries: URL[] = [];
  server.use(
    http.get(SUB, () => HttpResponse.json(sub)),
    http.get(`${SUB}/movements`, ({ request }) => {
      movementQueries.push(new URL(request.url));
      return page([movement({ companyId: SUB_ID, reason: 'TRANSFER_IN', amountCents: 80_000, balanceAfterCents: 80_000, counterpartCompanyName: 'Acme S.p.A.' })]);
    }),
  );
  return movementQueries;
}

const renderShow = () => renderScreen(<SubCompanyWalletShow />, { path: `/reloadables/walletSubCompanies/${SUB_ID}`, route: '/reloadables/walletSubCompanies/:id', permissions: PARENT, resource: 'reloadables/walletSubCompanies' });

describe('Sub-company wallets', () => {
  it('lists each sub-company wallet with its figures and a keyboard link to its page', async () => {
    server.use(http.get(`${API}/wallet/sub-companies`, () => page([{ ...sub, id: SUB_ID }])));
    await renderScreen(<SubCompanyWalletList />, { path: '/reloadables/walletSubCompanies', permissions: PARENT, resource: 'reloadables/walletSubCompanies' });
    const link = await screen.findByRole('link', { name: 'Acme Nord S.r.l.' });
    expect(link).toHaveAttribute('href', `/reloadables/walletSubCompanies/${SUB_ID}`);
    expect(screen.getAllByText('€800.00')).toHaveLength(2);
    expect(screen.getByText('1 sub-company')).toBeInTheDocument();
  });

  it("shows the sub-company's wallet and its own movements (the sub-company's path)", async () => {
    const queries = serveSub();
    await renderShow();
    expect(await screen.findByRole('heading', { name: 'Wallet of Acme Nord S.r.l.' })).toBeInTheDocument();
    expect(await screen.findByText('Transfer in')).toBeInTheDocument();
    expect(queries[0].pathname).toBe(`${SUB}/movements`);
    expect(queries[0].searchParams.get('filter')).toBe('{}');
  });

  it('transfer: enabled only when changed and valid; a refusal for lack of plafond says the shortfall and nothing else changes', async () => {
    serveSub();
    const bodies: unknown[] = [];
    server.use(
      http.post(`${SUB}/transfer`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...problem(409, 'WALLET_INSUFFICIENT', `${SUB}/transfer`), params: { shortfallCents: 12_550 } }, { status: 409 });
      }),
    );
    await renderShow();
    const form = await screen.findByRole('region', { name: 'Transfer funds' });
    const submit = within(form).getByRole('button', { name: 'Transfer' });
    expect(submit).toBeDisabled();
    const user = userEvent.setup();
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    // English reads "12,345" as 12,345 euros; "12.345" has three decimals
    await user.type(amount, '12.345');
    expect(await within(form).findByText('Too many decimals: an amount goes down to the cent at most, for example 25.50')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '10125.50');
    await user.click(within(form).getByRole('radio', { name: 'Back from Acme Nord S.r.l. to the parent company' }));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('The available funds do not cover this: €125.50 missing. Nothing was moved.');
    expect(bodies).toEqual([{ amountCents: 1_012_550, direction: 'FROM_SUB' }]);
  });

  it('a transfer done says so, sends the note, and reads both wallets again', async () => {
    serveSub();
    let reads = 0;
    const keys: (string | null)[] = [];
    server.use(
      http.get(SUB, () => HttpResponse.json(reads++ > 0 ? { ...sub, balanceCents: 130_000, availableCents: 130_000 } : sub)),
      http.post(`${SUB}/transfer`, async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        expect(await request.json()).toEqual({ amountCents: 50_000, direction: 'TO_SUB', note: 'November budget' });
        return HttpResponse.json({ parent: wallet(), sub: { ...sub, balanceCents: 130_000 } });
      }),
    );
    await renderShow();
    const form = await screen.findByRole('region', { name: 'Transfer funds' });
    const user = userEvent.setup();
    await user.type(within(form).getByRole('textbox', { name: /Amount/ }), '500');
    await user.type(within(form).getByRole('textbox', { name: /Note/ }), 'November budget');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Transfer done')).toBeInTheDocument();
    expect(keys[0]).toBeTruthy();
    expect(await screen.findAllByText('€1,300.00')).not.toHaveLength(0);
  });

  it('without the transfer right there is no form', async () => {
    serveSub();
    await renderScreen(<SubCompanyWalletShow />, { path: `/reloadables/walletSubCompanies/${SUB_ID}`, route: '/reloadables/walletSubCompanies/:id', permissions: ['reloadable.wallet'], resource: 'reloadables/walletSubCompanies' });
    await screen.findByRole('heading', { name: 'Wallet of Acme Nord S.r.l.' });
    expect(screen.queryByRole('region', { name: 'Transfer funds' })).not.toBeInTheDocument();
  });
});
