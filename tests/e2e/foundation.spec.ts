import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { countMessagesTo, waitForLink } from './support/mailbox';
import { DEMO_PASSWORD, signIn } from './support/session';
import { ADMIN_PASSWORD } from './support/lanes';

// the admin's password changes here for a while, which ends the admin's other sessions: no journey of
// the other lane signing in as the admin runs meanwhile (support/lanes.ts)
test.describe.configure({ lock: ADMIN_PASSWORD });

test.describe('foundation', () => {
  test('/ goes to the Italian login, showing version and environment', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible();
    await expect(page.getByTestId('app-version')).toContainText('0.6.2');
    await expect(page.getByTestId('environment-label').first()).toContainText('dev');
    await expect(page.getByRole('link', { name: 'Password dimenticata?' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('it');
    await expect(page).toHaveTitle('Accedi · Tessera');
    await expectAccessible(page, 'login');
  });

  test('a wrong password shows the translated invalid-credentials text', async ({ page }) => {
    await signIn(page, 'admin@tessera.test', 'not-the-password');
    // inside the form, as an alert, not in a far corner
    await expect(page.locator('form').getByRole('alert')).toContainText('Credenziali non valide');
    await expectAccessible(page, 'login refused');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('a disabled account is told so', async ({ page }) => {
    await signIn(page, 'disabled@acme.test');
    await expect(page.getByText('Account disabilitato', { exact: false })).toBeVisible();
  });

  test('admin signs in, sees every area, switches to English, changes the password and logs out', async ({ page }) => {
    await signIn(page, 'admin@tessera.test');
    // `/` lands on the first menu entry
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
    const menu = page.getByRole('menu', { name: /^(Menu principale|Main menu)$/ });
    // sections with several entries have a heading; single-entry sections show the entry
    for (const section of ['Gift card', 'Ordini gift card', 'Carte ricaricabili', 'Square']) {
      await expect(menu.getByText(section, { exact: true }).first()).toBeVisible();
    }
    const items = await menu.getByRole('menuitem').allInnerTexts();
    expect(items.map((text) => text.trim())).toEqual([
      'Gestione gift card', 'Ricerca gift card', 'Transazioni', 'Punti vendita', 'Lotti',
      'Aziende e operatori', 'Ordini', 'Ordini acquisiti', 'Storico ordini',
      'Wallet', 'Wallet sotto-aziende', 'Carte', 'Utenti', 'Ricarica carte', 'Ricariche programmate', 'Storico ricariche', 'Notifiche',
      'Ordini', 'Codici generati', 'Comunicazioni',
      'Ticket', 'Categorie ticket', 'Report', 'Gestione utenti', 'Chiavi API', 'Registro delle modifiche', 'E-mail', 'Dashboard analitica',
    ]);
    expect(await page.evaluate(() => localStorage.getItem('companyId'))).toMatch(/^[0-9a-f-]{36}$/);

    // an unknown sub-path goes back to the section base
    await page.goto('/reloadables/nowhere');
    await expect(page).toHaveURL(/\/reloadables\/wallet$/);

    // English, remembered across a reload
    await expectAccessible(page, 'reloadables wallet');
    await page.getByRole('button', { name: 'Lingua: IT' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(menu.getByText('Gift card management', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await page.reload();
    await expect(menu.getByText('Reloadable cards', { exact: true })).toBeVisible();

    // change the password
    await page.goto('/password');
    await page.getByRole('textbox', { name: 'Current password' }).fill(DEMO_PASSWORD);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Tessera-Nuova-2026?');
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Tessera-Nuova-2026?');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();
    await expectAccessible(page, 'password changed (en)');

    // log out: tokens gone, back at the login
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);

    // the old password no longer works, the new one does
    await signIn(page, 'admin@tessera.test', DEMO_PASSWORD, { email: 'E-mail', password: 'Password', submit: 'Sign in' });
    await expect(page.getByText('Invalid credentials', { exact: false })).toBeVisible();
    await signIn(page, 'admin@tessera.test', 'Tessera-Nuova-2026?', { email: 'E-mail', password: 'Password', submit: 'Sign in' });
    await expect(page).toHaveURL(/\/privative\/giftcards$/);

    // and back to the demo password, which the other journeys use
    await page.goto('/password');
    await page.getByRole('textbox', { name: 'Current password' }).fill('Tessera-Nuova-2026?');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();
  });

  test('a user without permissions sees the no-permissions page', async ({ page }) => {
    await signIn(page, 'noaccess@acme.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Questo utente non ha permessi attivi' })).toBeVisible();
    await expect(page.getByText("Contatta l'amministratore per risolvere il problema.")).toBeVisible();
    await expectAccessible(page, 'no permissions');
  });

  test('a protected page asks to sign in and returns there afterwards', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'operator@acme.test');
    await expect(page).toHaveURL(/\/profile$/);
    // the own data is a form (issue 20); the role is text, translated
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue('operator@acme.test');
    await expect(page.getByTestId('profile-role')).toHaveText('Operatore');
    await expect(page).toHaveTitle('Profilo · Tessera');
    await expectAccessible(page, 'profile');
  });

  test('a screen the user may not open says so, with a way home', async ({ page }) => {
    await signIn(page, 'operator@acme.test');
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
    await page.goto('/users/list');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Non puoi aprire questa pagina');
    await expect(page).toHaveURL(/\/users\/list$/);
    await expectAccessible(page, 'access denied');
    await page.getByRole('link', { name: 'Torna alla home' }).click();
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
  });

  test('an unknown page shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByText('La pagina che stai cercando non esiste.')).toBeVisible();
    await expect(page).toHaveTitle('Pagina non trovata · Tessera');
    await expectAccessible(page, 'not found');
    await page.getByRole('link', { name: 'Torna alla home' }).or(page.getByRole('button', { name: 'Torna alla home' })).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('forgot password: the e-mailed link sets a new password that signs in', async ({ page }) => {
    // the account without permissions: the other journeys keep the demo password of the others
    const email = 'noaccess@acme.test';
    const seen = countMessagesTo(email);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // the login form has an E-mail field too: wait until the request form replaced it
    await expect(page.getByRole('button', { name: 'Invia link' })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Invia link' }).click();
    await expect(page.getByText("Se l'indirizzo appartiene a un account", { exact: false })).toBeVisible();

    const link = await waitForLink(email, /http:\/\/localhost:\d+\/forgot-password\?t=[A-Za-z0-9_-]+/, seen);
    await page.goto(link);
    await page.getByRole('textbox', { name: 'Nuova password', exact: true }).fill('weak');
    await expect(page.getByTestId('password-strength')).toBeVisible();
    await expectAccessible(page, 'reset password');
    await expect(page.getByRole('button', { name: 'Salva password' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Nuova password', exact: true }).fill('Operatore-Nuovo-2026#');
    await page.getByRole('textbox', { name: 'Conferma nuova password' }).fill('Operatore-Nuovo-2026#');
    await page.getByRole('button', { name: 'Salva password' }).click();
    await expect(page.getByText('La password è stata reimpostata', { exact: false })).toBeVisible();

    // the link works once
    await page.goto(link);
    await page.getByRole('textbox', { name: 'Nuova password', exact: true }).fill('Operatore-Altra-2026#');
    await page.getByRole('textbox', { name: 'Conferma nuova password' }).fill('Operatore-Altra-2026#');
    await page.getByRole('button', { name: 'Salva password' }).click();
    await expect(page.locator('form').getByRole('alert')).toContainText('Codice non valido o già utilizzato');

    await signIn(page, email, 'Operatore-Nuovo-2026#');
    await expect(page.getByRole('heading', { level: 1, name: 'Questo utente non ha permessi attivi' })).toBeVisible();
  });
});
