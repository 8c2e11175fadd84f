import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LocationProbe } from '../../test/LocationProbe';
import { createAuthProvider } from '../../authProvider/authProvider';
import { createHttpClient } from '../../dataProvider/httpClient';
import { server } from '../../test/msw';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { AccountActivationPage } from './AccountActivationPage';

async function renderPage(path: string) {
  await renderWithAdmin(
    <>
      <AccountActivationPage />
      <LocationProbe />
    </>,
    { path, authProvider: createAuthProvider(createHttpClient({ onSessionEnd: () => undefined })) },
  );
}

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
});
