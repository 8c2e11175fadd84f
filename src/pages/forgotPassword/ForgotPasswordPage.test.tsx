import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem, signedIn, userConfiguration } from '../../test/builders';
import { LocationProbe } from '../../test/LocationProbe';
import { createAuthProvider } from '../../authProvider/authProvider';
import { createHttpClient } from '../../dataProvider/httpClient';
import { server } from '../../test/msw';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { ForgotPasswordPage } from './ForgotPasswordPage';

async function renderPage(path: string) {
  await renderWithAdmin(
    <>
      <ForgotPasswordPage />
      <LocationProbe />
    </>,
    { path, authProvider: createAuthProvider(createHttpClient({ onSessionEnd: () => undefined })) },
  );
  return userEvent.setup();
}

describe('ForgotPasswordPage without a token', () => {
  it('requires an e-mail (emailError) and links back to /login', async () => {
    const user = await renderPage('/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByLabelText(/E-mail/));
    await user.tab();
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send link' })).toBeDisabled();
  });

  it('on success shows a green notification, removes stored tokens and goes to /', async () => {
    signedIn();
    let body: unknown;
    server.use(http.post('/api/user/forgot-password', async ({ request }) => ((body = await request.json()), new HttpResponse(null, { status: 204 }))));
    const user = await renderPage('/forgot-password');

    await user.type(screen.getByLabelText(/E-mail/), 'ada@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send link' }));

    expect(await screen.findByText(/you will receive an e-mail with the link/)).toBeInTheDocument();
    expect(body).toEqual({ email: 'ada@acme.test' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

describe('ForgotPasswordPage with a token', () => {
  it('sends the strong new password with the token, then goes to /', async () => {
    let body: unknown;
    server.use(http.post('/api/user/reset-password', async ({ request }) => ((body = await request.json()), new HttpResponse(null, { status: 204 }))));
    const user = await renderPage('/forgot-password?t=token-123');
    const submit = screen.getByRole('button', { name: 'Save password' });

    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'abcD1!');
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '3');
    expect(await screen.findByText('The password must be at least 12 characters long')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'abcdefgh');
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'abcD1!abcdefgX');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'abcD1!abcdefgh');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText('Your password has been reset. You can now sign in.')).toBeInTheDocument();
    expect(body).toEqual({ password: 'abcD1!abcdefgh', token: 'token-123' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows the catalogue text of an expired link', async () => {
    server.use(http.post('/api/user/reset-password', () => HttpResponse.json(problem(400, 'EXPIRED_OOB_CODE', '/api/user/reset-password'), { status: 400 })));
    const user = await renderPage('/forgot-password?t=old');
    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'abcD1!abcdefgh');
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'abcD1!abcdefgh');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save password' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Code expired. Request a new link')).toBeInTheDocument();
  });

  it('opened where someone is signed in, ends that session (issue 42), names it, and after the reset goes to / signed out', async () => {
    signedIn();
    const logouts: string[] = [];
    server.use(
      http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration([], { firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.test' }))),
      http.get('/api/auth/logout', ({ request }) => (logouts.push(new URL(request.url).searchParams.get('refreshToken') ?? ''), new HttpResponse('', { status: 200 }))),
      http.post('/api/user/reset-password', () => new HttpResponse(null, { status: 204 })),
    );
    const user = await renderPage('/forgot-password?t=token-123');

    expect(await screen.findByText('Grace Hopper (grace@acme.test) has been signed out of this browser. Afterwards, sign in with the account this link is for.')).toBeInTheDocument();
    expect(logouts).toEqual(['refresh-1']);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('companyId')).toBeNull();

    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'abcD1!abcdefgh');
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'abcD1!abcdefgh');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save password' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});
