import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from '../../authProvider/authProvider';
import { clearUserConfigurationCache } from '../../dataProvider/userConfigurationCache';
import { createHttpClient } from '../../dataProvider/httpClient';
import { i18n } from '../../i18n/i18n';
import { problem, signedIn, userConfiguration } from '../../test/builders';
import { server } from '../../test/msw';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import ProfilePage from './ProfilePage';

const render = (path = '/profile') => renderWithAdmin(<ProfilePage />, { path, authProvider: createAuthProvider(createHttpClient({ onSessionEnd: () => undefined })) });

describe('ProfilePage', () => {
  afterEach(async () => {
    clearUserConfigurationCache();
    localStorage.removeItem('i18nextLng');
    await i18n.changeLanguage('en');
  });

  it('saves the own data with no permission and says "Profile updated"; a new e-mail is shown as waiting', async () => {
    signedIn();
    const sent: unknown[] = [];
    server.use(
      http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration([]))),
      http.put('/api/user/profile', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json(userConfiguration([], { phone: String(body.phone), pendingEmail: 'ada.new@acme.test' }));
      }),
    );
    await render();
    const user = userEvent.setup();
    const phone = await screen.findByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '12345');
    expect(await screen.findByText(/^Enter a phone number of exactly 10 digits/)).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '3339876543');
    await user.clear(screen.getByRole('textbox', { name: /^E-mail/ }));
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ada.new@acme.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(sent).toEqual([{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada.new@acme.test', phoneCountry: '+39', phone: '3339876543', address: null, city: null, state: null, zip: null, country: null }]);
    expect(await screen.findByTestId('profile-pending-email')).toHaveTextContent('ada.new@acme.test');
  });

  describe('issue 43', () => {
    const serveProfile = (user: Record<string, unknown> = {}) => {
      const sent: Record<string, unknown>[] = [];
      server.use(
        http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration([], { phone: null, phoneCountry: null, ...user }))),
        http.put('/api/user/profile', async ({ request }) => {
          const body = (await request.json()) as Record<string, unknown>;
          sent.push(body);
          return HttpResponse.json(userConfiguration([], { ...body }));
        }),
      );
      return sent;
    };

    it('a profile with no phone (as the demo users) saves: the phone is the user rule, both or neither', async () => {
      signedIn();
      const sent = serveProfile();
      await render();
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: 'City' }), 'Milano');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Profile updated')).toBeInTheDocument();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ phone: null, phoneCountry: null, city: 'Milano' });
    });

    it('states each limit under its field before any input, the postcode by its country', async () => {
      signedIn();
      serveProfile();
      await render();
      expect(await screen.findByRole('textbox', { name: /^First name/ })).toHaveAccessibleDescription('2 to 40 letters, no digits or special characters');
      expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveAccessibleDescription('Italy (or no country): 5 digits; other countries: letters, digits, spaces or hyphens, up to 10');
      expect(screen.getByRole('textbox', { name: 'City' })).toHaveAccessibleDescription('At most 40 characters');
      expect(screen.getByRole('textbox', { name: /^Phone/ })).toHaveAccessibleDescription(/10 digits/);
    });

    it('a blocked Save names the invalid fields (FormBlockers), a foreign postcode is taken abroad', async () => {
      signedIn();
      const sent = serveProfile();
      await render();
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: 'ZIP code' }), 'SW1A 1AA');
      const note = await screen.findByTestId('form-blockers');
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
      await waitFor(() => expect(note).toHaveTextContent('ZIP code: An Italian postcode has exactly 5 digits'));
      await user.type(screen.getByRole('textbox', { name: 'Country' }), 'United Kingdom');
      await waitFor(() => expect(screen.queryByTestId('form-blockers')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Profile updated')).toBeInTheDocument();
      expect(sent[0]).toMatchObject({ zip: 'SW1A 1AA', country: 'United Kingdom' });
    });

    it('after Save, focus stays on the page (the heading), not on the body', async () => {
      signedIn();
      serveProfile();
      await render();
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: 'City' }), 'Milano');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Profile updated')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toHaveFocus());
      expect(document.activeElement).not.toBe(document.body);
    });
  });

  it("puts the server's field error on its field, and it stays there until the field is changed", async () => {
    signedIn();
    server.use(
      http.get('/api/user/configuration', () => HttpResponse.json(userConfiguration([]))),
      http.put('/api/user/profile', () => HttpResponse.json({ ...problem(409, 'EMAIL_EXISTS', '/api/user/profile'), errors: { email: 'validation.emailExists' } }, { status: 409 })),
    );
    await render();
    const user = userEvent.setup();
    const city = await screen.findByRole('textbox', { name: 'City' });
    await user.type(city, 'Milano');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription('This e-mail address already belongs to an account'));
    // checking the form's rules again (the blocked-Save note's doing) once wiped it a moment later
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(email).toHaveAccessibleDescription('This e-mail address already belongs to an account');
    expect(screen.queryByTestId('form-blockers')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // a rule broken elsewhere is named in the note, the refusal kept beside it
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await user.clear(phone);
    await user.type(phone, '12');
    await waitFor(() => expect(screen.getByTestId('form-blockers')).toHaveTextContent(/Phone/));
    expect(email).toHaveAccessibleDescription('This e-mail address already belongs to an account');
    // changing the refused field clears its refusal
    await user.clear(phone);
    await user.type(phone, '3339876543');
    await user.type(email, 'x');
    await waitFor(() => expect(email).toHaveAccessibleDescription('At most 320 characters'));
  });

  it('the language is saved on the server and kept in i18nextLng', async () => {
    signedIn();
    const sent: unknown[] = [];
    server.use(
      http.put('/api/user/language', async ({ request }) => {
        sent.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await render('/profile?tab=language');
    await userEvent.setup().click(await screen.findByRole('radio', { name: 'Italiano' }));
    await waitFor(() => expect(localStorage.getItem('i18nextLng')).toBe('it'));
    expect(sent).toEqual([{ language: 'it' }]);
    expect(await screen.findByText('Lingua aggiornata')).toBeInTheDocument();
  });

  it('offers the five languages, each in its own name, and shows German in German once chosen (no Italian stand-in)', async () => {
    signedIn();
    server.use(http.put('/api/user/language', () => new HttpResponse(null, { status: 204 })));
    await render('/profile?tab=language');
    const names = (await screen.findAllByRole('radio')).map((radio) => radio.closest('label')?.textContent);
    expect(names).toEqual(['Italiano', 'English', 'Español', 'Français', 'Deutsch']);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Deutsch' }));
    await waitFor(() => expect(localStorage.getItem('i18nextLng')).toBe('de'));
    const de = (key: string) => i18n.getResource('de', 'translation', key) as string;
    expect(await screen.findByText(de('success.languageUpdated'))).toBeInTheDocument();
    expect(screen.getByText(de('profile.languageDescription'))).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
  });
});
