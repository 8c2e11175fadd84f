import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthProvider, DataProvider } from 'react-admin';
import { canAccess } from '../../domain/access';
import { PERMISSION_KEYS, permissionsFrom, type PermissionKey } from '../../domain/permissions';
import { App } from '../App';
import { REGISTRY } from '../resources/registry';
import { createQueryClient } from '../dataProvider/queryClient';
import { createI18nProvider } from '../i18n/i18nProvider';
import { hasSession } from '../dataProvider/session';
import { signedIn } from '../test/builders';

/** `answersAtHand`: the configuration has arrived (canAccessNow answers); else every answer is awaited. */
function fakeAuthProvider(keys: readonly PermissionKey[], answersAtHand = true): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => {
      if (!hasSession()) throw { message: false };
    },
    checkError: async () => undefined,
    getPermissions: async () => permissionsFrom(keys),
    getIdentity: async () => ({ id: 'u1', fullName: 'Ada Lovelace' }),
    hasSession,
    // Ada is her company's referent: the audit trail's entry opens to her with the management flag
    canAccess: async ({ resource, action }) => canAccess(permissionsFrom(keys), resource, action, { isReferent: true }),
    canAccessNow: ({ resource, action }: { resource: string; action: string }) => (answersAtHand ? canAccess(permissionsFrom(keys), resource, action, { isReferent: true }) : undefined),
  };
}

async function renderApp(path: string, keys: readonly PermissionKey[], answersAtHand = true) {
  const i18nProvider = await createI18nProvider();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App authProvider={fakeAuthProvider(keys, answersAtHand)} dataProvider={{} as DataProvider} i18nProvider={i18nProvider} queryClient={createQueryClient()} />
    </MemoryRouter>,
  );
}

const heading = (name: string) => screen.findByRole('heading', { name, level: 1 }, { timeout: 3000 });

describe('shell and menu gating', () => {
  it('shows the no-permissions page to a user with an empty permissions object', async () => {
    signedIn();
    await renderApp('/', []);
    expect(await heading('This user does not have permissions activated')).toBeInTheDocument();
    expect(screen.getByText('Contact the administrator to resolve the issue.')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('builds the menu from the permissions and sends / to the first available item', async () => {
    signedIn();
    await renderApp('/', ['privative.transactions', 'ticketing', 'management']);
    expect(await heading('Transactions')).toBeInTheDocument();
    const menu = await screen.findByRole('menu');
    const labels = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    expect(labels).toEqual(['Transactions', 'Tickets', 'User management', 'API keys', 'Audit trail']);
    expect(within(menu).queryByText('Gift card management')).not.toBeInTheDocument();
  });

  it('builds the same menu and first screen while the permissions are still on their way', async () => {
    signedIn();
    await renderApp('/', ['privative.transactions', 'ticketing', 'management'], false);
    expect(await heading('Transactions')).toBeInTheDocument();
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Transactions', 'Tickets', 'User management', 'API keys', 'Audit trail']);
  });

  it('hides the side navigation when there is a single item', async () => {
    signedIn();
    await renderApp('/', ['report']);
    expect(await heading('Reports')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('tells the user a screen they may not open is not for them, with a way home', async () => {
    signedIn();
    await renderApp('/users/list', ['ticketing']);
    expect(await heading('You cannot open this page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('You cannot open this page · Tessera'));
  });

  it('redirects a section index and unknown sub-paths to the section base', async () => {
    signedIn();
    await renderApp('/privative-orders/whatever/deep', ['privative.companies', 'privative.orders']);
    expect(await heading('Companies and operators')).toBeInTheDocument();
  });

  it('a resource with no list of its own goes back to its section from its bare path, never a blank page', async () => {
    const listless = REGISTRY.filter((definition) => !definition.list);
    expect(listless.map((definition) => definition.name)).toEqual(expect.arrayContaining(['privative/typologies', 'privative-orders/operators']));
    for (const definition of listless) {
      signedIn();
      const { unmount } = await renderApp(`/${definition.name}`, PERMISSION_KEYS);
      const title = await screen.findByRole('heading', { level: 1 });
      expect(title).not.toHaveTextContent('Page not found');
      expect(title.textContent).not.toBe('');
      unmount();
    }
  });

  it('shows the not-found page for unknown paths', async () => {
    signedIn();
    await renderApp('/no-such-page', ['ticketing']);
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('sends a signed-out visitor of a protected screen to the login page', async () => {
    await renderApp('/profile', ['ticketing']);
    expect(await heading('Sign in')).toBeInTheDocument();
  });

  it('shows the shell in Italian by default texts', async () => {
    signedIn();
    const { i18n } = await import('../i18n/i18n');
    await i18n.changeLanguage('it');
    await renderApp('/', []);
    expect(await heading('Questo utente non ha permessi attivi')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /Esci/ })).toBeInTheDocument());
  });
});
