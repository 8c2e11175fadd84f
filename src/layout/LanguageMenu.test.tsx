import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { server } from '../test/msw';
import { renderScreen } from '../test/renderScreen';
import { LanguageMenu } from './LanguageMenu';

describe('header language menu', () => {
  afterEach(async () => {
    localStorage.removeItem('i18nextLng');
    await i18n.changeLanguage('en');
  });

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

  it('lists the five languages each in its own name; French then shows French texts', async () => {
    server.use(http.put('/api/user/language', () => new HttpResponse(null, { status: 204 })));
    await renderScreen(<LanguageMenu />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /EN/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('lang')])).toEqual([
      ['Italiano', 'it'],
      ['English', 'en'],
      ['Español', 'es'],
      ['Français', 'fr'],
      ['Deutsch', 'de'],
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Français' }));
    // the button's name is a text of the chosen language: French's own ("Lingua: FR" was Italian's stand-in)
    expect(await screen.findByRole('button', { name: 'Langue\u00a0: FR' })).toBeInTheDocument();
  });
});
