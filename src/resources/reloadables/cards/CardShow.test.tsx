import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '../../../test/builders';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { API, card, CARD_ID, cardEvent, page, USER_ID } from '../shared/testData.test-helper';
import CardShow from './CardShow';

const ONE = `${API}/cards/${CARD_ID}`;

function serve(first = card()) {
  let current = first;
  const historyQueries: URL[] = [];
  server.use(
    http.get(ONE, () => HttpResponse.json(current)),
    http.get(`${ONE}/history`, ({ request }) => {
      historyQueries.push(new URL(request.url));
      return page([
        cardEvent({ id: 'ev-4', type: 'COMPANY_LINKED', amountCents: null, detail: { from: 'c-1', to: 'c-2', fromName: 'Acme S.p.A.', toName: 'Acme Nord S.r.l.' } }),
        cardEvent({ id: 'ev-3', type: 'LOCK', amountCents: null, detail: { from: 'NOT ACTIVE', to: 'LOCKED' } }),
        cardEvent({ id: 'ev-2', type: 'CLIENT_ID_CHANGED', amountCents: null, detail: { from: 'EMP-000', to: 'EMP-001' } }),
        cardEvent(),
      ]);
    }),
  );
  return { historyQueries, set: (next: ReturnType<typeof card>) => (current = next) };
}

const render = () => renderScreen(<CardShow />, { path: `/reloadables/cards/${CARD_ID}`, route: '/reloadables/cards/:id', permissions: ['reloadable.cards'], resource: 'reloadables/cards' });

describe('CardShow', () => {
  it("shows the card's SPEC §3 fields, the holder's link and its history newest first", async () => {
    const { historyQueries } = serve();
    await render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reloadable card 5350000000000001' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '5350000000000001' })).toBeInTheDocument();
    expect(screen.getByTestId('card-balance')).toHaveTextContent('€125.00');
    expect(screen.getByText('€50.00')).toBeInTheDocument();
    expect(screen.getByText('€400.00')).toBeInTheDocument();
    expect(screen.getByText('31/01/2029')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mario Rossi' })).toHaveAttribute('href', `/reloadables/users/${USER_ID}`);
    expect(screen.getByText('Active')).toHaveAttribute('data-tone', 'green');
    expect(await screen.findByText('EMP-000 → EMP-001')).toBeInTheDocument();
    // companies by name and states in words, not ids and raw codes
    expect(screen.getByText('Acme S.p.A. → Acme Nord S.r.l.')).toBeInTheDocument();
    expect(screen.getByText('Not active → Locked')).toBeInTheDocument();
    expect(screen.getByText('Client ID changed')).toBeInTheDocument();
    expect(screen.getByText('+€50.00')).toBeInTheDocument();
    expect(historyQueries[0].pathname).toBe(`${ONE}/history`);
    expect(historyQueries[0].searchParams.get('sort')).toBe('["createdAt","DESC"]');
  });

  it('offers the actions as buttons only when they would succeed: none on a deleted card', async () => {
    serve(card({ status: 'DELETED' }));
    await render();
    expect(await screen.findByText('Deleted')).toHaveAttribute('data-tone', 'red');
    expect(screen.queryByRole('group', { name: 'Card actions' })).not.toBeInTheDocument();
  });

  it('sets the client ID ("client ID changed") and shows the new one; a taken one shows its text', async () => {
    const { set } = serve();
    const sent: unknown[] = [];
    server.use(
      http.post(`${ONE}/client-id`, async ({ request }) => {
        const body = (await request.json()) as { clientId: string };
        sent.push(body);
        if (body.clientId === 'EMP-002') return HttpResponse.json(problem(409, 'CLIENT_ID_TAKEN', `${ONE}/client-id`), { status: 409 });
        set(card({ clientId: body.clientId }));
        return HttpResponse.json(card({ clientId: body.clientId }));
      }),
    );
    await render();
    const user = userEvent.setup();
    const actions = await screen.findByRole('group', { name: 'Card actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Lock', 'Reload', 'Link company', 'Set client ID']);
    await user.click(within(actions).getByRole('button', { name: 'Set client ID' }));
    let dialog = await screen.findByRole('dialog', { name: 'Client ID of card 5350000000000001' });
    const input = within(dialog).getByRole('textbox', { name: /Client ID/ });
    await user.clear(input);
    await user.type(input, 'EMP-002');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another card of the company already has this client ID.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'EMP-100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Client ID changed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('EMP-100')).toBeInTheDocument());
    dialog = screen.queryByRole('dialog', { name: 'Client ID of card 5350000000000001' })!;
    expect(dialog).toBeNull();
    expect(sent).toEqual([{ clientId: 'EMP-002' }, { clientId: 'EMP-100' }]);
  });
  it('reloads the card by hand: euros become cents, one Idempotency-Key kept for a retry, "Recharge done" and the new balance', async () => {
    const { set } = serve();
    const sent: { body: unknown; key: string | null }[] = [];
    server.use(
      http.post(`${ONE}/reload`, async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        if (sent.length === 1) return HttpResponse.json(problem(409, 'WALLET_INSUFFICIENT', `${ONE}/reload`), { status: 409 });
        set(card({ balanceCents: 13_550 }));
        return HttpResponse.json({ card: card({ balanceCents: 13_550 }), run: {} });
      }),
    );
    await render();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('group', { name: 'Card actions' })).getByRole('button', { name: 'Reload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reload card 5350000000000001' });
    expect(within(dialog).getByText(/at most €2,500\.00 per reload/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '10.50');
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Reload card 5350000000000001' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Reload done')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('card-balance')).toHaveTextContent('€135.50'));
    expect(sent.map((one) => one.body)).toEqual([{ amountCents: 1050 }, { amountCents: 1050 }]);
    expect(sent[0].key).toBeTruthy();
    expect(sent[1].key).toBe(sent[0].key);
  });
});
