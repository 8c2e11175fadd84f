import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/msw';
import GiftCardList from './GiftCardList';
import { renderScreen, type RenderScreenOptions } from '../../test/renderScreen';
import { giftCard } from './testData.test-helper';

/** a card manager on the card list, as the registry mounts it */
const MANAGER: RenderScreenOptions = { resource: 'privative/giftcards', permissions: ['privative.management.read'] };

const CARDS = '/api/company/company-1/giftcard/cards';
const STORES = '/api/company/company-1/stores';

const cardsPage = (start: number, count: number) =>
  Array.from({ length: count }, (_, i) => giftCard({ id: `card-${start + i}`, code: `CODE${String(start + i).padStart(12, '0')}`, progressive: start + i }));

/** Serves the card list, recording each request's parsed query. */
/** useMediaQuery(down('sm')) answers true: a 390 px phone. */
function matchMediaPhone() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

function serveCards(pages: { rows: ReturnType<typeof cardsPage>; range: string }[] = [{ rows: cardsPage(0, 3), range: 'cards 0-2/3' }]) {
  const requests: { filter: unknown; range: unknown; sort: unknown }[] = [];
  server.use(
    http.get(STORES, () => HttpResponse.json([], { headers: { 'Content-Range': 'stores 0-0/0' } })),
    http.get(`${CARDS}/count`, () => HttpResponse.json({ count: 3, capped: false })),
    http.get(CARDS, ({ request }) => {
      const url = new URL(request.url);
      const parse = (name: string) => JSON.parse(url.searchParams.get(name) ?? 'null') as unknown;
      requests.push({ filter: parse('filter'), range: parse('range'), sort: parse('sort') });
      const page = pages[Math.min(requests.length - 1, pages.length - 1)];
      return HttpResponse.json(page.rows, { headers: { 'Content-Range': page.range } });
    }),
  );
  return requests;
}

describe('GiftCardList', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the filter form as the API filter: statuses, normalised code, numbers, and local days as instants', async () => {
    const requests = serveCards();
    await renderScreen(<GiftCardList />, { ...MANAGER, path: '/privative/giftcards' });
    expect(await screen.findByText('CODE000000000000')).toBeInTheDocument();
    expect(requests[0]).toEqual({ filter: {}, range: [0, 24], sort: ['progressive', 'ASC'] });

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Sold' }));
    await user.type(screen.getByRole('textbox', { name: 'Card code' }), 'abcd-2345');
    await user.type(screen.getByRole('textbox', { name: 'Sequence number from' }), '10');
    await user.type(screen.getByRole('textbox', { name: 'Sequence number to' }), '20');
    await user.type(screen.getByRole('textbox', { name: 'Batch' }), ' LOT-7 ');
    // days are typed as DD/MM/YYYY whatever the browser's locale
    await user.type(screen.getByRole('textbox', { name: 'Activated from' }), '01/03/2026');
    await user.type(screen.getByRole('textbox', { name: 'Activated to' }), '31/3/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].filter).toEqual({
      status: 'sold',
      code: 'ABCD2345',
      progressiveFrom: 10,
      progressiveTo: 20,
      lotNumber: 'LOT-7',
      activationFrom: dayjs('2026-03-01').startOf('day').toISOString(),
      activationTo: dayjs('2026-03-31').endOf('day').toISOString(),
    });
    // the applied filter is kept in the URL, so a reload or a shared link shows the same list
    expect(screen.getByTestId('location').textContent).toContain(encodeURIComponent('"status":"sold"'));
  });

  it('refuses an inverted progressive range without calling the API', async () => {
    const requests = serveCards();
    await renderScreen(<GiftCardList />, MANAGER);
    await screen.findByText('CODE000000000000');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Sequence number from' }), '20');
    await user.type(screen.getByRole('textbox', { name: 'Sequence number to' }), '10');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The initial value cannot be greater than the final one')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('loads the next page with the load-more button while the server says there may be more', async () => {
    const requests = serveCards([
      { rows: cardsPage(0, 25), range: 'cards 0-24/*' },
      { rows: cardsPage(25, 2), range: 'cards 25-26/27' },
    ]);
    await renderScreen(<GiftCardList />, MANAGER);
    await screen.findByText('CODE000000000024');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more cards' }));
    expect(await screen.findByText('CODE000000000026')).toBeInTheDocument();
    expect(requests[1].range).toEqual([25, 49]);
    expect(screen.getByText('CODE000000000000')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more cards' })).not.toBeInTheDocument();
  });

  it('downloads the filtered list as giftcards.csv through the authenticated client', async () => {
    serveCards();
    let exportRequest: Request | undefined;
    server.use(
      http.get(`${CARDS}/export`, ({ request }) => {
        exportRequest = request;
        return new HttpResponse('code;progressive\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:cards'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await renderScreen(<GiftCardList />, { ...MANAGER, path: `/privative/giftcards?filter=${encodeURIComponent('{"status":"active"}')}` });
    await screen.findByText('CODE000000000000');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download list' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('giftcards.csv');
    const query = new URL(exportRequest!.url).searchParams;
    expect(query.get('filter')).toBe('{"status":"active"}');
    // the file's language is the UI's (every request says Accept-Language: it), its times the browser's zone
    expect(query.get('lang')).toBe('en');
    expect(query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(exportRequest!.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it("opens a card's page (SPEC /privative/giftcards/{id}) from its code's link, with the keyboard too", async () => {
    serveCards();
    await renderScreen(<GiftCardList />, { ...MANAGER, path: '/privative/giftcards' });
    const user = userEvent.setup();
    const link = await screen.findByRole('link', { name: 'CODE000000000001' });
    expect(link).toHaveAttribute('href', '/privative/giftcards/card-1');
    link.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/privative\/giftcards\/card-1$/));
  });

  it('opens a card with a mouse click anywhere on its row', async () => {
    serveCards();
    await renderScreen(<GiftCardList />, { ...MANAGER, path: '/privative/giftcards' });
    await screen.findByRole('link', { name: 'CODE000000000002' });
    const row = screen.getByRole('row', { name: /CODE000000000002/ });
    await userEvent.setup().click(within(row).getByText('2'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/privative\/giftcards\/card-2$/));
  });

  it('names each row checkbox after its card, on the input itself', async () => {
    serveCards();
    await renderScreen(<GiftCardList />, { ...MANAGER, permissions: ['privative.management.read'] });
    const box = await screen.findByRole('checkbox', { name: 'Select card CODE000000000001' });
    expect(box.tagName).toBe('INPUT');
    // no aria-label left on a role-less wrapper (axe aria-prohibited-attr)
    expect(document.querySelectorAll('span[aria-label]:not([role])')).toHaveLength(0);
  });

  it('says how many cards match, and "more than 10,000" past the bounded count, for the applied filter', async () => {
    serveCards();
    const filters: unknown[] = [];
    server.use(
      http.get(`${CARDS}/count`, ({ request }) => {
        const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? 'null') as Record<string, unknown>;
        filters.push(filter);
        return HttpResponse.json(filter.status ? { count: 1234, capped: false } : { count: 10000, capped: true });
      }),
    );
    await renderScreen(<GiftCardList />, { ...MANAGER, path: '/privative/giftcards' });
    expect(await screen.findByText('More than 10,000 cards')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Sold' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1,234 cards')).toBeInTheDocument();
    expect(filters).toEqual([{}, { status: 'sold' }]);
  });

  it('shows a failed load as an error with Retry, not as "no card matches", and retries', async () => {
    let calls = 0;
    server.use(
      http.get(STORES, () => HttpResponse.json([], { headers: { 'Content-Range': 'stores 0-0/0' } })),
      http.get(`${CARDS}/count`, () => HttpResponse.json({ count: 1, capped: false })),
      http.get(CARDS, () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ title: 'Error', status: 500, instance: CARDS, error: { message: 'INTERNAL_ERROR' }, detail: 'relation "gift_cards" does not exist' }, { status: 500 });
        return HttpResponse.json(cardsPage(0, 1), { headers: { 'Content-Range': 'cards 0-0/1' } });
      }),
    );
    await renderScreen(<GiftCardList />, MANAGER);
    const alert = await screen.findByTestId('list-load-error');
    expect(alert).toHaveTextContent('The list could not be loaded');
    expect(alert).toHaveTextContent('Server error. Please try again later.');
    expect(screen.queryByText('No gift card matches the filters.')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('does not exist');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('CODE000000000000')).toBeInTheDocument();
  });

  it('on a phone: filters folded behind a Filters button with the applied ones as chips, and compact rows', async () => {
    const restore = matchMediaPhone();
    try {
      serveCards();
      await renderScreen(<GiftCardList />, { ...MANAGER, path: `/privative/giftcards?filter=${encodeURIComponent('{"status":"active"}')}` });
      const link = await screen.findByRole('link', { name: 'CODE000000000000' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(link.closest('li')).toHaveTextContent('€50.00');
      // the status keeps its SPEC §4 badge on the phone row
      expect(within(link.closest('li')!).getByText('Active')).toHaveAttribute('data-tone', 'green');
      expect(screen.queryByRole('textbox', { name: 'Card code' })).not.toBeInTheDocument();
      expect(screen.getByText('Status:')).toBeInTheDocument();
      const toggle = screen.getByRole('button', { name: /Filters/ });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await userEvent.setup().click(toggle);
      expect(await screen.findByRole('textbox', { name: 'Card code' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('shows the status badges with their SPEC colours and warns of an activation after the expiry', async () => {
    serveCards([
      { rows: [giftCard({ id: 'a', status: 'LOCKED' }), giftCard({ id: 'b', code: 'B', status: 'EXPIRED', activationDate: '2027-02-01T00:00:00Z', expireDate: '2027-01-01T00:00:00Z' })], range: 'cards 0-1/2' },
    ]);
    await renderScreen(<GiftCardList />, MANAGER);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Locked')).toHaveAttribute('data-tone', 'red');
    expect(within(table).getByText('Expired')).toHaveAttribute('data-tone', 'grey');
    // only the card activated after its expiry carries the warning
    expect(within(table).getAllByLabelText('The activation date is after the expiry date.')).toHaveLength(1);
  });
});
