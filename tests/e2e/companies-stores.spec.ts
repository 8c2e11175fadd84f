import { expect, test, type Page } from '@playwright/test';
import { waitForLink } from './support/mailbox';
import { expectAccessible } from './support/a11y';
import { picture, SHOTS } from './support/screens';
import { signIn } from './support/session';

/** A real 1×1 PNG, so the browser can show the uploaded logo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
async function shoot(page: Page, name: string) {
  await expectAccessible(page, name);
  await picture(page, `${SHOTS}/${name}.png`);
}

/** A CSV with two good stores and one bad line (a name with a forbidden character). */
const STORES_CSV = ['code;name;storeCategoryId;defaultActivationStore', 'E2E-01;Negozio Duomo;RETAIL;', 'E2E-02;Bad*Name;RETAIL;', 'E2E-03;Outlet, Serravalle;OUTLET;'].join('\n');

test.describe('companies and stores', () => {
  test('provider staff create a company with its referent, who receives an activation e-mail, activates and signs in', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const email = `referente.${Date.now()}@beta.test`;
    await signIn(page, 'admin@tessera.test');
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
    await page.goto('/privative-orders/companies');
    await expect(page).toHaveURL(/\/privative-orders\/companies\/list$/);
    await expect(page.getByRole('cell', { name: 'Acme Nord S.r.l.' }).first()).toBeVisible();

    await page.getByRole('link', { name: 'Nuova azienda' }).click();
    await page.getByRole('textbox', { name: 'Codice', exact: true }).fill(`BETA-${Date.now() % 100000}`);
    await page.getByRole('textbox', { name: 'Nome azienda', exact: true }).fill('Beta');
    await page.getByRole('textbox', { name: 'Ragione sociale', exact: true }).fill('Beta S.r.l.');
    await page.getByRole('textbox', { name: 'Partita IVA', exact: true }).fill('it 123');
    await page.getByRole('button', { name: 'Avanti' }).click();
    await expect(page.getByText('Inserisci da 5 a 16 lettere maiuscole o cifre, senza spazi né simboli')).toBeVisible();
    await page.getByRole('textbox', { name: 'Partita IVA', exact: true }).fill('IT01234567890');
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('textbox', { name: 'Indirizzo', exact: true }).fill('Via Roma 1');
    await page.getByRole('textbox', { name: 'Città', exact: true }).fill('Milano');
    await page.getByRole('textbox', { name: 'Comune', exact: true }).fill('Milano');
    await page.getByRole('textbox', { name: 'Provincia', exact: true }).fill('MI');
    await page.getByRole('textbox', { name: 'CAP', exact: true }).fill('20121');
    await page.getByRole('button', { name: 'Salva e continua' }).click();

    await expect(page).toHaveURL(/\/privative-orders\/companies\/new\/referent\?company=/);
    await expect(page.getByText('Azienda creata')).toBeVisible();
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Rita');
    await page.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Referente');
    await page.getByRole('textbox', { name: 'Telefono', exact: true }).fill('3331234567');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Salva referente' }).click();

    await expect(page).toHaveURL(/\/privative-orders\/companies\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Beta', exact: true, level: 1 })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('In attesa di attivazione')).toBeVisible();

    // logo: a PNG is accepted and shown
    await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Logo aggiornato')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo di Beta' })).toBeVisible();
    // delete is refused while the company has a user (its referent), with the reason
    await page.getByRole('button', { name: 'Elimina', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Elimina azienda' });
    // the dialog may check first and refuse straight away, or refuse on confirm
    const refusal = confirm.getByRole('alert');
    const confirmButton = confirm.getByRole('button', { name: 'Elimina', exact: true });
    await expect(refusal.or(confirmButton).first()).toBeVisible();
    if (await confirmButton.isVisible()) await confirmButton.click();
    await expect(refusal).toContainText('Ha ancora utenti');
    await shoot(page, 'it-company-delete-refused');
    await confirm.getByRole('button', { name: /^(Chiudi|Annulla)$/ }).click();

    // the referent opens the e-mailed link in their own browser
    const link = await waitForLink(email, /http:\/\/localhost:\d+\/user-account-activation\?t=[\w-]+/);
    const referent = await (await browser.newContext({ locale: 'it-IT' })).newPage();
    await referent.goto(link);
    await referent.getByRole('textbox', { name: 'Password', exact: true }).fill('Referente-Beta-2026!');
    await referent.getByRole('textbox', { name: 'Conferma password', exact: true }).fill('Referente-Beta-2026!');
    await referent.getByRole('button', { name: 'Attiva account' }).click();
    await expect(referent).toHaveURL(/\/login$/);
    await signIn(referent, email, 'Referente-Beta-2026!');
    await expect(referent).toHaveURL(/\/privative\/giftcards$/);
    // a referent manages its own registry, which starts empty
    await referent.goto('/privative-orders/companies/list');
    await expect(referent.getByText('Nessuna azienda.')).toBeVisible();
  });

  test('imports stores from a CSV with one bad row and reads what went wrong', async ({ page }) => {
    await signIn(page, 'operator@acme.test');
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
    await page.goto('/privative/stores');
    await expect(page).toHaveURL(/\/privative\/stores\/list$/);
    await page.getByRole('button', { name: 'Importa punti vendita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importa punti vendita' });
    await dialog.getByTestId('store-import-input').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(STORES_CSV) });

    await expect(dialog.getByText('2 punti vendita importati')).toBeVisible();
    await expect(dialog.getByText("Errore durante l'importazione dei punti vendita")).toBeVisible();
    const failures = dialog.getByRole('table', { name: "Errore durante l'importazione dei punti vendita" }).getByRole('row');
    await expect(failures).toHaveCount(2);
    await expect(failures.nth(1)).toContainText('3');
    await expect(failures.nth(1)).toContainText('E2E-02');
    await expect(failures.nth(1)).toContainText('VALIDATION_ERROR');
    await expect(failures.nth(1)).toContainText(/Nome: Inserisci .*caratteri: lettere, cifre, spazi, trattino o virgola/);
    await shoot(page, 'it-store-import-results');

    // a file that is not text is refused with the SPEC texts
    await dialog.getByTestId('store-import-input').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]) });
    await expect(dialog.getByText('Errore nella lettura del file')).toBeVisible();
    await expect(dialog.getByText("Impossibile leggere il file caricato. Correggi e ricarica il file oppure scarica il modello di esempio.")).toBeVisible();

    await dialog.getByRole('button', { name: 'Chiudi' }).click();
    await page.getByRole('textbox', { name: 'Cerca per codice o nome' }).fill('E2E');
    await expect(page.getByRole('cell', { name: 'E2E-01' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'E2E-03' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'E2E-02' })).toHaveCount(0);
  });

  test('screens in Italian and English (screenshots)', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin@tessera.test');
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
    for (const lang of ['it', 'en']) {
      await page.goto(`/privative-orders/companies/list?lng=${lang}`);
      await expect(page.getByRole('tab').first()).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Acme Nord S.r.l.' }).first()).toBeVisible();
      await shoot(page, `${lang}-companies-list`);
      await page.getByRole('tab').nth(1).click();
      await expect(page.getByRole('cell', { name: 'operator@acme.test' })).toBeVisible();
      await shoot(page, `${lang}-operators-list`);
      await page.getByRole('row', { name: /operator@acme\.test/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, `${lang}-operator-dialog`);
      await page.getByRole('dialog').getByRole('button', { name: lang === 'it' ? 'Annulla' : 'Cancel' }).click();

      await page.goto('/privative-orders/companies/new');
      await page.getByRole('textbox').first().fill('X');
      await page.getByRole('button', { name: lang === 'it' ? 'Avanti' : 'Next' }).click();
      await shoot(page, `${lang}-company-create-step1`);

      await page.goto('/privative-orders/companies/list');
      await page.getByRole('cell', { name: 'ACME', exact: true }).click();
      await expect(page).toHaveURL(/\/privative-orders\/companies\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { name: 'Acme S.p.A.', level: 1 })).toBeVisible();
      await shoot(page, `${lang}-company-detail`);
      await page.getByRole('link', { name: lang === 'it' ? 'Modifica' : 'Edit', exact: true }).click();
      await expect(page.getByRole('textbox').first()).toHaveValue('ACME');
      await shoot(page, `${lang}-company-edit`);
      await page.goto(page.url().replace(/\/edit$/, '/edit/referent'));
      await expect(page.getByRole('button', { name: lang === 'it' ? 'Salva referente' : 'Save main contact' })).toBeVisible();
      await shoot(page, `${lang}-company-referent`);

      await page.goto('/privative/stores/list');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `${lang}-stores-list`);
      await page.getByRole('button', { name: lang === 'it' ? 'Importa punti vendita' : 'Import stores' }).click();
      const csv = `code;name;storeCategoryId\nSHOT-${lang}-1;Shot ${lang};RETAIL\nSHOT-${lang}-2;Bad*;RETAIL\n`;
      await page.getByTestId('store-import-input').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByRole('dialog').getByRole('table')).toBeVisible();
      await shoot(page, `${lang}-store-import-results`);
      await page.getByRole('dialog').getByRole('button', { name: lang === 'it' ? 'Chiudi' : 'Close' }).click();
      await page.goto('/privative/stores/create');
      await page.getByRole('textbox').first().fill('A');
      await page.getByRole('textbox').first().blur();
      await shoot(page, `${lang}-store-create`);
    }
  });

  test('the parent-company and company filters offer their choices (issue 14)', async ({ page }) => {
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await signIn(page, 'admin@tessera.test');
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
    await page.goto('/privative-orders/companies/list');
    await page.getByRole('combobox', { name: 'Azienda madre' }).click();
    await page.getByRole('option', { name: 'Acme S.p.A.' }).click();
    await expect(page.getByRole('cell', { name: 'Acme Nord S.r.l.' }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'ACME', exact: true })).toHaveCount(0);

    await page.goto('/privative-orders/companies/list?tab=operators');
    await page.getByRole('combobox', { name: 'Azienda' }).click();
    await expect(page.getByRole('option', { name: 'Acme S.p.A.' })).toBeVisible();
    await page.getByRole('option', { name: 'Acme S.p.A.' }).click();
    await expect(page.getByRole('cell', { name: 'operator@acme.test' })).toBeVisible();
    await expect(page.getByText('Alcuni dati non sono validi')).toHaveCount(0);
    expect(refused).toEqual([]);
  });

  test('a session ended in another tab lands on a working sign-in page (issue 14)', async ({ page, context }) => {
    await signIn(page, 'admin@tessera.test');
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
    // in-app navigation: the page keeps react-admin's cached "signed in" answer
    await page.getByRole('menuitem', { name: 'Punti vendita' }).click();
    await expect(page).toHaveURL(/\/privative\/stores\/list$/);
    const other = await context.newPage();
    await other.goto('/privative-orders/companies/list');
    await other.getByRole('button', { name: 'Esci' }).click();
    await expect(other).toHaveURL(/\/login$/);

    // this tab moves on: the sign-in form, not a loop
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.getByRole('menuitem', { name: 'Aziende e operatori' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(errors).toEqual([]);
    // and the form signs in again
    await page.getByRole('textbox', { name: 'E-mail' }).fill('admin@tessera.test');
    await page.getByRole('textbox', { name: 'Password' }).fill('Tessera-Demo-2026!');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page).not.toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();
  });

  // issue 14: no screen may send a request the user's permissions refuse (a filter whose choices
  // the role may not list), nor one the API refuses as malformed (a sort the list does not accept)
  for (const email of ['admin@tessera.test', 'operator@acme.test', 'referent@acme.test', 'operator@acme-nord.test']) {
    test(`${email} opens every list of its menu without a refused request`, async ({ page }) => {
      test.setTimeout(360_000);
      const refused: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.request().method()} ${url.pathname}${decodeURIComponent(url.search)}`);
      });
      await signIn(page, email);
      await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();
      // the menu is drawn once the user's permissions have answered, which may be after the bar
      await expect(page.getByRole('menuitem').first()).toBeVisible();
      const menu = await page.getByRole('menuitem').evaluateAll((items) => items.map((item) => item.getAttribute('href')).filter((href): href is string => Boolean(href)));
      expect(menu.length).toBeGreaterThan(0);
      for (const path of menu) {
        const before = refused.length;
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
        // the screen's requests (its list, its filters' choices) have answered; a screen that polls
        // (a batch being made) never goes quiet: past 10 s, what it sent so far is checked
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        expect(refused.slice(before), path).toEqual([]);
      }
    });
  }
});
