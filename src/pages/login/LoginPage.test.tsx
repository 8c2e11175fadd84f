import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../authProvider/authProvider';
import { createHttpClient } from '../../dataProvider/httpClient';
import { signedIn } from '../../test/builders';
import { LocationProbe } from '../../test/LocationProbe';
import { server } from '../../test/msw';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { LoginPage } from './LoginPage';

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
});
