import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionKey } from '../../../domain/permissions';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderScreen } from '../../test/renderScreen';
import { API, apiKey, created, listOf, serveConfiguration } from './apiKeyData.test-helper';
import ApiKeyList from './ApiKeyList';

/** management (the screen) and the transactions flag: the balance and move scopes, not sell or orders. */
const REFERENT: PermissionKey[] = ['management', 'privative.transactions'];

const render = (permissions: PermissionKey[] = REFERENT) => {
  serveConfiguration(permissions);
  return renderScreen(<ApiKeyList />, { path: '/api-keys', permissions, resource: 'api-keys' });
};

describe('ApiKeyList', () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the keys with their prefix, store, scopes as chips, state badge, last use and expiry, newest first", async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(API, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return listOf([
          apiKey(),
          apiKey({ id: 'key-2', name: 'Web shop', prefix: 'tk_live_ef56', storeId: null, storeName: null, scopes: ['orders.create'], state: 'revoked', revokedAt: '2026-11-22T08:00:00.000Z', lastUsedAt: null }),
          apiKey({ id: 'key-3', name: 'Old till', state: 'expired', expiresAt: '2026-11-01T22:59:59.999Z' }),
        ]);
      }),
    );
    await render();
    expect(await screen.findByText('3 keys')).toBeInTheDocument();
    expect(queries[0].get('sort')).toBe('["createdAt","DESC"]');
    const rows = screen.getAllByRole('row');
    const till = within(rows[1]);
    expect(till.getByText('Till 1')).toBeInTheDocument();
    expect(till.getByText('tk_live_ab12')).toBeInTheDocument();
    expect(till.getByText('Duomo')).toBeInTheDocument();
    const chips = till.getByRole('list', { name: 'Scopes' });
    expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Read balance', 'Money movements']);
    expect(till.getByText('Active')).toHaveAttribute('data-tone', 'green');
    expect(till.getByText('No expiry')).toBeInTheDocument();
    expect(till.getByText('rita@acme.test')).toBeInTheDocument();
    const shop = within(rows[2]);
    expect(shop.getByText('Revoked')).toHaveAttribute('data-tone', 'red');
    expect(shop.getByText('Never')).toBeInTheDocument();
    expect(shop.getByText('All stores')).toBeInTheDocument();
    expect(shop.getByText('Create orders')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Expired')).toHaveAttribute('data-tone', 'grey');
    expect(screen.getByRole('button', { name: 'Create key' })).toBeInTheDocument();
  });

  it('sends the search and the state filter to the API', async () => {
    const filters: unknown[] = [];
    server.use(
      http.get(API, ({ request }) => {
        filters.push(JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}'));
        return listOf([apiKey()]);
      }),
    );
    await render();
    await screen.findByText('1 key');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search by name or prefix' }), 'till');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await waitFor(() => expect(filters.at(-1)).toEqual({ q: 'till', state: 'active' }));
  });

  it('offers only the scopes the user holds, creates the key and shows it once, with a copy button', async () => {
    const bodies: unknown[] = [];
    let listCalls = 0;
    server.use(
      http.get(API, () => {
        listCalls += 1;
        return listOf(listCalls === 1 ? [apiKey()] : [created(), apiKey()]);
      }),
      http.post(API, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(created(), { status: 201 });
      }),
    );
    await render();
    await screen.findByText('1 key');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    const scopes = within(dialog).getByRole('group', { name: 'Scopes' });
    expect(within(scopes).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Read balance', 'Money movements']);
    expect(within(dialog).queryByRole('checkbox', { name: 'Activate and sell' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Create orders' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Web shop');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read balance' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Expires/ }), '31/12/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Key created: copy it now' });
    expect(bodies).toEqual([{ name: 'Web shop', scopes: ['giftcards.balance'], storeId: null, expiresAt: dayjs('2026-12-31').endOf('day').toISOString() }]);
    expect(within(shown).getByRole('textbox', { name: 'API key Web shop' })).toHaveValue('tk_live_cd34.s3cr3t-0123456789abcdef');
    expect(within(shown).getByText(/only time the full key is shown/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create API key' })).not.toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    // user-event's clipboard stands in for the browser's
    expect(await navigator.clipboard.readText()).toBe('tk_live_cd34.s3cr3t-0123456789abcdef');
    expect(await screen.findByText('Key copied')).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'I have copied it, close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Key created: copy it now' })).not.toBeInTheDocument());
    // back on the list, which has the new key and never the secret
    expect(await screen.findByText('2 keys')).toBeInTheDocument();
    expect(screen.queryByText(/s3cr3t/)).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(/s3cr3t/)).not.toBeInTheDocument();
  });

  it("tells a refused creation by its code's text, never the server's words", async () => {
    server.use(
      http.get(API, () => listOf([apiKey()])),
      http.post(API, () => HttpResponse.json({ ...problem(403, 'API_KEY_SCOPE_NOT_HELD', API, 'scope giftcards.move not held by user 42'), status: 403 }, { status: 403, headers: { 'Content-Type': 'application/problem+json' } })),
    );
    await render();
    await screen.findByText('1 key');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Till 2');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Money movements' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('You cannot give a key a scope you do not hold yourself.')).toBeInTheDocument();
    expect(screen.queryByText(/not held by user 42/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Key created: copy it now' })).not.toBeInTheDocument();
  });

  it('revokes a key after asking, and offers no revoke on a revoked key', async () => {
    const revoked: string[] = [];
    server.use(
      http.get(API, () => listOf(revoked.length ? [apiKey({ state: 'revoked', revokedAt: '2026-11-27T10:00:00.000Z' })] : [apiKey(), apiKey({ id: 'key-2', name: 'Web shop', state: 'revoked' })])),
      http.post(`${API}/:id/revoke`, ({ params }) => {
        revoked.push(String(params.id));
        return HttpResponse.json(apiKey({ state: 'revoked' }));
      }),
    );
    await render();
    await screen.findByText('2 keys');
    expect(screen.queryByRole('button', { name: 'Revoke Web shop' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Till 1' }));
    const question = await screen.findByRole('dialog', { name: 'Revoke the key Till 1?' });
    // asking sends nothing yet
    expect(revoked).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoked).toEqual(['key-1']));
    expect(await screen.findByText('Key revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Till 1' })).not.toBeInTheDocument());
  });

  describe('issue 43', () => {
    it("after a revocation focus goes to the next key's Revoke, not to the page body", async () => {
      const revoked: string[] = [];
      const keys = () => [apiKey({ state: revoked.includes('key-1') ? 'revoked' : 'active' }), apiKey({ id: 'key-2', name: 'Till 2' }), apiKey({ id: 'key-3', name: 'Till 3' })];
      server.use(
        http.get(API, () => listOf(keys())),
        http.post(`${API}/:id/revoke`, ({ params }) => {
          revoked.push(String(params.id));
          return HttpResponse.json(apiKey({ state: 'revoked' }));
        }),
      );
      await render();
      await screen.findByText('3 keys');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Revoke Till 1' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Revoke the key Till 1?' })).getByRole('button', { name: 'Revoke' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Till 1' })).not.toBeInTheDocument());
      await waitFor(() => expect(screen.getByRole('button', { name: 'Revoke Till 2' })).toHaveFocus());
    });

    it('the last revocable key revoked: focus goes to Create key', async () => {
      let revoked = false;
      server.use(
        http.get(API, () => listOf([apiKey({ state: revoked ? 'revoked' : 'active' })])),
        http.post(`${API}/:id/revoke`, () => {
          revoked = true;
          return HttpResponse.json(apiKey({ state: 'revoked' }));
        }),
      );
      await render();
      await screen.findByText('1 key');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Revoke Till 1' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Revoke the key Till 1?' })).getByRole('button', { name: 'Revoke' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Create key' })).toHaveFocus());
      expect(document.activeElement).not.toBe(document.body);
    });

    it("the create dialog states the store's help once, under the store input", async () => {
      server.use(
        http.get(API, () => listOf([apiKey()])),
        http.get('/api/company/company-1/stores', () => HttpResponse.json([], { headers: { 'Content-Range': 'items 0-0/0' } })),
      );
      await render([...REFERENT, 'privative.stores']);
      await screen.findByText('1 key');
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Create key' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
      expect(await within(dialog).findByRole('combobox', { name: 'Store' })).toHaveAccessibleDescription(/^A till's key/);
      expect(within(dialog).getAllByText(/^A till's key/)).toHaveLength(1);
    });
  });

  it('tells a manager who holds no scope that they cannot make a key, and offers no scope', async () => {
    server.use(http.get(API, () => listOf([apiKey()])));
    await render(['management']);
    await screen.findByText('1 key');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).getByText('Your permissions allow no scope: you cannot create a key.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create key' })).toBeDisabled();
  });

  it('on a phone lists each key as a row with its state, scopes and revoke button, and no sideways-scrolling table', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false })) as typeof window.matchMedia;
    try {
      server.use(http.get(API, () => listOf([apiKey()])));
      await render();
      const rows = await screen.findByRole('list', { name: 'API keys' });
      expect(within(rows).getByText('Till 1')).toBeInTheDocument();
      expect(within(rows).getByText('Active')).toHaveAttribute('data-tone', 'green');
      expect(within(rows).getByText('Money movements')).toBeInTheDocument();
      expect(within(rows).getByText(/tk_live_ab12 · Duomo/)).toBeInTheDocument();
      expect(await within(rows).findByRole('button', { name: 'Revoke Till 1' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
