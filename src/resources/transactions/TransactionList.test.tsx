import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../domain/giftcards';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen, type RenderScreenOptions } from '../../test/renderScreen';
import { giftCard, transaction } from '../giftcards/testData.test-helper';
import TransactionList from './TransactionList';

/** a user with the transactions permission who also manages cards (the code links to the card) */
const CASHIER: RenderScreenOptions = { resource: 'privative/transactions', permissions: ['privative.transactions', 'privative.management.read'] };

const TRANSACTIONS = '/api/company/company-1/giftcard/transactions';

const consume = transaction({ id: 'tx-consume', amountCents: -3000, returnedCents: 1000, storeCode: 'NEG-001' });
const freeze = transaction({ id: 'tx-freeze', type: 'FREEZE', listType: 'freeze', amountCents: 0, frozenDeltaCents: 1500, returnedCents: 0, cardCode: 'FROZEN0000000001' });
const cancelledRecharge = transaction({ id: 'tx-cancelled', type: 'RECHARGE', listType: 'recharge', amountCents: 2000, returnedCents: 0, cancelledByTransactionId: 'tx-x', cardCode: 'RECHARGED0000001' });
const releasedFreeze = transaction({ id: 'tx-released', type: 'FREEZE', listType: 'freeze', amountCents: 0, frozenDeltaCents: 500, returnedCents: 0, releasedAt: '2026-02-02T10:00:00.000Z', cardCode: 'RELEASED00000001' });
// a recharge the API says cannot be cancelled now (the card's available balance would go below zero)
const uncoveredRecharge = transaction({ id: 'tx-uncovered', type: 'RECHARGE', listType: 'recharge', amountCents: 2000, returnedCents: 0, cardCode: 'UNCOVERED0000001', actions: { unfreeze: false, return: false, cancel: false } });
const failedConsume = transaction({ id: 'tx-error', result: 'ERROR', amountCents: 0, returnedCents: 0, errorCode: 'INSUFFICIENT_BALANCE', cardCode: 'FAILED0000000001' });

function serve(rows: Transaction[] = [consume, freeze, releasedFreeze, cancelledRecharge, uncoveredRecharge, failedConsume]) {
  const filters: unknown[] = [];
  server.use(
    http.get('/api/company/company-1/stores', () => HttpResponse.json([], { headers: { 'Content-Range': 'stores 0-0/0' } })),
    http.get('/api/company/company-1/giftcard/cards', () => HttpResponse.json([], { headers: { 'Content-Range': 'cards 0-0/0' } })),
    http.get(TRANSACTIONS, ({ request }) => {
      filters.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? 'null'));
      return HttpResponse.json(rows, { headers: { 'Content-Range': `transactions 0-${rows.length - 1}/${rows.length}` } });
    }),
  );
  return filters;
}

const rowOf = (code: string) => screen.getByRole('link', { name: code }).closest('tr')!;

/** The row's action menu, opened: the names of what it offers (none: no menu button at all). */
async function offered(code: string): Promise<string[]> {
  const button = within(rowOf(code)).queryByRole('button', { name: /^Actions: / });
  if (!button) return [];
  const user = userEvent.setup();
  await user.click(button);
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return items;
}

async function choose(code: string, action: string) {
  const user = userEvent.setup();
  await user.click(within(rowOf(code)).getByRole('button', { name: /^Actions: / }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('TransactionList', () => {
  it('sends type and local-day date range as the API filter', async () => {
    const filters = serve();
    await renderScreen(<TransactionList />, CASHIER);
    await screen.findAllByRole('link', { name: 'ABCD2345EFGH6789' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Redemption return' }));
    await user.type(screen.getByRole('textbox', { name: 'From' }), '01/02/2026');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '28/02/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(filters).toHaveLength(2));
    expect(filters[1]).toEqual({ type: 'returnConsume', dateFrom: dayjs('2026-02-01').toISOString(), dateTo: dayjs('2026-02-28').endOf('day').toISOString() });
  });

  it('refuses a date range that ends before it starts', async () => {
    const filters = serve();
    await renderScreen(<TransactionList />, CASHIER);
    await screen.findAllByRole('link', { name: 'ABCD2345EFGH6789' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'From' }), '01/03/2026');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '01/02/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('“To” cannot be before “From”')).toBeInTheDocument();
    expect(filters).toHaveLength(1);
  });

  it('offers each action only where it applies', async () => {
    serve();
    await renderScreen(<TransactionList />, CASHIER);
    await screen.findAllByRole('link', { name: 'ABCD2345EFGH6789' });
    expect(within(rowOf('ABCD2345EFGH6789')).getByRole('button', { name: 'Actions: Redemption on card ABCD2345EFGH6789' })).toHaveAttribute('aria-haspopup', 'menu');
    expect(await offered('ABCD2345EFGH6789')).toEqual(['Return', 'Cancel']);
    expect(await offered('FROZEN0000000001')).toEqual(['Unfreeze']);
    // a hold already released (by its unfreeze or a deactivation) cannot be released again
    expect(await offered('RELEASED00000001')).toEqual([]);
    expect(await offered('RECHARGED0000001')).toEqual([]);
    // what the API says would not succeed now is not offered either
    expect(await offered('UNCOVERED0000001')).toEqual([]);
    expect(await offered('FAILED0000000001')).toEqual([]);
    // the actions are the row's first cell: on screen whatever the table's width
    expect(rowOf('ABCD2345EFGH6789').querySelector('td')!.querySelector('button')).not.toBeNull();
    expect(within(rowOf('RECHARGED0000001')).getByText('Cancelled')).toHaveAttribute('data-tone', 'red');
    expect(within(rowOf('FAILED0000000001')).getByText('Error')).toHaveAttribute('data-tone', 'red');
  });

  it('shows the card code without a link to a user who may not open cards', async () => {
    serve();
    await renderScreen(<TransactionList />, { resource: 'privative/transactions', permissions: ['privative.transactions'] });
    const code = (await screen.findAllByText('FROZEN0000000001'))[0];
    // the row actions stay: they need the transactions permission only
    expect(await within(code.closest('tr')!).findByRole('button', { name: 'Actions: Freeze on card FROZEN0000000001' })).toBeInTheDocument();
    expect(code.closest('a')).toBeNull();
    expect(screen.queryByRole('link', { name: 'ABCD2345EFGH6789' })).not.toBeInTheDocument();
  });

  it('shows a failed load as an error with Retry, not as the empty list', async () => {
    let calls = 0;
    server.use(
      http.get('/api/company/company-1/stores', () => HttpResponse.json([], { headers: { 'Content-Range': 'stores 0-0/0' } })),
      http.get(TRANSACTIONS, () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json(problem(500, 'INTERNAL_ERROR', TRANSACTIONS), { status: 500 });
        return HttpResponse.json([consume], { headers: { 'Content-Range': 'transactions 0-0/1' } });
      }),
    );
    await renderScreen(<TransactionList />, CASHIER);
    const alert = await screen.findByTestId('list-load-error');
    expect(screen.queryByText('No transaction matches the filters.')).not.toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'ABCD2345EFGH6789' })).toBeInTheDocument();
  });

  it('on a phone: compact rows with the actions menu and the card link, filters folded', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false })) as typeof window.matchMedia;
    try {
      serve();
      await renderScreen(<TransactionList />, CASHIER);
      const link = await screen.findByRole('link', { name: 'ABCD2345EFGH6789' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(link.closest('li')!).getByRole('button', { name: /^Actions: Redemption/ })).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: 'Type' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Filters/ })).toHaveAttribute('aria-expanded', 'false');
    } finally {
      window.matchMedia = original;
    }
  });

  it('links the card code to the card page', async () => {
    serve();
    await renderScreen(<TransactionList />, CASHIER);
    expect((await screen.findAllByRole('link', { name: 'ABCD2345EFGH6789' }))[0]).toHaveAttribute('href', '/privative/giftcards/6f1c1d0e-0000-4000-8000-000000000001');
  });

  it('returns part of a consume: at most what is left, return number and store code required', async () => {
    serve();
    const returns: { body: unknown; key: string | null }[] = [];
    server.use(
      http.post(`${TRANSACTIONS}/tx-consume/return`, async ({ request }) => {
        returns.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json({ card: {}, transaction: {} });
      }),
    );
    await renderScreen(<TransactionList />, CASHIER);
    await screen.findAllByRole('link', { name: 'ABCD2345EFGH6789' });
    const user = userEvent.setup();
    await choose('ABCD2345EFGH6789', 'Return');
    const dialog = await screen.findByRole('dialog', { name: 'Redemption return' });
    expect(within(dialog).getByText('At most €20.00')).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: /Amount to return/ });
    const returnNumber = within(dialog).getByRole('textbox', { name: /Return number/ });
    const storeCode = within(dialog).getByRole('textbox', { name: /Store code/ });
    const submit = within(dialog).getByRole('button', { name: 'Return' });
    expect(storeCode).toHaveValue('NEG-001');

    await user.type(amount, '20.01');
    expect(await within(dialog).findByText('The amount is more than what is left of the redemption')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    expect(await within(dialog).findByText('Enter an amount greater than zero, with no fraction of a cent')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.click(returnNumber);
    await user.tab();
    expect(await within(dialog).findByText('The field is required and cannot be empty')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(returnNumber, 'R-77');
    await user.clear(storeCode);
    await user.tab();
    await waitFor(() => expect(submit).toBeDisabled());
    await user.type(storeCode, 'NEG-002');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText('Return registered')).toBeInTheDocument();
    expect(returns).toHaveLength(1);
    expect(returns[0].body).toEqual({ amountCents: 1250, returnNumber: 'R-77', storeCode: 'NEG-002' });
    expect(returns[0].key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('cancels after a confirmation and shows the catalogue text when the server refuses', async () => {
    serve();
    server.use(http.post(`${TRANSACTIONS}/tx-consume/cancel`, () => HttpResponse.json(problem(409, 'ALREADY_CANCELLED', `${TRANSACTIONS}/tx-consume/cancel`), { status: 409 })));
    await renderScreen(<TransactionList />, CASHIER);
    await screen.findAllByRole('link', { name: 'ABCD2345EFGH6789' });
    const user = userEvent.setup();
    await choose('ABCD2345EFGH6789', 'Cancel');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel transaction' });
    expect(within(dialog).getByText('Cancel the “Redemption” transaction of €30.00 on card ABCD2345EFGH6789? Its effect on the balance is reversed.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel transaction' }));
    expect(await screen.findByText('The transaction has already been cancelled.')).toBeInTheDocument();
  });

  it('unfreezes a freeze after a confirmation', async () => {
    serve();
    let unfrozen = 0;
    server.use(
      http.post(`${TRANSACTIONS}/tx-freeze/unfreeze`, () => {
        unfrozen += 1;
        return HttpResponse.json({ card: {}, transaction: {} });
      }),
    );
    await renderScreen(<TransactionList />, CASHIER);
    await screen.findAllByRole('link', { name: 'ABCD2345EFGH6789' });
    const user = userEvent.setup();
    await choose('FROZEN0000000001', 'Unfreeze');
    const dialog = await screen.findByRole('dialog', { name: 'Unfreeze amount' });
    expect(within(dialog).getByText('Unfreeze the amount of €15.00 frozen on card FROZEN0000000001?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unfreeze' }));
    expect(await screen.findByText('Amount unfrozen')).toBeInTheDocument();
    expect(unfrozen).toBe(1);
  });

  it('opens filtered on one card (the link from the card detail) and shows that card by its code', async () => {
    const filters = serve([consume]);
    server.use(http.get('/api/company/company-1/giftcard/cards/card-9', () => HttpResponse.json(giftCard({ id: 'card-9', code: 'CARD9CODE0000009' }))));
    await renderScreen(<TransactionList />, { ...CASHIER, path: `/?filter=${encodeURIComponent('{"cardId":"card-9"}')}` });
    await screen.findAllByRole('link', { name: 'ABCD2345EFGH6789' });
    expect(filters[0]).toEqual({ cardId: 'card-9' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Card code' })).toHaveValue('CARD9CODE0000009'));
  });
});
