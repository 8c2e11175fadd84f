import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { FIRST_ANSWER, fillAndSubmit, signInAnswered } from './support/demo';

/**
 * Demo mode (src/demo): dist-demo/ served by a plain static server (playwright.config.ts, second
 * webServer). Everything runs in the browser: the journey fails on any request that is not a
 * file of the demo's own origin (no /api, no /identity, no other host).
 */
const DEMO = `http://localhost:${process.env.E2E_DEMO_PORT ?? 8282}`;
const PASSWORD = 'Tessera-Demo-2026!';

function recordStrayRequests(page: Page): string[] {
  const stray: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== DEMO || /^\/(api|identity|config\.js)/.test(url.pathname)) stray.push(`${request.method()} ${request.url()}`);
  });
  return stray;
}

async function signIn(page: Page, email: string) {
  await page.goto(`${DEMO}/#/login`);
  await fillAndSubmit(page, [['E-mail', email], ['Password', PASSWORD]], 'Accedi');
  await signInAnswered(page);
}

test.describe('demo mode, no server', () => {
  test('an operator signs in, opens a card, reloads 10.00 € and sees the new balance and RECHARGE row', async ({ page }) => {
    const stray = recordStrayRequests(page);
    await signIn(page, 'operator@acme.test');
    await expect(page.getByTestId('environment-label').first()).toHaveText(/dati demo/i);

    // a usable card of the list: the active ones, filtered on the form (a full page load would start a new database)
    await expect(page).toHaveURL(/#\/privative\/giftcards$/);
    await page.getByRole('combobox', { name: 'Stato' }).click();
    await page.getByRole('option', { name: 'Attive', exact: true }).click();
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(page.locator('tbody tr').first()).toContainText('Attiva');
    const firstCode = page.locator('tbody tr td:nth-child(2)').first();
    await expect(firstCode).toHaveText(/^[A-Z0-9]{16,17}$/);
    const code = (await firstCode.innerText()).trim();
    await page.getByRole('cell', { name: code, exact: true }).click();
    await expect(page).toHaveURL(/#\/privative\/giftcards\/[0-9a-f-]{36}/);
    const before = await page.getByTestId('available-balance').innerText();
    await expectAccessible(page, 'demo card detail');

    await page.getByRole('button', { name: 'Ricarica', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Ricarica carta ${code}` });
    await dialog.getByRole('textbox', { name: /Importo/ }).fill('10,00');
    await dialog.getByRole('button', { name: 'Ricarica' }).click();

    await expect(page.getByText('Ricarica effettuata')).toBeVisible();
    await expect(dialog).toBeHidden();
    const newest = page.getByRole('region', { name: 'Transazioni' }).locator('tbody tr').first();
    await expect(newest).toContainText('Ricarica');
    await expect(newest).toContainText('+10,00 €');
    await expect(page.getByTestId('available-balance')).not.toHaveText(before);
    const cents = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100;
    expect(Math.round(cents(await page.getByTestId('available-balance').innerText()) - cents(before))).toBe(1000);

    expect(stray, 'requests that left the demo').toEqual([]);
  });

  test('the disabled account is refused and the account without permissions gets the no-permissions page', async ({ page }) => {
    const stray = recordStrayRequests(page);
    await signIn(page, 'disabled@acme.test');
    await expect(page.getByText("Account disabilitato. Contatta l'assistenza.")).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);
    await signIn(page, 'noaccess@acme.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Questo utente non ha permessi attivi' })).toBeVisible();
    expect(stray, 'requests that left the demo').toEqual([]);
  });

  for (const list of [
    { name: 'stores', path: '/privative/stores/list', heading: 'Punti vendita' },
    { name: 'companies', path: '/privative-orders/companies/list', heading: 'Aziende e operatori' },
  ]) {
    test(`signing out in another tab, then opening /#/login on the ${list.name} list shows the sign-in form (issue 14)`, async ({ context }) => {
      const page = await context.newPage();
      const stray = recordStrayRequests(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signIn(page, 'admin@tessera.test');
      await expect(page).toHaveURL(/#\/privative\/giftcards$/);
      await page.goto(`${DEMO}/#${list.path}`);
      await expect(page.getByRole('heading', { level: 1, name: list.heading })).toBeVisible();

      const other = await context.newPage();
      await other.goto(`${DEMO}/#${list.path}`);
      await other.getByRole('button', { name: 'Esci' }).click();
      await expect(other).toHaveURL(/#\/login$/);

      await page.goto(`${DEMO}/#/login`);
      await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
      await expect(page).toHaveURL(/#\/login$/);
      expect(errors).toEqual([]);
      // the form works: signing in again opens the first screen
      await page.getByRole('textbox', { name: 'E-mail' }).fill('admin@tessera.test');
      await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Accedi', exact: true }).click();
      await expect(page).toHaveURL(/#\/privative\/giftcards$/, FIRST_ANSWER);
      expect(stray, 'requests that left the demo').toEqual([]);
    });
  }

  test("a returning visitor gets the sign-in form at once: the session stored by a visit whose database ended is forgotten, not tried (issue 15)", async ({ context, browser }) => {
    const page = await context.newPage();
    await signIn(page, 'admin@tessera.test');
    await expect(page).toHaveURL(/#\/privative\/giftcards$/);
    // the last tab closes: the shared worker, its database and the keys that signed the session end
    const targets = await browser.newBrowserCDPSession();
    const demoWorkers = async () => ((await targets.send('Target.getTargets')).targetInfos as Array<{ type: string; url: string }>).filter((target) => target.type === 'shared_worker' && target.url.startsWith(DEMO)).length;
    expect(await demoWorkers()).toBe(1);
    await page.close();
    await expect.poll(demoWorkers).toBe(0);

    const again = await context.newPage();
    const visited: string[] = [];
    again.on('framenavigated', (frame) => frame === again.mainFrame() && visited.push(new URL(frame.url()).hash));
    await again.goto(`${DEMO}/#/login`);
    await expect(again.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
    expect(await again.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await fillAndSubmit(again, [['E-mail', 'admin@tessera.test'], ['Password', PASSWORD]], 'Accedi');
    await expect(again).toHaveURL(/#\/privative\/giftcards$/, FIRST_ANSWER);
    // the form was there from the start: no detour through the signed-in shell and back to it
    // while the database loaded (the old session tried, refused); only the sign-in's own way on
    expect(visited.filter((hash) => hash !== '#/login')).toEqual(['#/', '#/privative/giftcards']);
    await targets.detach();
  });

  test('the companies and operators filters offer their choices in the demo too (issue 14)', async ({ page }) => {
    await signIn(page, 'admin@tessera.test');
    await expect(page).toHaveURL(/#\/privative\/giftcards$/);
    await page.goto(`${DEMO}/#/privative-orders/companies/list`);
    await page.getByRole('combobox', { name: 'Azienda madre' }).click();
    await page.getByRole('option', { name: 'Acme S.p.A.' }).click();
    await expect(page.getByRole('cell', { name: 'Acme Nord S.r.l.' }).first()).toBeVisible();
    await page.goto(`${DEMO}/#/privative-orders/companies/list?tab=operators`);
    await page.getByRole('combobox', { name: 'Azienda' }).click();
    await expect(page.getByRole('option', { name: 'Acme S.p.A.' })).toBeVisible();
    await expect(page.getByText('Alcuni dati non sono validi')).toHaveCount(0);
  });

  test("the server's own jobs run in the browser: a batch of 500 cards is generated to COMPLETED, its PDF archive made and downloaded, its cards exported as CSV (issue 15)", async ({ page }) => {
    test.setTimeout(120_000);
    const stray = recordStrayRequests(page);
    await signIn(page, 'admin@tessera.test');
    await expect(page).toHaveURL(/#\/privative\/giftcards$/);
    await page.goto(`${DEMO}/#/privative/batches/create`);
    const lot = `DEMO-${Date.now()}`;
    await page.getByRole('textbox', { name: /^Lotto/ }).fill(lot);
    await page.getByRole('combobox', { name: /^Tipologia/ }).click();
    await page.getByRole('option', { name: 'Gift Card 25 € (GC-PHY-25)' }).click();
    await page.getByRole('textbox', { name: /^Quantità/ }).fill('500');
    await page.getByRole('button', { name: 'Genera lotto' }).click();
    await expect(page).toHaveURL(/#\/privative\/batches\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Lotto ${lot}` })).toBeVisible();
    await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });

    // its print-ready archive: drawn by the archive job in the browser (pdfkit's and bwip-js's
    // browser builds), kept in the demo's file storage, downloaded
    await page.getByRole('button', { name: 'Crea archivio PDF' }).click();
    const archive = page.getByRole('button', { name: 'Scarica archivio PDF' });
    await expect(archive).toBeVisible({ timeout: 60_000 });
    const [pdf] = await Promise.all([page.waitForEvent('download'), archive.click()]);
    expect(pdf.suggestedFilename()).toBe(`batch-${lot}.pdf`);
    const bytes = readFileSync((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(10_000);

    // the 500 cards are rows of the database: the card list finds them by the lot, and its CSV (the
    // server's export, streamed) holds a header and one line each
    await page.goto(`${DEMO}/#/privative/giftcards`);
    await page.getByRole('textbox', { name: 'Lotto' }).fill(lot);
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(page.getByText(/^500 carte$/)).toBeVisible();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Scarica elenco' }).click()]);
    const lines = readFileSync((await csv.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(501);
    expect(lines[1]).toContain(lot);
    expect(stray, 'requests that left the demo').toEqual([]);
  });

  test('square vouchers in the demo: an order from a CSV is created, confirmed and activated by the jobs in the browser, and its e-mails reach the e-mail panel (issue 19)', async ({ page }) => {
    test.setTimeout(120_000);
    const stray = recordStrayRequests(page);
    await signIn(page, 'operator@acme.test');
    // the sign-in lands on the first screen; then in-app navigation (a full page load would start a new database)
    await expect(page).toHaveURL(/#\/privative\/giftcards$/, FIRST_ANSWER);
    await page.evaluate(() => (window.location.hash = '#/square/orders/create'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuovo ordine Square');
    await page.getByRole('combobox', { name: 'Tipo di ordine' }).click();
    await page.getByRole('option', { name: 'Regalo' }).click();
    await page.getByRole('textbox', { name: 'Host' }).fill('shop.acme.example');
    await page.getByRole('textbox', { name: 'E-mail del referente' }).fill('referent@acme.test');
    const csv = 'email;firstName;lastName;amount\r\nanna.demo@example.com;Anna;Demo;20,00\r\nbruno.demo@example.com;Bruno;Demo;10,00\r\n';
    await page.locator('input[type="file"]').setInputFiles({ name: 'demo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByText('30,00 €')).toBeVisible(FIRST_ANSWER);
    await page.getByRole('button', { name: 'Crea ordine' }).click();
    await expect(page).toHaveURL(/#\/square\/orders\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Conferma ordine' }).click({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Attiva ordine' }).click({ timeout: 30_000 });
    await expect(page.getByText('Attivo', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'demo square order');
    await page.getByRole('button', { name: 'E-mail inviate' }).click();
    const panel = page.getByRole('dialog', { name: 'E-mail inviate dalla demo' });
    await expect(panel.getByRole('listitem').filter({ hasText: 'anna.demo@example.com' })).toContainText('20,00', { timeout: 30_000 });
    await expect(panel.getByRole('listitem').filter({ hasText: 'bruno.demo@example.com' })).toHaveCount(1);
    expect(stray, 'requests that left the demo').toEqual([]);
  });

  test('support tickets in the demo: a ticket with a file is opened, read back, and its e-mail to the support mailbox is in the panel (issue 20)', async ({ page }) => {
    test.setTimeout(90_000);
    const stray = recordStrayRequests(page);
    await signIn(page, 'operator@acme.test');
    await expect(page).toHaveURL(/#\/privative\/giftcards$/, FIRST_ANSWER);
    await page.evaluate(() => (window.location.hash = '#/tickets/create'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuovo ticket');
    await page.getByRole('combobox', { name: /Categoria/ }).click();
    await page.getByRole('option', { name: 'Problema con un ordine' }).click();
    await page.getByRole('textbox', { name: /Numero ordine/ }).fill('4711');
    await page.getByLabel(/Data del problema/).fill('2026-11-18');
    await page.getByRole('combobox', { name: /Priorità/ }).click();
    await page.getByRole('option', { name: 'Alto' }).click();
    await page.getByRole('textbox', { name: /Descrizione/ }).fill('Demo: two cards missing');
    await page.getByTestId('ticket-attachment-input').setInputFiles({ name: 'bolla.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByRole('button', { name: 'Apri ticket' }).click();
    await expect(page.getByText('Ticket creato')).toBeVisible(FIRST_ANSWER);
    const info = page.getByRole('region', { name: 'Informazioni' });
    await expect(info).toContainText('Demo: two cards missing');
    await expect(info.getByRole('button', { name: /bolla\.pdf/ })).toBeVisible();
    await page.getByRole('button', { name: 'E-mail inviate' }).click();
    const panel = page.getByRole('dialog', { name: 'E-mail inviate dalla demo' });
    await expect(panel.getByRole('listitem').first()).toContainText('support@tessera.test', { timeout: 15_000 });
    await expect(panel.getByRole('listitem').first()).toContainText('Demo: two cards missing');
    expect(stray, 'requests that left the demo').toEqual([]);
  });

  test("reports and the dashboard in the demo: last month's balances generated by the job in the browser, e-mailed, downloaded; the dashboard's charts from the seed's summaries (issue 21)", async ({ page }) => {
    test.setTimeout(90_000);
    const stray = recordStrayRequests(page);
    await signIn(page, 'referent@acme.test');
    // the first screen is reached before moving on, or its redirect would undo the move
    await expect(page).toHaveURL(/#\/privative\/giftcards$/, FIRST_ANSWER);
    await page.evaluate(() => (window.location.hash = '#/report/list'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report');
    await page.getByRole('button', { name: 'Genera report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Genera report' });
    await dialog.getByRole('switch', { name: /Inviami un'e-mail/ }).check();
    await dialog.getByRole('button', { name: 'Genera', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'Saldi residui' }).first();
    await expect(row.getByText('Pronto')).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /Scarica/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^report_[0-9a-f-]{36}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFAzienda;Tipologia;Carte con saldo;Importo residuo\r\n')).toBe(true);
    expect(csv.trimEnd().split('\r\n').at(-1)).toMatch(/^Totale;;\d+;\d+,\d{2}$/);
    await page.getByRole('button', { name: 'E-mail inviate' }).click();
    const panel = page.getByRole('dialog', { name: 'E-mail inviate dalla demo' });
    await expect(panel.getByRole('listitem').first()).toContainText('referent@acme.test', { timeout: 15_000 });
    await page.keyboard.press('Escape');
    await page.evaluate(() => (window.location.hash = '#/dashboard'));
    await expect(page.getByRole('figure', { name: 'Saldo residuo' })).toBeVisible(FIRST_ANSWER);
    await expect(page.getByRole('figure', { name: 'Saldo residuo per tipologia' })).toHaveCount(0);
    expect(stray, 'requests that left the demo').toEqual([]);
  });

  test("an e-mail the server sends is read in the demo's e-mail panel: the password-reset link (issue 15)", async ({ page }) => {
    const stray = recordStrayRequests(page);
    await page.goto(`${DEMO}/#/login`);
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await fillAndSubmit(page, [['E-mail', 'operator@acme.test']], 'Invia link');
    await expect(page.getByText("Se l'indirizzo appartiene a un account")).toBeVisible(FIRST_ANSWER);
    await page.getByRole('button', { name: 'E-mail inviate' }).click();
    const panel = page.getByRole('dialog', { name: 'E-mail inviate dalla demo' });
    await expect(panel.getByRole('listitem').first()).toContainText('operator@acme.test', { timeout: 15_000 });
    await expect(panel.getByRole('listitem').first()).toContainText('/#/forgot-password?t=');
    await expectAccessible(page, 'demo e-mail panel');
    expect(stray, 'requests that left the demo').toEqual([]);
  });
});
