import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../test/msw';
import { renderScreen } from '../test/renderScreen';
import { LanguageMenu } from './LanguageMenu';

describe('header language menu', () => {
  it('switches the texts and keeps the choice on the server, so the e-mails follow it', async () => {
    const saved: unknown[] = [];
    server.use(
      http.put('/api/user/language', async ({ request }) => {
        saved.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderScreen(<LanguageMenu />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /EN/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Italiano' }));
    await waitFor(() => expect(saved).toEqual([{ language: 'it' }]));
    expect(await screen.findByRole('button', { name: /IT/ })).toBeInTheDocument();
  });
});
