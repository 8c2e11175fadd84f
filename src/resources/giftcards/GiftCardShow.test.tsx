import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import GiftCardShow from './GiftCardShow';
import { renderScreen } from '../../test/renderScreen';
import { giftCard, transaction } from './testData.test-helper';

const CARD_ID = '6f1c1d0e-0000-4000-8000-000000000001';
const CARD = `/api/company/company-1/giftcard/cards/${CARD_ID}`;

function serveCard(card = giftCard()) {
  const ledgerQueries: URLSearchParams[] = [];
  server.use(
    http.get(CARD, () => HttpResponse.json(card)),
    http.get(`${CARD}/transactions`, ({ request }) => {
      ledgerQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json([transaction({ type: 'ACTIVATE', listType: null, amountCents: 0, returnedCents: 0, userName: 'Ada' })], {
        headers: { 'Content-Range': 'transactions 0-0/1' },
      });
    }),
  );
  return ledgerQueries;
}

const renderShow = () => renderScreen(<GiftCardShow />, { path: `/privative/giftcards/${CARD_ID}`, route: '/privative/giftcards/:id', permissions: ['privative.management.read'] });

async function openReload() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Reload' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reload card ABCD2345EFGH6789' });
  return { user, dialog, amount: within(dialog).getByRole('textbox', { name: /Amount/ }), submit: within(dialog).getByRole('button', { name: 'Reload' }) };
}

describe('GiftCardShow', () => {
  it.each([
    ['a card past its expiry date (still ACTIVE in the database)', giftCard({ status: 'ACTIVE', expireDate: '2020-01-01T00:00:00.000Z' }), 'The card has expired.'],
    ['a locked card', giftCard({ status: 'LOCKED' }), 'The card is locked.'],
    ['a card not sold yet', giftCard({ status: 'NOT_ACTIVE' }), 'The card is not active.'],
  ])('offers no Reload on %s, and says why', async (_name, card, reason) => {
    serveCard(card);
    await renderShow();
    const why = await screen.findByTestId('reload-unavailable');
    expect(why).toHaveTextContent(`This card cannot be reloaded: ${reason}`);
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it("shows the card, its balances and its own ledger from the card's transactions endpoint", async () => {
    const ledgerQueries = serveCard();
    await renderShow();
    expect(await screen.findByRole('heading', { name: 'ABCD2345EFGH6789' })).toBeInTheDocument();
    expect(screen.getByTestId('available-balance')).toHaveTextContent('€50.00');
    expect(await screen.findByText('Activation')).toBeInTheDocument();
    expect(screen.getByText('10/01/2026', { exact: false })).toBeInTheDocument();
    // the progressive is the card's number, not a count: not grouped
    expect(screen.getByText('1001')).toBeInTheDocument();
    // the card id is in the path, not in the filter
    expect(ledgerQueries[0].get('filter')).toBe('{}');
    expect(ledgerQueries[0].get('sort')).toBe('["createdAt","DESC"]');
    expect(screen.queryByText('The activation date is after the expiry date.')).not.toBeInTheDocument();
    // without the transactions permission there is no link to the transactions screen
    expect(screen.queryByRole('link', { name: 'Open in transactions' })).not.toBeInTheDocument();
  });

  it('on a phone shows the balances and each ledger amount without a sideways-scrolling table', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false })) as typeof window.matchMedia;
    try {
      serveCard();
      await renderShow();
      expect(await screen.findByTestId('available-balance')).toHaveTextContent('€50.00');
      const ledger = await screen.findByRole('list', { name: 'Transactions' });
      expect(within(ledger).getByText('Activation')).toBeInTheDocument();
      expect(within(ledger).getByText(/Balance after/)).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it('links to the transactions screen filtered on the card for users who may open it', async () => {
    serveCard();
    await renderScreen(<GiftCardShow />, {
      path: `/privative/giftcards/${CARD_ID}`,
      route: '/privative/giftcards/:id',
      permissions: ['privative.management.read', 'privative.transactions'],
    });
    const link = await screen.findByRole('link', { name: 'Open in transactions' });
    expect(link).toHaveAttribute('href', `/privative/transactions/list?filter=${encodeURIComponent(JSON.stringify({ cardId: CARD_ID }))}`);
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/privative/giftcards');
  });

  it('goes back to the list with react-admin\'s notification when the card cannot be read', async () => {
    server.use(http.get(CARD, () => HttpResponse.json(problem(404, 'NOT_FOUND', CARD), { status: 404 })));
    await renderShow();
    expect(await screen.findByText('Element does not exist')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/privative\/giftcards$/));
  });

  it('warns when the activation date is after the expiry date', async () => {
    serveCard(giftCard({ activationDate: '2027-02-01T00:00:00.000Z', expireDate: '2027-01-01T00:00:00.000Z' }));
    await renderShow();
    expect(await screen.findByText('The activation date is after the expiry date.')).toBeInTheDocument();
  });

  it('validates the reload amount: more than zero, at most the maximum (1,000.00 EUR), the language\'s way of writing it', async () => {
    serveCard();
    await renderShow();
    const { user, amount, submit, dialog } = await openReload();
    expect(within(dialog).getByText('Maximum €1,000.00')).toBeInTheDocument();
    for (const [typed, message] of [
      ['0', 'Enter an amount greater than zero, with no fraction of a cent'],
      ['10.123', 'Too many decimals: an amount goes down to the cent at most, for example 25.50'],
      ['-5', 'The amount cannot be negative'],
      ['ten', 'Enter an amount in euros, for example 25 or 25.50'],
      ['1000.01', 'The amount can be at most €1,000.00'],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, typed);
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
      expect(submit).toBeDisabled();
    }
    // thousands separators as English writes them
    await user.clear(amount);
    await user.type(amount, '1,000.00');
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('reads an Italian amount with thousands separators ("1.000,00") as 1,000.00 EUR', async () => {
    await i18n.changeLanguage('it');
    serveCard();
    const calls: unknown[] = [];
    server.use(
      http.post(`${CARD}/reload`, async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ card: giftCard(), transaction: transaction({ type: 'RECHARGE', amountCents: 100000 }) });
      }),
    );
    await renderShow();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ricarica' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Importo/ }), '1.000,00');
    await user.click(within(dialog).getByRole('button', { name: 'Ricarica' }));
    await waitFor(() => expect(calls).toEqual([{ amountCents: 100000 }]));
  });

  it('sends the amount in cents with one Idempotency-Key per submitted amount, also across a retry', async () => {
    serveCard();
    const calls: { key: string | null; body: unknown }[] = [];
    server.use(
      http.post(`${CARD}/reload`, async ({ request }) => {
        calls.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
        // the first answer is lost on the way (server error); the retry succeeds
        if (calls.length === 1) return HttpResponse.json(problem(500, 'INTERNAL_ERROR', `${CARD}/reload`), { status: 500 });
        return HttpResponse.json({ card: giftCard({ balanceCents: 7550, availableBalanceCents: 7550 }), transaction: transaction({ type: 'RECHARGE', amountCents: 2550 }) });
      }),
    );
    await renderShow();
    const { user, amount, submit } = await openReload();
    await user.type(amount, '25,50');
    await user.click(submit);
    expect(await screen.findByText('Unable to recharge, please try again.')).toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByText('Reload done')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(calls.map((call) => call.body)).toEqual([{ amountCents: 2550 }, { amountCents: 2550 }]);
    expect(calls[0].key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(calls[1].key).toBe(calls[0].key);

    // a new reload is a new submission: a new key
    const again = await openReload();
    await again.user.type(again.amount, '25,50');
    await again.user.click(again.submit);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2].key).not.toBe(calls[0].key);
  });

  it('shows the catalogue text of a refused reload', async () => {
    serveCard();
    server.use(http.post(`${CARD}/reload`, () => HttpResponse.json(problem(409, 'CARD_LOCKED', `${CARD}/reload`), { status: 409 })));
    await renderShow();
    const { user, amount, submit } = await openReload();
    await user.type(amount, '5');
    await user.click(submit);
    expect(await screen.findByText('The card is locked.')).toBeInTheDocument();
  });

  it('takes the maximum from the server settings (/config.js maxTransactionCents)', async () => {
    window.__TESSERA_CONFIG__ = { maxTransactionCents: 5000 };
    try {
      serveCard();
      await renderShow();
      const { user, amount, dialog, submit } = await openReload();
      expect(within(dialog).getByText('Maximum €50.00')).toBeInTheDocument();
      await user.type(amount, '50.01');
      expect(await within(dialog).findByText('The amount can be at most €50.00')).toBeInTheDocument();
      expect(submit).toBeDisabled();
    } finally {
      delete window.__TESSERA_CONFIG__;
    }
  });
});
