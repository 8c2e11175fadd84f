import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
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

type Box = { x: number; y: number; width: number; height: number };
/** An element's box shares some area with a box of the window (Playwright's boxes: px from the window's top left). */
async function overlapping(element: Locator, b: Box): Promise<boolean> {
  const a = await element.boundingBox();
  if (!a) throw new Error('the element to compare is not shown');
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
    // while the database loaded (the old session tried, refused); the sign-in goes straight to
    // the first screen of the menu (issue 45: not through `/` and its redirect)
    expect(visited.filter((hash) => hash !== '#/login')).toEqual(['#/privative/giftcards']);
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
    // confirm and activate ask first (issue 43), as on the server
    await page.getByRole('button', { name: 'Conferma ordine' }).click({ timeout: 30_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Conferma ordine' }).click();
    await page.getByRole('button', { name: 'Attiva ordine' }).click({ timeout: 30_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Attiva ordine' }).click();
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
    await page.getByRole('textbox', { name: /Data del problema/ }).fill('18/11/2026');
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
    expect(csv.startsWith('\uFEFFAzienda;Tipologia;Carte con saldo;Saldo residuo\r\n')).toBe(true);
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

  // issue 42: the e-mail panel's button sat in the bottom-left corner, over the side menu's last
  // entries, which could not be scrolled out from under it
  for (const viewport of [
    { width: 1440, height: 900, phone: false },
    { width: 390, height: 844, phone: true },
  ]) {
    test.describe(`${viewport.width}×${viewport.height} it:`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test("the e-mail panel's button covers no side-menu entry, list action or the list's pagination (issue 42)", async ({ page }) => {
        const stray = recordStrayRequests(page);
        // staff see the longest menu
        await signIn(page, 'admin@tessera.test');
        await expect(page).toHaveURL(/#\/privative\/giftcards$/, FIRST_ANSWER);
        const mails = page.getByRole('button', { name: 'E-mail inviate' });
        await expect(mails).toBeVisible();
        // fixed in its corner: the same box whatever the page's scroll (measured now: an open menu
        // drawer hides the rest of the page, the button too, from the accessibility tree)
        const button = (await mails.boundingBox())!;
        await expect(page.getByRole('link', { name: /^[A-Z0-9]{16,17}$/ }).first()).toBeVisible(FIRST_ANSWER);

        // the list's actions, at the top of the page
        for (const action of [page.getByRole('button', { name: 'Scarica elenco' }), page.getByRole('button', { name: "Azioni sull'elenco filtrato" })]) {
          await expect(action).toBeVisible();
          expect(await overlapping(action, button), 'a list action under the e-mail button').toBe(false);
        }
        // the side menu's last entry (a drawer on a phone), scrolled to in the menu, the page at its
        // top: clear of the button, and taking the click (Playwright's click fails on an element
        // another one covers)
        const openMenu = async () => {
          if (viewport.phone) await page.getByRole('button', { name: 'Apri menu' }).click();
        };
        await openMenu();
        const last = page.getByRole('menuitem').last();
        await expect(last).toHaveText('Dashboard analitica');
        await last.scrollIntoViewIfNeeded();
        await expect(last).toBeInViewport();
        expect(await overlapping(last, button), 'the last menu entry under the e-mail button').toBe(false);
        await last.click();
        // the dashboard writes its period into the address once it has read it (?period=…)
        await expect(page).toHaveURL(/#\/dashboard(\?|$)/);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

        // the pagination, the list's last thing: the page scrolled to its end, it is clear of the button
        await openMenu();
        await page.getByRole('menuitem', { name: 'Gestione gift card' }).click();
        await expect(page).toHaveURL(/#\/privative\/giftcards/);
        const cards = page.getByRole('link', { name: /^[A-Z0-9]{16,17}$/ });
        await expect(cards.first()).toBeVisible(FIRST_ANSWER);
        const more = page.getByRole('button', { name: 'Carica altre carte' });
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect(more).toBeInViewport();
        expect(await overlapping(more, button), 'the pagination under the e-mail button').toBe(false);
        const shown = await cards.count();
        await more.click();
        await expect.poll(() => cards.count()).toBeGreaterThan(shown);

        // the button itself still opens the panel
        await mails.click();
        await expect(page.getByRole('dialog', { name: 'E-mail inviate dalla demo' })).toBeVisible();
        expect(stray, 'requests that left the demo').toEqual([]);
      });

      if (viewport.phone) return;

      test("a gift-card bulk action in the demo: the expiry of three cards changed, the same action run again at once, and the change's audit record names it with its request id (issue 42)", async ({ page }) => {
        test.setTimeout(120_000);
        const stray = recordStrayRequests(page);
        // provider staff: the bulk actions and the audit trail
        await signIn(page, 'admin@tessera.test');
        await expect(page).toHaveURL(/#\/privative\/giftcards$/, FIRST_ANSWER);
        await page.getByRole('combobox', { name: 'Stato' }).click();
        await page.getByRole('option', { name: 'Attive', exact: true }).click();
        await page.getByRole('button', { name: 'Cerca' }).click();
        const rows = page.locator('tbody tr');
        await expect(rows.first()).toContainText('Attiva', FIRST_ANSWER);
        await expect(rows.nth(2)).toContainText('Attiva');
        const links = rows.getByRole('link', { name: /^[A-Z0-9]{16,17}$/ });
        const codes = (await links.allInnerTexts()).slice(0, 3).map((text) => text.trim());
        const ids = (await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))).slice(0, 3).map((href) => href.split('/').at(-1)!);
        expect(codes).toHaveLength(3);
        for (const id of ids) expect(id).toMatch(UUID);

        const expiry = async () => {
          for (const code of codes) await page.getByRole('checkbox', { name: `Seleziona la carta ${code}` }).check();
          await expect(page.getByText('3 elementi selezionati')).toBeVisible();
          await page.getByRole('group', { name: 'Azioni sulle carte selezionate' }).getByRole('button', { name: 'Modifica scadenza' }).click();
          const dialog = page.getByRole('dialog', { name: 'Modifica scadenza' });
          await expect(dialog.getByText("L'azione si applica alle 3 carte selezionate.")).toBeVisible();
          await dialog.getByRole('textbox', { name: /Nuova data di scadenza/ }).fill('31/12/2031');
          await dialog.getByRole('button', { name: 'Conferma' }).click();
          // the answer: the summary's success message (before the host's fix: a 500, the error notification)
          const summary = page.getByRole('dialog', { name: 'Riepilogo operazione' });
          await expect(summary.getByRole('alert')).toHaveText("Operazione completata per 3 carte su 3. L'operazione è riuscita su tutte le carte.", FIRST_ANSWER);
          await expect(page.getByText("Impossibile eseguire l'azione.")).toHaveCount(0);
          await summary.getByRole('button', { name: 'Chiudi' }).click();
          await expect(summary).toBeHidden();
          // the rows' new state: the list read again
          for (const code of codes) await expect(page.getByRole('row').filter({ hasText: code })).toContainText('31/12/2031');
        };
        await expiry();
        // the same action again at once: answered (the first one's idempotency claim was let go),
        // not refused as still running (409)
        await expiry();

        // the audit trail: the change, by this user, from the back office, with its request's id
        await page.getByRole('menuitem', { name: 'Registro delle modifiche' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registro delle modifiche');
        const change = page.getByRole('row').filter({ hasText: 'admin@tessera.test' }).filter({ hasText: 'Gift card' }).filter({ hasText: 'Modifica' }).first();
        await expect(change).toBeVisible(FIRST_ANSWER);
        await change.getByRole('link').first().click();
        await expect(page).toHaveURL(/#\/audit\/\d+$/);
        const field = (label: string) => page.locator('main .RaLabeled-label').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::*[1]');
        await expect(field('ID richiesta')).toHaveText(UUID);
        await expect(field('ID richiesta')).not.toHaveText('undefined');
        await expect(field('Chi')).toHaveText('admin@tessera.test');
        await expect(field('Origine')).toHaveText('Back office');
        await expect(field('Entità')).toHaveText('Gift card');
        await expect(field('Azione')).toHaveText('Modifica');
        await expect(field('Operazione')).toHaveText(/^POST \/api\/.*\/giftcard\/cards\/bulk$/);
        expect(ids).toContain((await field('ID entità').innerText()).trim());
        const expiryChange = page.getByRole('row').filter({ hasText: 'expire_date' });
        await expect(expiryChange).toContainText('2031-12-31');
        expect(stray, 'requests that left the demo').toEqual([]);
      });
    });
  }

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
