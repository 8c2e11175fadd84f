import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BulkBody } from '../../../domain/giftcards';
import { i18n } from '../../i18n/i18n';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import GiftCardList from './GiftCardList';
import { renderScreen, type RenderScreenOptions } from '../../test/renderScreen';
import { giftCard } from './testData.test-helper';

/** a card manager on the card list, as the registry mounts it */
const MANAGER: RenderScreenOptions = { resource: 'privative/giftcards', permissions: ['privative.management.read'] };

const CARDS = '/api/company/company-1/giftcard/cards';

function serve(summary: object, count: object = { count: 4, capped: false }) {
  const bulk: { body: BulkBody; key: string | null }[] = [];
  server.use(
    http.get(`${CARDS}/count`, () => HttpResponse.json(count)),
    http.get('/api/company/company-1/stores', () => HttpResponse.json([], { headers: { 'Content-Range': 'stores 0-0/0' } })),
    http.get(CARDS, () =>
      HttpResponse.json(
        ['GC1', 'GC2', 'GC3', 'GC4'].map((code, i) => giftCard({ id: `card-${i + 1}`, code, progressive: i + 1 })),
        { headers: { 'Content-Range': 'cards 0-3/4' } },
      ),
    ),
    http.post(`${CARDS}/bulk`, async ({ request }) => {
      bulk.push({ body: (await request.json()) as BulkBody, key: request.headers.get('Idempotency-Key') });
      return HttpResponse.json(summary);
    }),
  );
  return bulk;
}

describe('gift card bulk actions', () => {
  it('locks the selected cards and shows how many succeeded and why each other failed, translated', async () => {
    const bulk = serve({ action: 'lock', total: 3, succeeded: 2, failed: [{ id: 'card-3', code: 'GC3', error: 'CARD_EXPIRED' }] });
    await renderScreen(<GiftCardList />, MANAGER);
    await screen.findByText('GC1');
    const user = userEvent.setup();
    for (const code of ['GC1', 'GC2', 'GC3']) await user.click(screen.getByRole('checkbox', { name: `Select card ${code}` }));
    await user.click(within(screen.getByRole('group', { name: 'Actions on the selected cards' })).getByRole('button', { name: 'Lock' }));

    const dialog = await screen.findByRole('dialog', { name: 'Lock' });
    expect(within(dialog).getByText('The action applies to the 3 selected cards.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    const summary = await screen.findByRole('dialog', { name: 'Operation summary' });
    expect(within(summary).getByText('2 cards done out of 3.')).toBeInTheDocument();
    const failure = within(summary).getByRole('row', { name: /GC3/ });
    expect(within(failure).getByText('The card has expired.')).toBeInTheDocument();
    expect(bulk).toHaveLength(1);
    expect(bulk[0].body).toEqual({ action: 'lock', ids: ['card-1', 'card-2', 'card-3'] });

    await user.click(within(summary).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // done: the selection is cleared
    await waitFor(() => expect(screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toEqual([]));
  });

  it('reloads the whole filtered set after showing the filter, with the amount in cents', async () => {
    const bulk = serve({ action: 'reload', total: 4, succeeded: 4, failed: [] });
    await renderScreen(<GiftCardList />, { ...MANAGER, path: `/?filter=${encodeURIComponent('{"status":"active","lotNumber":"LOT-9"}')}` });
    await screen.findByText('GC1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions on the filtered list' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reload' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reload' });
    // a small filtered set: its size from the server, no extra tick needed
    expect(within(dialog).getByTestId('bulk-target-size')).toHaveTextContent('The action applies to 4 cards: every card matching these filters.');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    const chips = within(dialog).getByTestId('bulk-filter-summary');
    expect(chips).toHaveTextContent('Status: Active');
    expect(chips).toHaveTextContent('Batch: LOT-9');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '1,000');
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.clear(within(dialog).getByRole('textbox', { name: /Amount/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '12,5');
    await user.click(confirm);

    const summary = await screen.findByRole('dialog', { name: 'Operation summary' });
    expect(within(summary).getByText(/4 cards done out of 4\. The operation succeeded on every card\./)).toBeInTheDocument();
    expect(bulk[0].body).toEqual({ action: 'reload', filter: { status: 'active', lotNumber: 'LOT-9' }, params: { amountCents: 1250 } });
    expect(bulk[0].key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('with no filter: says how many cards (from the server), asks for the tick, and reads the summary in Italian', async () => {
    await i18n.changeLanguage('it');
    const bulk = serve({ action: 'deactivate', total: 2, succeeded: 1, failed: [{ id: 'card-2', code: 'GC2', error: 'ALREADY_USED' }] }, { count: 2, capped: false });
    await renderScreen(<GiftCardList />, MANAGER);
    await screen.findByText('GC1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "Azioni sull'elenco filtrato" }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disattiva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disattiva' });
    expect(within(dialog).getByText("Nessun filtro impostato: l'azione si applica a tutte le carte che gestisci (2 carte).")).toBeInTheDocument();
    expect(within(dialog).getByText(/Ogni carta torna non venduta/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Conferma' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ho capito: questa azione modifica 2 carte' }));
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    const summary = await screen.findByRole('dialog', { name: 'Riepilogo operazione' });
    expect(within(summary).getByText('Operazione completata per 1 carta su 2.')).toBeInTheDocument();
    expect(within(summary).getByText('La carta è già stata utilizzata.')).toBeInTheDocument();
    expect(bulk[0].body).toEqual({ action: 'deactivate', filter: {} });
  });

  it('a big filtered set (over 1,000) or one past the count cap needs the tick, and says the 50,000 limit', async () => {
    const bulk = serve({ action: 'lock', total: 1500, succeeded: 1500, failed: [] }, { count: 1500, capped: false });
    await renderScreen(<GiftCardList />, { ...MANAGER, path: `/?filter=${encodeURIComponent('{"lotNumber":"LOT-9"}')}` });
    await screen.findByText('GC1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions on the filtered list' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock' });
    expect(within(dialog).getByTestId('bulk-target-size')).toHaveTextContent('The action applies to 1,500 cards');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I understand this changes 1,500 cards' }));
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    await screen.findByRole('dialog', { name: 'Operation summary' });
    expect(bulk[0].body).toEqual({ action: 'lock', filter: { lotNumber: 'LOT-9' } });
  });

  it('past the count cap says "more than 10,000" and the 50,000 limit', async () => {
    serve({}, { count: 10000, capped: true });
    await renderScreen(<GiftCardList />, { ...MANAGER, path: `/?filter=${encodeURIComponent('{"status":"active"}')}` });
    await screen.findByText('GC1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions on the filtered list' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable' });
    expect(within(dialog).getByTestId('bulk-target-size')).toHaveTextContent('The action applies to more than 10,000 cards');
    expect(within(dialog).getByText(/One action changes at most 50,000 cards/)).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'I understand this changes more than 10,000 cards' })).not.toBeChecked();
  });

  it('says "Unable to perform action." when the bulk call itself fails', async () => {
    serve({});
    server.use(http.post(`${CARDS}/bulk`, () => HttpResponse.json({ title: 'Error', status: 500, instance: CARDS, error: { message: 'INTERNAL_ERROR' } }, { status: 500 })));
    await renderScreen(<GiftCardList />, MANAGER);
    await screen.findByText('GC1');
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('checkbox')[1]);
    await user.click(within(screen.getByRole('group', { name: 'Actions on the selected cards' })).getByRole('button', { name: 'Enable' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Enable' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Unable to perform action.')).toBeInTheDocument();
    // the dialog stays open for a retry
    expect(screen.getByRole('dialog', { name: 'Enable' })).toBeInTheDocument();
  });

  it('edits the expiry date: a past day is refused, the date goes as a day', async () => {
    const bulk = serve({ action: 'editExpiry', total: 1, succeeded: 1, failed: [] });
    await renderScreen(<GiftCardList />, MANAGER);
    await screen.findByText('GC1');
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('checkbox')[1]);
    await user.click(within(screen.getByRole('group', { name: 'Actions on the selected cards' })).getByRole('button', { name: 'Edit expiry date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit expiry date' });
    const date = within(dialog).getByRole('textbox', { name: /New expiry date/ });
    await user.type(date, '01/01/2020');
    expect(await within(dialog).findByText('The expiry date cannot be in the past')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.clear(date);
    await user.type(date, '31/12/2099');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('dialog', { name: 'Operation summary' });
    expect(bulk[0].body).toEqual({ action: 'editExpiry', ids: ['card-1'], params: { expireDate: '2099-12-31' } });
  });

  it('explains a filtered set the server finds too large', async () => {
    serve({});
    server.use(
      http.post(`${CARDS}/bulk`, () =>
        HttpResponse.json({ ...problem(400, 'VALIDATION_ERROR', `${CARDS}/bulk`), errors: { filter: 'validation.bulkTooLarge?max=50000' } }, { status: 400 }),
      ),
    );
    await renderScreen(<GiftCardList />, MANAGER);
    await screen.findByText('GC1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions on the filtered list' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable' });
    await user.click(within(dialog).getByRole('checkbox', { name: /I understand this changes/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The filter matches too many cards (more than 50,000): narrow it down')).toBeInTheDocument();
  });

  it('activates with the value of variable-value cards when one is given, and without params otherwise', async () => {
    const bulk = serve({ action: 'activate', total: 1, succeeded: 1, failed: [] });
    await renderScreen(<GiftCardList />, MANAGER);
    await screen.findByText('GC1');
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('checkbox')[1]);
    const group = screen.getByRole('group', { name: 'Actions on the selected cards' });
    await user.click(within(group).getByRole('button', { name: 'Activate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Activate' });
    await user.type(within(dialog).getByRole('textbox', { name: /Value of variable-value cards/ }), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Operation summary' })).getByRole('button', { name: 'Close' }));

    await user.click(screen.getAllByRole('checkbox')[2]);
    await user.click(within(group).getByRole('button', { name: 'Activate' }));
    dialog = await screen.findByRole('dialog', { name: 'Activate' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('dialog', { name: 'Operation summary' });
    expect(bulk.map((call) => call.body)).toEqual([
      { action: 'activate', ids: ['card-1'], params: { amountCents: 3000 } },
      { action: 'activate', ids: ['card-2'] },
    ]);
  });
});
