import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem, signedIn } from '../../test/builders';
import { createAuthProvider } from '../../authProvider/authProvider';
import { createHttpClient } from '../../dataProvider/httpClient';
import { server } from '../../test/msw';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import ChangePasswordPage from './ChangePasswordPage';

async function fill(user: ReturnType<typeof userEvent.setup>, oldPassword: string, newPassword: string) {
  await user.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), oldPassword);
  await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), newPassword);
  await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), newPassword);
}

describe('ChangePasswordPage', () => {
  it('sends old and new password with the bearer token and shows the green success', async () => {
    signedIn();
    let request: { body: unknown; auth: string | null } | undefined;
    server.use(
      http.put('/api/user/change-password', async ({ request: r }) => {
        request = { body: await r.json(), auth: r.headers.get('Authorization') };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderWithAdmin(<ChangePasswordPage />, { path: '/password', authProvider: createAuthProvider(createHttpClient({ onSessionEnd: () => undefined })) });
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();

    await fill(user, 'Old-password-1', 'New-password-12!');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(request).toEqual({ body: { oldPassword: 'Old-password-1', newPassword: 'New-password-12!' }, auth: 'Bearer access-1' });
    await waitFor(() => expect(screen.getByLabelText(/^Current password/, { selector: 'input' })).toHaveValue(''));
  });

  it('shows the catalogue text of a wrong current password', async () => {
    signedIn();
    server.use(http.put('/api/user/change-password', () => HttpResponse.json(problem(400, 'WRONG_PASSWORD', '/api/user/change-password'), { status: 400 })));
    await renderWithAdmin(<ChangePasswordPage />, { path: '/password', authProvider: createAuthProvider(createHttpClient({ onSessionEnd: () => undefined })) });
    const user = userEvent.setup();
    await fill(user, 'Old-password-1', 'New-password-12!');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
  });

  it("puts the server's field error on its field", async () => {
    signedIn();
    server.use(
      http.put('/api/user/change-password', () =>
        HttpResponse.json({ ...problem(400, 'VALIDATION_ERROR', '/api/user/change-password'), errors: { newPassword: 'validation.passwordWeak' } }, { status: 400 }),
      ),
    );
    await renderWithAdmin(<ChangePasswordPage />, { path: '/password', authProvider: createAuthProvider(createHttpClient({ onSessionEnd: () => undefined })) });
    const user = userEvent.setup();
    await fill(user, 'Old-password-1', 'New-password-12!');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Some data are not valid. Check the highlighted fields.')).toBeInTheDocument();
    const field = screen.getByLabelText(/^New password/, { selector: 'input' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The password must contain upper and lower case letters, a number and a symbol');
  });
});
