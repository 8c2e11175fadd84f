import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionKey } from '../../../../domain/permissions';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { API, card, CARD_ID, page } from '../shared/testData.test-helper';
import CardList from './CardList';

const CARDS = `${API}/cards`;
const LOCKED_ID = '5c000000-0000-4000-8000-000000000002';
const rows = [
  card(),
  card({ id: LOCKED_ID, number: '5350000000000002', status: 'LOCKED', clientId: 'EMP-002', customerName: 'Anna Bianchi' }),
  card({ id: '5c000000-0000-4000-8000-000000000003', number: '5350000000000003', status: 'NOT ACTIVE', clientId: null, customerName: null }),
];

function serve(more = false) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(CARDS, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return page(query.get('range') === '[0,24]' ? rows : [card({ id: '5c000000-0000-4000-8000-000000000099', number: '5350000000000099' })], more ? '*' : rows.length);
    }),
  );
  return queries;
}

const render = (permissions: PermissionKey[] = ['reloadable.cards']) => renderScreen(<CardList />, { path: '/reloadables/cards', permissions, resource: 'reloadables/cards' });
const rowOf = (number: string) => screen.getByRole('link', { name: number }).closest('tr')!;

describe('CardList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the cards by number with SPEC §4 badges (green active, red locked, transparent NOT ACTIVE) and links to each card', async () => {
    const queries = serve();
    await render();
    expect(await screen.findByRole('link', { name: '5350000000000001' })).toHaveAttribute('href', `/reloadables/cards/${CARD_ID}`);
    expect(queries[0].get('sort')).toBe('["number","ASC"]');
    expect(screen.getByText('Active')).toHaveAttribute('data-tone', 'green');
    expect(screen.getByText('Locked')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('Not active')).toHaveAttribute('data-tone', 'transparent');
    expect(screen.getByText('3 cards')).toBeInTheDocument();
    expect(screen.getByText('Mario Rossi')).toBeInTheDocument();
  });

  it('sends search, status and client ID as the API filter, and loads the next range on "load more"', async () => {
    const queries = serve(true);
    await render();
    await screen.findByRole('link', { name: '5350000000000001' });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Card filters' });
    await user.type(within(form).getByRole('textbox', { name: 'Search' }), '5350');
    await user.click(within(form).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Not active' }));
    await user.type(within(form).getByRole('textbox', { name: 'Client ID' }), 'EMP-0');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
    expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ q: '5350', status: 'NOT ACTIVE', clientId: 'EMP-0' });
    await user.click(await screen.findByRole('button', { name: 'Load more cards' }));
    await waitFor(() => expect(queries.at(-1)!.get('range')).toBe('[25,49]'));
    expect(await screen.findByRole('link', { name: '5350000000000099' })).toBeInTheDocument();
  });

  it('says a search is too short as the help promises (4 digits of a number, 2 characters otherwise) instead of searching', async () => {
    const queries = serve();
    await render();
    await screen.findByRole('link', { name: '5350000000000001' });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Card filters' });
    const search = within(form).getByRole('textbox', { name: 'Search' });
    expect(within(form).getByText('Card number (first digits, at least 4), client ID or customer name (characters, at least 2)')).toBeInTheDocument();
    await user.type(search, '53');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(await within(form).findByText('Type at least the first 4 digits of the card number')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'R');
    expect(await within(form).findByText('Type at least 2 characters')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    expect(queries).toHaveLength(1);
    expect(screen.queryByText('No card matches the filters.')).not.toBeInTheDocument();
    await user.type(search, 'o');
    await user.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.length).toBe(2));
    expect(JSON.parse(queries[1].get('filter')!)).toEqual({ q: 'Ro' });
  });

  it('links a card only to another company: its own is never a choice, and a card with nowhere to go offers no link', async () => {
    serve();
    server.use(
      http.get(`${API}/wallet/sub-companies`, () => page([{ id: 'company-2', companyId: 'company-2', companyName: 'Acme Nord S.r.l.' }])),
      http.get(CARDS, () => page([card(), card({ id: LOCKED_ID, number: '5350000000000002', actions: { ...card().actions, linkCompany: false } })])),
    );
    await render(['reloadable.cards', 'reloadable.isParentCompany']);
    await screen.findByRole('link', { name: '5350000000000001' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for card 5350000000000002' }));
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Link company' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Actions for card 5350000000000001' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Link company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Company of card 5350000000000001' });
    expect(dialog).toHaveTextContent('The card is linked to Acme S.p.A.: choose the company to link it to.');
    await user.click(within(dialog).getByRole('combobox', { name: /Company/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toContain('Acme Nord S.r.l.');
    expect(options).not.toContain('Acme S.p.A.');
  });

  it('bulk: offers only the actions that can change something on the selected cards', async () => {
    serve();
    await render();
    await screen.findByRole('link', { name: '5350000000000001' });
    const user = userEvent.setup();
    await user.click(within(rowOf('5350000000000002')).getByRole('checkbox', { name: 'Select card 5350000000000002' }));
    const toolbar = await screen.findByRole('group', { name: 'Actions on the selected cards' });
    // a locked card can be unlocked or linked; locking it again or reloading it would change nothing
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual(['Unlock', 'Link company']);
  });

  it("offers on each row only the actions the card's state allows and the user may do", async () => {
    serve();
    await render();
    await screen.findByRole('link', { name: '5350000000000001' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for card 5350000000000001' }));
    let menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Lock', 'Reload', 'Link company', 'Set client ID', 'History']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Actions for card 5350000000000002' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Unlock', 'Link company', 'Set client ID', 'History']);
  });

  it('a row reload sends the amount in cents with an Idempotency-Key and says "Recharge done"; a refusal shows its translated text', async () => {
    serve();
    const bodies: unknown[] = [];
    let refuse = false;
    server.use(
      http.post(`${CARDS}/${CARD_ID}/reload`, async ({ request }) => {
        bodies.push(await request.json());
        expect(request.headers.get('Idempotency-Key')).toBeTruthy();
        if (refuse) return HttpResponse.json({ title: 'Error', status: 409, instance: `${CARDS}/${CARD_ID}/reload`, error: { message: 'RELOAD_MONTHLY_CAP' }, detail: 'raw server text' }, { status: 409 });
        return HttpResponse.json({ card: card({ balanceCents: 17_500 }), run: {} });
      }),
    );
    await render();
    await screen.findByRole('link', { name: '5350000000000001' });
    const user = userEvent.setup();
    const reload = async (amount: string) => {
      await user.click(screen.getByRole('button', { name: 'Actions for card 5350000000000001' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Reload' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reload card 5350000000000001' });
      await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), amount);
      await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
      return dialog;
    };
    await reload('50');
    expect(await screen.findByText('Reload done')).toBeInTheDocument();
    expect(bodies).toEqual([{ amountCents: 5_000 }]);
    refuse = true;
    const dialog = await reload('2400');
    expect(await screen.findByText('This reload would take the card over its monthly reload limit.')).toBeInTheDocument();
    expect(screen.queryByText('raw server text')).not.toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('locks a card from its row and reads the list again', async () => {
    const queries = serve();
    server.use(http.post(`${CARDS}/${CARD_ID}/lock`, () => HttpResponse.json(card({ status: 'LOCKED' }))));
    await render();
    await screen.findByRole('link', { name: '5350000000000001' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for card 5350000000000001' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Lock' }));
    expect(await screen.findByText('Card 5350000000000001 locked')).toBeInTheDocument();
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
  });

  it('bulk: selected cards reloaded with one amount for all, then the operation summary with each refusal translated', async () => {
    serve();
    const bodies: unknown[] = [];
    server.use(
      http.post(`${CARDS}/bulk`, async ({ request }) => {
        bodies.push(await request.json());
        expect(request.headers.get('Idempotency-Key')).toBeTruthy();
        return HttpResponse.json({ action: 'reload', total: 2, succeeded: 1, failed: [{ id: LOCKED_ID, code: '5350000000000002', error: 'RELOAD_CARD_LOCKED' }] });
      }),
    );
    await render();
    await screen.findByRole('link', { name: '5350000000000001' });
    const user = userEvent.setup();
    await user.click(within(rowOf('5350000000000001')).getByRole('checkbox', { name: 'Select card 5350000000000001' }));
    await user.click(within(rowOf('5350000000000002')).getByRole('checkbox', { name: 'Select card 5350000000000002' }));
    const toolbar = await screen.findByRole('group', { name: 'Actions on the selected cards' });
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual(['Lock', 'Unlock', 'Reload', 'Link company']);
    await user.click(within(toolbar).getByRole('button', { name: 'Reload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reload' });
    expect(dialog).toHaveTextContent('2 selected cards.');
    await user.type(within(dialog).getByRole('textbox', { name: /Amount per card/ }), '25,50');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const summary = await screen.findByRole('dialog', { name: 'Operation summary' });
    expect(summary).toHaveTextContent('1 card done out of 2.');
    expect(within(summary).getByRole('cell', { name: '5350000000000002' })).toBeInTheDocument();
    expect(within(summary).getByText('The card is locked: unlock it before reloading it.')).toBeInTheDocument();
    expect(bodies).toEqual([{ action: 'reload', ids: [CARD_ID, LOCKED_ID], params: { amountCents: 2_550 } }]);
  });

  it('bulk link company picks among the companies of the scope (the sub-company wallets for a parent)', async () => {
    serve();
    const bodies: unknown[] = [];
    server.use(
      http.get(`${API}/wallet/sub-companies`, () => page([{ id: 'company-2', companyId: 'company-2', companyName: 'Acme Nord S.r.l.' }])),
      http.post(`${CARDS}/bulk`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ action: 'linkCompany', total: 1, succeeded: 1, failed: [] });
      }),
    );
    await render(['reloadable.cards', 'reloadable.isParentCompany']);
    await screen.findByRole('link', { name: '5350000000000001' });
    const user = userEvent.setup();
    await user.click(within(rowOf('5350000000000001')).getByRole('checkbox', { name: 'Select card 5350000000000001' }));
    await user.click(within(await screen.findByRole('group', { name: 'Actions on the selected cards' })).getByRole('button', { name: 'Link company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link company' });
    await user.click(within(dialog).getByRole('combobox', { name: /Company/ }));
    await user.click(await screen.findByRole('option', { name: 'Acme Nord S.r.l.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Operation summary' })).toHaveTextContent('1 card done out of 1.');
    expect(bodies).toEqual([{ action: 'linkCompany', ids: [CARD_ID], params: { companyId: 'company-2' } }]);
  });

  it('on a phone: compact rows with the number as link and the row actions, no table', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false }));
    serve();
    await render();
    expect(await screen.findByRole('link', { name: '5350000000000001' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for card 5350000000000001' })).toBeInTheDocument();
  });
});
