import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { problem, signedIn, userConfiguration } from '../../test/builders';
import { LocationProbe } from '../../test/LocationProbe';
import { createAuthProvider } from '../../authProvider/authProvider';
import { createHttpClient } from '../../dataProvider/httpClient';
import { server } from '../../test/msw';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { AccountActivationPage } from './AccountActivationPage';

async function renderPage(path: string, onSessionEnd: () => void = () => undefined) {
  const authProvider = createAuthProvider(createHttpClient({ onSessionEnd }));
  const logout = vi.spyOn(authProvider, 'logout');
  await renderWithAdmin(
    <>
      <AccountActivationPage />
      <LocationProbe />
    </>,
    { path, authProvider },
  );
  return { logout };
}

/** The server's side of a session: who it is (for a token it accepts), refreshes, logouts. */
function serveSession({ accepts = ['access-1'], refresh = null }: { accepts?: string[]; refresh?: { accessToken: string; refreshToken: string } | null } = {}) {
  const seen = { logouts: [] as string[], configurationTokens: [] as string[] };
  server.use(
    http.get('/api/user/configuration', ({ request }) => {
      const token = request.headers.get('Authorization')?.replace('Bearer ', '') ?? '';
      seen.configurationTokens.push(token);
      return accepts.includes(token) ? HttpResponse.json(userConfiguration([], { firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.test' })) : HttpResponse.json(problem(401, 'UNAUTHORIZED'), { status: 401 });
    }),
    http.post('/api/auth/access-token', () => (refresh ? HttpResponse.json(refresh) : HttpResponse.json(problem(401, 'UNAUTHORIZED'), { status: 401 }))),
    http.get('/api/auth/logout', ({ request }) => (seen.logouts.push(new URL(request.url).searchParams.get('refreshToken') ?? ''), new HttpResponse('', { status: 200 }))),
  );
  return seen;
}

const storedSession = () => ['accessToken', 'refreshToken', 'companyId'].map((key) => localStorage.getItem(key));

describe('AccountActivationPage', () => {
  it('shows nothing without a token', async () => {
    await renderPage('/user-account-activation');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('activates with a 12+ character strong password and goes to /login', async () => {
    let body: unknown;
    server.use(http.post('/api/user/activate-account', async ({ request }) => ((body = await request.json()), new HttpResponse(null, { status: 204 }))));
    await renderPage('/user-account-activation?t=act-1');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: 'Activate your account' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Short-1!');
    expect(await screen.findByText('The password must be at least 12 characters long')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'abcdefg');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'Short-1!abcdefg');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Activate account' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Activate account' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(body).toEqual({ password: 'Short-1!abcdefg', token: 'act-1' });
  });

  describe('opened where someone else is signed in (issue 42)', () => {
    it("ends that session through the authProvider's logout and names who was signed out; the new account then signs in at /login", async () => {
      signedIn();
      const seen = serveSession();
      server.use(http.post('/api/user/activate-account', () => new HttpResponse(null, { status: 204 })));
      const { logout } = await renderPage('/user-account-activation?t=act-1');

      expect(await screen.findByText('Grace Hopper (grace@acme.test) has been signed out of this browser. Afterwards, sign in with the account this link is for.')).toBeInTheDocument();
      expect(logout).toHaveBeenCalledTimes(1);
      expect(seen.logouts).toEqual(['refresh-1']);
      expect(storedSession()).toEqual([null, null, null]);

      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Short-1!abcdefg');
      await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'Short-1!abcdefg');
      await user.click(screen.getByRole('button', { name: 'Activate account' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
      expect(storedSession()).toEqual([null, null, null]);
    });

    it('refreshes an expired access token once to say who it was, and revokes the refreshed session', async () => {
      signedIn();
      const seen = serveSession({ accepts: ['access-2'], refresh: { accessToken: 'access-2', refreshToken: 'refresh-2' } });
      await renderPage('/user-account-activation?t=act-1');

      expect(await screen.findByText(/^Grace Hopper \(grace@acme\.test\) has been signed out/)).toBeInTheDocument();
      expect(seen.configurationTokens).toEqual(['access-1', 'access-2']);
      expect(seen.logouts).toEqual(['refresh-2']);
      expect(storedSession()).toEqual([null, null, null]);
    });

    it('clears a dead session too (its refresh refused) and says a session was ended, staying on the link', async () => {
      signedIn();
      const onSessionEnd = vi.fn();
      const seen = serveSession({ accepts: [] });
      await renderPage('/user-account-activation?t=act-1', onSessionEnd);

      expect(await screen.findByText(/^Whoever was signed in on this browser has been signed out\./)).toBeInTheDocument();
      expect(seen.logouts).toEqual(['refresh-1']);
      expect(storedSession()).toEqual([null, null, null]);
      // not the http client's end of session, which leaves for the root
      expect(onSessionEnd).not.toHaveBeenCalled();
      expect(screen.getByTestId('location')).toHaveTextContent('/user-account-activation?t=act-1');
      expect(screen.getByRole('button', { name: 'Activate account' })).toBeInTheDocument();
    });

    it('signs nobody out when nobody is signed in', async () => {
      const seen = serveSession();
      const { logout } = await renderPage('/user-account-activation?t=act-1');
      expect(screen.getByRole('heading', { name: 'Activate your account' })).toBeInTheDocument();
      expect(screen.queryByText(/signed out/)).not.toBeInTheDocument();
      expect(logout).not.toHaveBeenCalled();
      expect(seen.logouts).toEqual([]);
    });

    it('keeps the session when the page opens without a token (it shows nothing)', async () => {
      signedIn();
      const seen = serveSession();
      const { logout } = await renderPage('/user-account-activation');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(logout).not.toHaveBeenCalled();
      expect(seen.logouts).toEqual([]);
      expect(storedSession()).toEqual(['access-1', 'refresh-1', 'company-1']);
    });
  });
});
