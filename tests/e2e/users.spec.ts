import { expect, test, type Page } from '@playwright/test';
import { waitForLink } from './support/mailbox';
import { checkScreenAtBothWidths } from './support/screens';
import { signIn } from './support/session';

/**
 * Issue 20, users and profile: a company referent creates a colleague with a subset of their own
 * permissions; the colleague activates from the e-mail and sees exactly that menu; a permission
 * the referent lacks is refused with the list of what cannot be granted; the colleague (no
 * management flag) changes the phone and switches to English, and the next e-mail is English.
 */
const REFERENT = 'referent@acme.test';
const PASSWORD = 'Collega-Nuova-2026!';
const shoot = (page: Page, step: string, lang: 'it' | 'en') => checkScreenAtBothWidths(page, (viewport) => `users-${step}-${lang}-${viewport.width}`);

async function session(page: Page) {
  return page.evaluate(() => ({ token: localStorage.getItem('accessToken'), companyId: localStorage.getItem('companyId') }));
}

test('a referent creates a colleague with part of their permissions; nothing more can be granted; the colleague sets phone and English', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const email = `collega.${stamp}@acme.test`;

  // --- the referent's list and create page
  await signIn(page, REFERENT);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/users');
  await expect(page).toHaveURL(/\/users\/list$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestione utenti');
  await expect(page.getByRole('cell', { name: 'operator@acme.test' })).toBeVisible();
  await shoot(page, 'list', 'it');

  await page.getByRole('link', { name: 'Nuovo utente' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Carla');
  await page.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Collega');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Telefono', exact: true }).fill('12345');
  await expect(page.getByText('Inserisci un numero di telefono di esattamente 10 cifre', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Telefono', exact: true }).fill('3331234567');
  await page.getByRole('combobox', { name: 'Ruolo' }).click();
  // a referent cannot make an administrator
  await expect(page.getByRole('option', { name: 'Amministratore' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('option', { name: 'Operatore' }).click();
  // the flags the referent does not hold cannot be ticked
  await expect(page.getByRole('checkbox', { name: 'Ordini, Storico ordini', exact: true })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Gestione gift card' }).check();
  // issue 43: a permission is named by the menu entries it opens
  await page.getByRole('checkbox', { name: 'Ticket, Categorie ticket' }).check();
  await shoot(page, 'create', 'it');
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Utente creato')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  const userId = /\/users\/([0-9a-f-]{36})$/.exec(page.url())![1];
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Carla Collega');
  await expect(page.getByText('In attesa di attivazione').first()).toBeVisible();

  // --- the colleague activates from the e-mail and sees exactly the two entries
  const link = await waitForLink(email, /http:\/\/localhost:\d+\/user-account-activation\?t=[\w-]+/);
  const colleague = await (await browser.newContext({ locale: 'it-IT' })).newPage();
  const refused: string[] = [];
  colleague.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  await colleague.goto(link);
  await colleague.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await colleague.getByRole('textbox', { name: 'Conferma password', exact: true }).fill(PASSWORD);
  await colleague.getByRole('button', { name: 'Attiva account' }).click();
  await expect(colleague).toHaveURL(/\/login$/);
  await signIn(colleague, email, PASSWORD);
  await expect(colleague).toHaveURL(/\/privative\/giftcards$/);
  const menu = colleague.getByRole('menu', { name: 'Menu principale' });
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  expect((await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim())).toEqual(['Gestione gift card', 'Ticket']);
  // she may not list stores: the card list has no store filter, and nothing she opened was refused
  await expect(colleague.getByRole('textbox', { name: 'Codice carta' })).toBeVisible();
  await expect(colleague.getByRole('combobox', { name: 'Punto vendita' })).toHaveCount(0);
  await colleague.waitForLoadState('networkidle');
  expect(refused).toEqual([]);

  // --- a flag the referent lacks: the UI does not offer it; a crafted save is refused with the list
  await page.reload();
  await expect(page.getByText('Attivo', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Ordini, Storico ordini', exact: true })).toBeDisabled();
  const { token, companyId } = await session(page);
  const crafted = await page.request.put(`/api/company/${companyId}/users/${userId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { firstName: 'Carla', lastName: 'Collega', email, phoneCountry: '+39', phone: '3331234567', role: 'OPERATOR', permissions: ['privative.management.read', 'ticketing', 'privative.orders'] },
  });
  expect(crafted.status()).toBe(403);
  expect(await crafted.json()).toMatchObject({ error: { message: 'PERMISSION_NOT_GRANTABLE' }, notGrantable: ['privative.orders'] });
  // the same through the page: its request gains the flag on the way, the server refuses, the page lists it
  await page.route(`**/api/company/*/users/${userId}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    const body = route.request().postDataJSON() as { permissions: string[] };
    await route.continue({ postData: JSON.stringify({ ...body, permissions: [...body.permissions, 'privative.orders', 'square.codes'] }) });
  });
  await page.getByRole('checkbox', { name: 'Report', exact: true }).check();
  await page.getByRole('button', { name: 'Salva' }).click();
  const refusal = page.getByTestId('not-grantable');
  await expect(refusal).toBeVisible();
  expect((await refusal.getByRole('listitem').allInnerTexts()).map((text) => text.trim())).toEqual(['Gift card / Ordini, Storico ordini', 'Square / Codici generati']);
  await expect(page.getByText('Non puoi assegnare permessi che non possiedi: Gift card / Ordini, Storico ordini; Square / Codici generati.')).toBeVisible();
  await page.unroute(`**/api/company/*/users/${userId}`);
  // nothing changed: the colleague still has the same two entries
  await colleague.reload();
  await expect(menu.getByRole('menuitem').first()).toBeVisible();
  expect((await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim())).toEqual(['Gestione gift card', 'Ticket']);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Report', exact: true })).not.toBeChecked();
  await shoot(page, 'detail', 'it');

  // --- the colleague, without any management flag, changes the phone and switches to English
  await colleague.goto('/profile');
  await expect(colleague.getByRole('heading', { level: 1 })).toHaveText('Profilo');
  // issue 43: the postcode states its limit before any input (by its country: 5 digits for Italy)
  await expect(colleague.getByRole('textbox', { name: 'CAP', exact: true })).toHaveAccessibleDescription(/^Italia \(anche a paese vuoto\): 5 cifre; altri paesi: .*al massimo 10$/);
  await colleague.getByRole('textbox', { name: 'Telefono', exact: true }).fill('3339876543');
  await colleague.getByRole('textbox', { name: 'Città', exact: true }).fill('Milano');
  await colleague.getByRole('button', { name: 'Salva' }).click();
  await expect(colleague.getByText('Profilo aggiornato')).toBeVisible();
  // issue 43: after Save focus stays on the page (the heading), not on the body
  await expect.poll(() => colleague.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
  await shoot(colleague, 'profile', 'it');
  await colleague.getByRole('tab', { name: 'Lingua' }).click();
  // the choice is saved on the server first, then shown
  await colleague.getByRole('radio', { name: 'English' }).click();
  await expect(colleague.getByText('Language updated')).toBeVisible();
  expect(await colleague.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
  await colleague.getByRole('tab', { name: 'Personal information' }).click();
  await expect(colleague.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('3339876543');
  await shoot(colleague, 'profile', 'en');

  // the next e-mail (a password reset) arrives in English
  const reset = await colleague.request.post('/api/user/forgot-password', { data: { email } });
  expect(reset.status()).toBe(204);
  expect(await waitForLink(email, /Reset your Tessera password/, 1)).toBe('Reset your Tessera password');
  expect(await waitForLink(email, /http:\/\/localhost:\d+\/forgot-password\?t=[\w-]+/, 1)).toMatch(/forgot-password/);

  // --- the referent's screens in English
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.goto('/users/list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('User management');
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
  await shoot(page, 'list', 'en');
  await page.goto(`/users/${userId}`);
  await expect(page.getByRole('checkbox', { name: 'Tickets, Ticket categories' })).toBeChecked();
  await shoot(page, 'detail', 'en');
  await page.goto('/users/create');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New user');
  await shoot(page, 'create', 'en');

  // --- issue 37: Oscar holds square and order permissions Rita lacks: she reads him, and the page says why she can do nothing more
  await page.goto('/users/list');
  await page.getByRole('cell', { name: 'operator@acme.test' }).click();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/This user holds permissions you do not have \(.+\): you cannot change or disable them/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Disable' })).toHaveCount(0);
  await shoot(page, 'out-of-scope', 'en');

  // --- issue 43: Nora, seeded without a phone, is granted Reports and saved (no phone invented), then put back
  await page.goto('/users/list');
  await page.getByRole('cell', { name: 'noaccess@acme.test' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nora Nessuno');
  await expect(page.getByText('Optional: exactly 10 digits, with the country code')).toBeVisible();
  for (const tick of [true, false]) {
    await page.getByRole('checkbox', { name: 'Reports', exact: true }).setChecked(tick);
    await expect(page.getByTestId('form-blockers')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User updated')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Reports', exact: true })).toBeChecked({ checked: tick });
    await page.getByText('User updated').waitFor({ state: 'hidden' });
  }
});
