import { render, screen, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { useEffect, useRef, useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { App } from '../../App';
import { createAuthProvider } from '../../authProvider/authProvider';
import { createQueryClient } from '../../dataProvider/queryClient';
import { createI18nProvider } from '../../i18n/i18nProvider';
import { createHttpClient } from '../../dataProvider/httpClient';
import { signedIn } from '../../test/builders';
import { LocationProbe } from '../../test/LocationProbe';
import { server } from '../../test/msw';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { LoginPage } from './LoginPage';

/** Ends a navigation loop (/login ↔ /) by failing the render, so the test fails rather than hangs. */
function NavigationLoopBreaker() {
  const { key } = useLocation();
  const count = useRef(0);
  const [looping, setLooping] = useState(false);
  useEffect(() => {
    count.current += 1;
    if (count.current > 20) setLooping(true);
  }, [key]);
  if (looping) throw new Error('navigation loop');
  return null;
}

async function renderLogin() {
  const authProvider = createAuthProvider(createHttpClient({ onSessionEnd: () => undefined }));
  await renderWithAdmin(<LoginPage />, { path: '/login', authProvider });
  return {
    user: userEvent.setup(),
    email: screen.getByLabelText(/E-mail/),
    password: screen.getByLabelText(/^Password/, { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

describe('LoginPage', () => {
  it('shows the app version and the environment label', async () => {
    await renderLogin();
    expect(screen.getByTestId('app-version')).toHaveTextContent('Version 0.6.2');
    expect(screen.getByTestId('environment-label')).toHaveTextContent('dev');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('validates on blur: empty e-mail and password show usernameError (which speaks of the e-mail) and passwordError', async () => {
    const { user, email, password } = await renderLogin();
    await user.click(email);
    await user.click(password);
    await user.tab();
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
  });

  it('validates on change: a password over 255 characters shows passwordLengthError', async () => {
    const { user, password } = await renderLogin();
    await user.click(password);
    await user.paste('x'.repeat(256));
    expect(await screen.findByText('The password can be at most 255 characters long')).toBeInTheDocument();
  });

  it('enables submit only when the form is changed and valid', async () => {
    const { user, email, password, submit } = await renderLogin();
    expect(submit).toBeDisabled();
    await user.type(email, 'ada@acme.test');
    expect(submit).toBeDisabled();
    await user.type(password, 'secret');
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('shows the catalogue text of a failed sign-in inside the form, as an alert', async () => {
    server.use(
      http.post('/identity/v1/accounts:signInWithPassword', () => HttpResponse.json({ error: { code: 400, message: 'USER_DISABLED' } }, { status: 400 })),
    );
    const { user, email, password, submit } = await renderLogin();
    await user.type(email, 'ada@acme.test');
    await user.type(password, 'secret');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in failed');
    expect(alert).toHaveTextContent('Account disabled. Contact support.');
    expect(alert.closest('form')).not.toBeNull();
  });

  it('sends a signed-in visitor home', async () => {
    signedIn();
    const authProvider = createAuthProvider(createHttpClient({ onSessionEnd: () => undefined }));
    await renderWithAdmin(
      <>
        <LoginPage />
        <LocationProbe />
      </>,
      { path: '/login', authProvider },
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows the form when the session ended elsewhere while an older "signed in" answer is still cached (no loop with /)', async () => {
    // another tab signed out: the tokens are gone, but this tab's react-admin cache still holds
    // the checkAuth answer of when it was signed in (the demo build's hash navigation to /login)
    const queryClient = createQueryClient();
    queryClient.setQueryData(['auth', 'checkAuth', {}], true);
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    const authProvider = createAuthProvider(createHttpClient({ onSessionEnd: () => undefined }));
    render(
      <MemoryRouter initialEntries={['/login']}>
        <App authProvider={authProvider} dataProvider={{} as DataProvider} i18nProvider={await createI18nProvider()} queryClient={queryClient} />
        <LocationProbe />
        <NavigationLoopBreaker />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
  });
});
