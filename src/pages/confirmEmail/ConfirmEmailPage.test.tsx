import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../authProvider/authProvider';
import { createHttpClient } from '../../dataProvider/httpClient';
import { problem } from '../../test/builders';
import { server } from '../../test/msw';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { ConfirmEmailPage } from './ConfirmEmailPage';

const render = (path: string) => renderWithAdmin(<ConfirmEmailPage />, { path, authProvider: createAuthProvider(createHttpClient({ onSessionEnd: () => undefined })) });

describe('ConfirmEmailPage', () => {
  it('confirms with the token only when asked, then points to the sign-in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/user/confirm-email', async ({ request }) => {
        sent.push({ body: await request.json(), auth: request.headers.get('Authorization') });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await render('/confirm-email?t=tok-1');
    expect(sent).toEqual([]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm e-mail' }));
    expect(await screen.findByText('Your e-mail address has been changed. Sign in with the new address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
    expect(sent).toEqual([{ body: { token: 'tok-1' }, auth: null }]);
  });

  it('says why a link fails (used, expired, address taken)', async () => {
    server.use(http.post('/api/user/confirm-email', () => HttpResponse.json(problem(400, 'INVALID_OOB_CODE', '/api/user/confirm-email'), { status: 400 })));
    await render('/confirm-email?t=used');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or already used code');
  });

  it('shows nothing without a token', async () => {
    const { container } = await render('/confirm-email');
    expect(container.textContent).toBe('');
  });
});
