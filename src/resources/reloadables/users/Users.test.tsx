import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw';
import { renderScreen } from '../../../test/renderScreen';
import { API, card, CARD_ID, holder, page, USER_ID } from '../shared/testData.test-helper';
import UserList from './UserList';
import UserShow from './UserShow';

describe('Reloadable card users', () => {
  it('lists the holders (name as link, e-mail, phone, client ID, cards) and searches by the API filter q', async () => {
    const queries: URLSearchParams[] = [];
    const { cards: _cards, ...user } = holder({ cardCount: 2 });
    server.use(
      http.get(`${API}/users`, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return page([user]);
      }),
    );
    await renderScreen(<UserList />, { path: '/reloadables/users', permissions: ['reloadable.cards'], resource: 'reloadables/users' });
    expect(await screen.findByRole('link', { name: 'Mario Rossi' })).toHaveAttribute('href', `/reloadables/users/${USER_ID}`);
    expect(screen.getByText('mario.rossi@acme.test')).toBeInTheDocument();
    expect(screen.getByText('EMP-001')).toBeInTheDocument();
    expect(screen.getByText('1 user')).toBeInTheDocument();
    const actor = userEvent.setup();
    const form = screen.getByRole('form', { name: 'User search' });
    await actor.type(within(form).getByRole('textbox', { name: 'Search' }), 'rossi');
    await actor.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(JSON.parse(queries.at(-1)!.get('filter')!)).toEqual({ q: 'rossi' }));
  });

  it("shows the holder's data and their cards, each linking to the card's page", async () => {
    server.use(http.get(`${API}/users/${USER_ID}`, () => HttpResponse.json(holder({ cards: [card(), card({ id: 'card-2', number: '5350000000000002', status: 'LOCKED' })] }))));
    await renderScreen(<UserShow />, { path: `/reloadables/users/${USER_ID}`, route: '/reloadables/users/:id', permissions: ['reloadable.cards'], resource: 'reloadables/users' });
    expect(await screen.findByRole('heading', { name: 'Mario Rossi' })).toBeInTheDocument();
    expect(screen.getByText('3331112222')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cards (2)' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '5350000000000001' })).toHaveAttribute('href', `/reloadables/cards/${CARD_ID}`);
    expect(screen.getByRole('link', { name: '5350000000000002' })).toHaveAttribute('href', '/reloadables/cards/card-2');
    expect(screen.getByText('Locked')).toHaveAttribute('data-tone', 'red');
  });
});
