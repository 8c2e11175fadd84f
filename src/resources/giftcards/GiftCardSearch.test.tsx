import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import GiftCardSearch from './GiftCardSearch';
import { renderScreen } from '../../test/renderScreen';
import { giftCard } from './testData.test-helper';

const SEARCH = '/api/company/company-1/giftcard/cards/search';

async function search(code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Card code|Codice carta/ }), code);
  await user.click(screen.getByRole('button', { name: /Search|Cerca/ }));
}

describe('GiftCardSearch', () => {
  it('looks a card up by its exact code, normalised, and links to its detail for managers', async () => {
    const codes: (string | null)[] = [];
    server.use(
      http.get(SEARCH, ({ request }) => {
        codes.push(new URL(request.url).searchParams.get('code'));
        return HttpResponse.json(giftCard());
      }),
    );
    await renderScreen(<GiftCardSearch />, { permissions: ['privative.management.searchByCode', 'privative.management.read'] });
    await search('abcd 2345-efgh 6789');
    expect(await screen.findByRole('heading', { name: 'ABCD2345EFGH6789' })).toBeInTheDocument();
    expect(codes).toEqual(['ABCD2345EFGH6789']);
    expect(screen.getByText('Active')).toHaveAttribute('data-tone', 'green');
    expect(await screen.findByRole('link', { name: 'Open detail' })).toHaveAttribute('href', '/privative/giftcards/6f1c1d0e-0000-4000-8000-000000000001');
  });

  it('gives the same not-found message for an unknown code and one outside the scope (both 404)', async () => {
    server.use(http.get(SEARCH, () => HttpResponse.json(problem(404, 'NOT_FOUND', SEARCH), { status: 404 })));
    await renderScreen(<GiftCardSearch />, { permissions: ['privative.management.searchByCode'] });
    await search('ZZZZ2345EFGH6789');
    expect(await screen.findByText('No gift card found with this code.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ZZZZ2345EFGH6789' })).not.toBeInTheDocument();
  });

  it('says it in Italian too, and offers no detail link to a search-only user', async () => {
    await i18n.changeLanguage('it');
    let found = false;
    server.use(
      http.get(SEARCH, () => {
        if (found) return HttpResponse.json(problem(404, 'NOT_FOUND', SEARCH), { status: 404 });
        found = true;
        return HttpResponse.json(giftCard());
      }),
    );
    await renderScreen(<GiftCardSearch />, { permissions: ['privative.management.searchByCode'] });
    await search('ABCD2345EFGH6789');
    expect(await screen.findByRole('heading', { name: 'ABCD2345EFGH6789' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apri dettaglio' })).not.toBeInTheDocument();
    await search('X');
    expect(await screen.findByText('Nessuna gift card trovata con questo codice.')).toBeInTheDocument();
  });
});
