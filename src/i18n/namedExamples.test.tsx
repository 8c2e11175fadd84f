import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/msw';
import { renderScreen } from '../test/renderScreen';
import { renderWithAdmin } from '../test/renderWithAdmin';
import BatchList from '../resources/batches/BatchList';
import { batch, BATCHES_API, page as batchPage, serveConfiguration, TYPOLOGIES_API as BATCH_TYPOLOGIES_API } from '../resources/batches/testData.test-helper';
import GiftCardList from '../resources/giftcards/GiftCardList';
import { OperationSummaryModal } from '../components/OperationSummaryModal';
import { giftCard } from '../resources/giftcards/testData.test-helper';
import CustomizeStep from '../resources/orders/wizard/CustomizeStep';
import { draft, ORDER_ID, ORDERS_API, serveOrder, serveTypology, typology, TYPOLOGY_ID } from '../resources/orders/wizard/wizardData.test-helper';
import NotificationSettingsPage from '../resources/reloadables/notifications/NotificationSettingsPage';
import ReloadHistoryList from '../resources/reloadables/reloads/ReloadHistoryList';
import { BASE as RELOADS_BASE, run } from '../resources/reloadables/reloads/testData.test-helper';
import { API as RELOADABLE_API, settings } from '../resources/reloadables/shared/testData.test-helper';
import { i18n } from './i18n';

/**
 * Issue 14's named examples, rendered as a user sees them, in Italian (and English where the
 * English text had the same defect): plurals and numbers.
 */
const NBSP = '\u00a0';

const summary = (succeeded: number, total: number) => ({
  action: 'reload',
  total,
  succeeded,
  failed: Array.from({ length: total - succeeded }, (_, i) => ({ id: `c${i}`, code: `535000000000000${i}`, error: 'CARD_LOCKED' })),
});

describe('plurals, as rendered', () => {
  it('"Operazione eseguita per 1 carta su 2" / "… per 0 carte su 1" (reloadable cards\' bulk summary)', async () => {
    await i18n.changeLanguage('it');
    const { unmount } = await renderWithAdmin(<OperationSummaryModal area="reloadables" result={summary(1, 2)} onClose={() => undefined} />);
    expect(await screen.findByText('Operazione eseguita per 1 carta su 2.')).toBeInTheDocument();
    unmount();
    await renderWithAdmin(<OperationSummaryModal area="reloadables" result={summary(0, 1)} onClose={() => undefined} />);
    expect(await screen.findByText('Operazione eseguita per 0 carte su 1.')).toBeInTheDocument();
  });

  it('"Operazione completata per 1 carta su 2" on the gift cards\' summary; "1 card done out of 2" in English', async () => {
    await i18n.changeLanguage('it');
    const { unmount } = await renderWithAdmin(<OperationSummaryModal result={summary(1, 2)} onClose={() => undefined} />);
    expect(await screen.findByText('Operazione completata per 1 carta su 2.')).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('en');
    await renderWithAdmin(<OperationSummaryModal area="reloadables" result={summary(1, 2)} onClose={() => undefined} />);
    expect(await screen.findByText('1 card done out of 2.')).toBeInTheDocument();
  });

  async function rangesOfOneCard(language: 'it' | 'en') {
    await i18n.changeLanguage(language);
    serveTypology(typology({ type: 'PHYSICAL', name: 'Gift Card 50 €', valueCents: 5000 }));
    serveOrder(draft({ shippingType: 'PHYSICAL' }));
    server.use(http.get(`${ORDERS_API}/stock`, () => HttpResponse.json([{ from: 1001, to: 1001, count: 1, lotNumber: 'LOT-1' }])));
    await renderScreen(<CustomizeStep />, {
      path: `/privative-orders/orders/${ORDER_ID}/additem/${TYPOLOGY_ID}/PHYSICAL`,
      route: '/privative-orders/orders/:id/additem/:typologyId/:type',
      permissions: ['privative.orders'],
      resource: 'privative-orders/orders',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: language === 'it' ? /^Carte nel carrello/ : /^Cards in the cart/ }), '2');
    // the one-card run: "Progressivi 1001–1001", or "Progressivo 1001" where the stock picker names a single card
    await user.click(await screen.findByRole('button', { name: language === 'it' ? /^Usa Progressiv[oi] 1001/ : /^Use Sequence numbers? 1001/ }));
  }

  it('"Gli intervalli coprono 1 carta", in the running total and in the error', async () => {
    await rangesOfOneCard('it');
    expect(screen.getByTestId('ranges-total')).toHaveTextContent(/^Gli intervalli coprono 1 carta$/);
    expect(await screen.findByTestId('ranges-error')).toHaveTextContent(/^Gli intervalli coprono 1 carta, il carrello ne contiene 2:/);
  });

  describe('on a phone', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('"1 riga: 1 accreditata, 0 non accreditate" in the reloads history, "1.200 righe" grouped', async () => {
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
      const runs = [run({ rowCount: 1, creditedCount: 1, creditedCents: 1000, deletedCount: 0 }), run({ id: '7e000000-0000-4000-8000-000000000002', number: 'RL-000041', rowCount: 1200, creditedCount: 1199, creditedCents: 1199000, deletedCount: 1 })];
      server.use(http.get(`${RELOADS_BASE}/reloads/history`, () => HttpResponse.json(runs, { headers: { 'Content-Range': 'history 0-1/2' } })));
      await i18n.changeLanguage('it');
      await renderScreen(<ReloadHistoryList />, { path: '/reloadables/reloads-history', permissions: ['reloadable.reloads'], resource: 'reloadables/reloads-history' });
      expect(await screen.findByText('1 riga: 1 accreditata, 0 non accreditate')).toBeInTheDocument();
      expect(screen.getByText('1.200 righe: 1.199 accreditate, 1 non accreditata')).toBeInTheDocument();
    });
  });

  it('"The ranges add up to 1 card", in the running total and in the error', async () => {
    await rangesOfOneCard('en');
    expect(screen.getByTestId('ranges-total')).toHaveTextContent(/^The ranges add up to 1 card$/);
    expect(await screen.findByTestId('ranges-error')).toHaveTextContent(/^The ranges add up to 1 card, the cart has 2:/);
  });
});

describe('numbers and money, as rendered', () => {
  it('a stock run of 19.995 cards reads "19.995 carte" in the order wizard, "19,995 cards" in English', async () => {
    for (const [language, text] of [
      ['it', /^Lotto LOT-9 · 19\.995 carte$/],
      ['en', /^Batch LOT-9 · 19,995 cards$/],
    ] as const) {
      await i18n.changeLanguage(language);
      serveTypology(typology({ type: 'PHYSICAL', name: 'Gift Card 50 €', valueCents: 5000 }));
      serveOrder(draft({ shippingType: 'PHYSICAL' }));
      server.use(http.get(`${ORDERS_API}/stock`, () => HttpResponse.json([{ from: 100001, to: 119995, count: 19995, lotNumber: 'LOT-9' }])));
      const { unmount } = await renderScreen(<CustomizeStep />, {
        path: `/privative-orders/orders/${ORDER_ID}/additem/${TYPOLOGY_ID}/PHYSICAL`,
        route: '/privative-orders/orders/:id/additem/:typologyId/:type',
        permissions: ['privative.orders'],
        resource: 'privative-orders/orders',
      });
      // the progressives are identifiers: written as typed, not grouped
      expect(await screen.findByText(language === 'it' ? 'Progressivi 100001–119995' : 'Sequence numbers 100001–119995')).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      unmount();
    }
  });

  it('the gift card count of 1.000 reads "1.000 carte" (Intl alone wrote "1000"), "1,000 cards" in English', async () => {
    server.use(
      http.get('/api/company/company-1/stores', () => HttpResponse.json([], { headers: { 'Content-Range': 'stores 0-0/0' } })),
      http.get('/api/company/company-1/giftcard/cards/count', () => HttpResponse.json({ count: 1000, capped: false })),
      http.get('/api/company/company-1/giftcard/cards', () => HttpResponse.json([giftCard()], { headers: { 'Content-Range': 'cards 0-0/*' } })),
    );
    await i18n.changeLanguage('it');
    const { unmount } = await renderScreen(<GiftCardList />, { resource: 'privative/giftcards', permissions: ['privative.management.read'], path: '/privative/giftcards' });
    await waitFor(() => expect(screen.getByTestId('giftcard-count')).toHaveTextContent(/^1\.000 carte$/));
    unmount();
    await i18n.changeLanguage('en');
    await renderScreen(<GiftCardList />, { resource: 'privative/giftcards', permissions: ['privative.management.read'], path: '/privative/giftcards' });
    await waitFor(() => expect(screen.getByTestId('giftcard-count')).toHaveTextContent(/^1,000 cards$/));
  });

  it('batch quantities of 1.000 and 20.000 are grouped alike in one column', async () => {
    serveConfiguration(true);
    server.use(
      http.get(BATCH_TYPOLOGIES_API, () => batchPage([])),
      http.get(BATCHES_API, () => batchPage([batch({ quantity: 1000 }), batch({ id: '00000000-0000-4000-8b00-000000000002', lotNumber: 'LOT-2', quantity: 20000 })])),
    );
    await i18n.changeLanguage('it');
    await renderScreen(<BatchList />, { path: '/privative/batches/list', route: '/privative/batches/list', permissions: ['privative.batches'], resource: 'privative/batches' });
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getByText('1.000')).toBeInTheDocument();
    expect(within(rows[2]).getByText('20.000')).toBeInTheDocument();
  });

  it('a saved threshold of 500,50 € shows "500,50" in Italian and is saved back as typed ("1.500,00" → 150000 cents)', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.get(`${RELOADABLE_API}/notifications`, () => HttpResponse.json(settings({ lowBalanceEnabled: true, lowBalanceThresholdCents: 50050, recipients: ['ops@acme.test'] }))),
      http.put(`${RELOADABLE_API}/notifications`, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(settings(bodies.at(-1)));
      }),
    );
    await i18n.changeLanguage('it');
    await renderScreen(<NotificationSettingsPage />, { path: '/reloadables/notifications', permissions: ['reloadable.notifications'], resource: 'reloadables/notifications' });
    const threshold = await screen.findByRole('textbox', { name: /Soglia/ });
    expect(threshold).toHaveValue('500,50');
    const user = userEvent.setup();
    await user.clear(threshold);
    await user.type(threshold, '1.500,5');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0].lowBalanceThresholdCents).toBe(150050);
    await user.clear(threshold);
    await user.type(threshold, '12,345');
    expect(await screen.findByText('Troppi decimali: un importo arriva al massimo ai centesimi, ad esempio 25,50')).toBeInTheDocument();
    await user.clear(threshold);
    await user.type(threshold, '-5');
    expect(await screen.findByText("L'importo non può essere negativo")).toBeInTheDocument();
    await user.clear(threshold);
    await user.type(threshold, 'cinque');
    expect(await screen.findByText('Scrivi un importo in euro, ad esempio 25 o 25,50')).toBeInTheDocument();
  });

  it('an amount of 1.300,50 € sits beside 18.999,50 € grouped alike', async () => {
    const { formatCents } = await import('./formatMoney');
    expect([formatCents(130050, 'it'), formatCents(1899950, 'it')]).toEqual([`1.300,50${NBSP}€`, `18.999,50${NBSP}€`]);
  });
});
