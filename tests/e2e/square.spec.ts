import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, checkScreen, checkScreenAtBothWidths } from './support/screens';
import { signIn } from './support/session';
import { ADMIN_PASSWORD } from './support/lanes';

// signs in as admin@tessera.test: never while foundation changes the admin's password (support/lanes.ts)
test.describe.configure({ lock: ADMIN_PASSWORD });

/**
 * Issue 19's outcome, tried as a new user would on the real server (a smaller file): Acme's
 * operator downloads the template, uploads a file with bad lines and reads every one by line,
 * column and reason (a malformed e-mail, three decimals, a missing first name, the same e-mail and
 * amount twice, and a recipient who already holds a live code of this type: a warning), takes the
 * rejected lines as a CSV, uploads the fixed file, accepts the warning and creates the order. It
 * is above the approval threshold: provider staff approve it and activate it; one e-mail per code
 * goes out. One recipient's mail server refuses for good (failed, with the SMTP answer), another's
 * is busy (retrying, then sent once the server clock passes the retry time); the failed one is
 * resent and becomes attempt 2. The reconciliation CSV lists every code with its recipient, state
 * and last delivery. The SMTP capture (support/global-setup.ts) refuses `refuse…` with 550 and
 * `busy…` once with 451.
 */
test.use({ timezoneId: 'Europe/Rome' });

const OPERATOR = 'operator@acme.test';
const ADMIN = 'admin@tessera.test';

interface Order {
  id: string;
  orderNumber: string;
  status: string;
  totalQuantity: number;
  totalAmountCents: number;
}
interface Communication {
  id: string;
  recipient: string;
  status: string;
  retryNumber: number;
  lastSmtpAnswer: string | null;
}

async function session(page: Page) {
  return page.evaluate(() => ({ token: localStorage.getItem('accessToken'), companyId: localStorage.getItem('companyId') }));
}

/** The square API as the signed-in user, for what a screen does not show at once (ids, states to wait for). */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const { token, companyId } = await session(page);
  const response = await page.request.fetch(`/api/company/${companyId}/square/${path}`, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}
const waitForStatus = (page: Page, id: string, status: string) =>
  expect.poll(async () => (await api<Order>(page, 'GET', `orders/${id}`)).status, { timeout: 60_000, message: `order ${id} ${status}` }).toBe(status);
const csvFile = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`email;firstName;lastName;amount\r\n${lines.join('\r\n')}\r\n`) });

async function signedIn(page: Page, email: string) {
  await page.evaluate(() => ['accessToken', 'refreshToken', 'companyId'].forEach((key) => localStorage.removeItem(key))).catch(() => undefined);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('an operator orders vouchers from a CSV; provider staff approve and activate; every e-mail is tracked, a refused one resent', async ({ page }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const loyal = `loyal.${stamp}@example.com`;
  const refused = `refuse.${stamp}@example.com`;
  const busy = `busy.${stamp}@example.com`;

  await signedIn(page, OPERATOR);

  // an earlier order gave `loyal` a live code of this type (below the threshold: no approval)
  const file = csvFile('earlier.csv', [`${loyal};Lia;Leale;20,00`]);
  const earlier = await api<Order>(page, 'POST', 'orders', {
    host: 'shop.acme.example',
    referentEmail: 'referent@acme.test',
    typology: 'GIFT',
    validMonths: 12,
    file: { type: 'text/csv', name: file.name, content: file.buffer.toString('base64') },
    acceptWarnings: true,
  });
  await waitForStatus(page, earlier.id, 'DRAFT');
  await api(page, 'POST', `orders/${earlier.id}/confirm`);
  await waitForStatus(page, earlier.id, 'NOT_ACTIVE');
  await api(page, 'POST', `orders/${earlier.id}/activate`);
  await waitForStatus(page, earlier.id, 'ACTIVE');

  // --- the create page: template, order fields, a file with bad lines
  await page.goto('/square');
  await expect(page).toHaveURL(/\/square\/orders$/);
  await page.getByRole('link', { name: 'Nuovo ordine' }).click();
  await expect(page).toHaveURL(/\/square\/orders\/create$/);
  // issue 43: the steps are numbered by place, and every limit is stated before any refusal
  await expect(page.getByRole('heading', { level: 2, name: '1. Scarica il modello' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: "2. L'ordine" })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '3. I destinatari' })).toBeVisible();
  await expect(page.getByText(/al massimo 1\.000,00\s€ per codice/)).toBeVisible();
  await expect(page.getByText(/al massimo 5\sMB e al massimo 10\.000 destinatari/)).toBeVisible();
  await expect(page.getByText('Da 1 a 36 mesi')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica il modello CSV' }).click();
  const template = readFileSync((await (await templateDownload).path())!, 'utf8');
  expect(template.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('email;firstName;lastName;amount');

  await page.getByRole('combobox', { name: 'Tipo di ordine' }).click();
  await page.getByRole('option', { name: 'Regalo' }).click();
  await page.getByRole('textbox', { name: 'Host' }).fill('shop.acme.example');
  await page.getByRole('textbox', { name: 'E-mail del referente' }).fill('referent@acme.test');
  const good = [`${refused};Rino;Rifiuto;250,00`, `${busy};Bice;Occupata;300,00`, `ok.${stamp}@example.com;Olga;Ok;500,00`];
  await page.locator('input[type="file"]').setInputFiles(
    csvFile('recipients.csv', [
      'not-an-email;Ugo;Uno;10,00', // line 2
      `three.${stamp}@example.com;Tea;Tre;10,123`, // line 3
      `nofirst.${stamp}@example.com;;Senza;10,00`, // line 4
      `twice.${stamp}@example.com;Dora;Doppia;15,00`, // line 5
      `twice.${stamp}@example.com;Dora;Doppia;15,00`, // line 6: the same e-mail and amount again
      `${loyal};Lia;Leale;20,00`, // line 7: a live code of this type (warning)
      ...good, // lines 8-10
    ]),
  );
  const errors = page.getByRole('table', { name: /errori/ });
  await expect(errors.getByRole('row')).toHaveCount(5); // header + 4
  for (const [line, reason] of [
    ['2', /e-mail/i],
    ['3', /decimali/i],
    ['4', /obbligatorio/i],
    ['6', /riga 5/i],
  ] as const) {
    await expect(errors.getByRole('row').filter({ has: page.getByRole('cell', { name: line, exact: true }) })).toContainText(reason);
  }
  const warnings = page.getByRole('table', { name: /avvis/ });
  await expect(warnings.getByRole('row').filter({ has: page.getByRole('cell', { name: '7', exact: true }) })).toContainText(earlier.orderNumber);
  await expect(page.getByRole('button', { name: 'Crea ordine' })).toBeDisabled();
  await checkScreenAtBothWidths(page, (viewport) => `square-create-report-it-${viewport.width}`);

  // the rejected lines, as a CSV to fix
  const rejectedDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica righe da correggere' }).click();
  const rejected = readFileSync((await (await rejectedDownload).path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(rejected).toHaveLength(5);
  // the template's columns, and the added one in the same convention
  expect(rejected[0]).toBe('email;firstName;lastName;amount;reason');
  expect(rejected[1]).toContain('not-an-email');

  // --- the fixed file: no error, the warning accepted, the order created
  await page.locator('input[type="file"]').setInputFiles(
    csvFile('recipients-fixed.csv', [`uno.${stamp}@example.com;Ugo;Uno;10,00`, `three.${stamp}@example.com;Tea;Tre;10,12`, `nofirst.${stamp}@example.com;Nino;Senza;10,00`, `twice.${stamp}@example.com;Dora;Doppia;15,00`, `${loyal};Lia;Leale;20,00`, ...good]),
  );
  await expect(page.getByRole('table', { name: /errori/ })).toHaveCount(0);
  await expect(page.getByText('1.115,12')).toBeVisible(); // the total of the 8 codes
  await page.getByRole('checkbox', { name: "Ho letto gli avvisi e voglio creare comunque l'ordine" }).check();
  await page.getByRole('button', { name: 'Crea ordine' }).click();
  await expect(page).toHaveURL(/\/square\/orders\/[0-9a-f-]{36}$/);
  const orderId = /orders\/([0-9a-f-]{36})$/.exec(page.url())![1];
  await expect(page.getByText('Bozza', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const order = await api<Order>(page, 'GET', `orders/${orderId}`);
  expect(order).toMatchObject({ totalQuantity: 8, totalAmountCents: 111_512 });
  // issue 43: confirm asks first, counting the recipients; once confirmed focus stays on the page (not the body)
  await page.getByRole('button', { name: 'Conferma ordine' }).click();
  const confirmDialog = page.getByRole('dialog', { name: `Confermare l'ordine ${order.orderNumber}?` });
  await expect(confirmDialog).toContainText('8 destinatari');
  await confirmDialog.getByRole('button', { name: 'Conferma ordine' }).click();
  await expect(page.getByText('In attesa di approvazione', { exact: true }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(true);
  // the operator may not approve: the button is not offered
  await expect(page.getByRole('button', { name: 'Approva ordine' })).toHaveCount(0);
  await checkScreen(page, 'square-order-waiting-it-1440');

  // --- provider staff approve (codes minted) and activate (e-mails queued)
  await signedIn(page, ADMIN);
  await page.goto(`/square/orders/${orderId}`);
  await page.getByRole('button', { name: 'Approva ordine' }).click();
  await expect(page.getByText('Non attivo', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  // activation mails every recipient: asked first, with their count
  await page.getByRole('button', { name: 'Attiva ordine' }).click();
  const activateDialog = page.getByRole('dialog', { name: /^Attivare l'ordine / });
  await expect(activateDialog).toContainText('8 destinatari');
  await activateDialog.getByRole('button', { name: 'Attiva ordine' }).click();
  await expect(page.getByText('Attivo', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(true);
  await checkScreenAtBothWidths(page, (viewport) => `square-order-active-it-${viewport.width}`);

  // --- deliveries: the refused one fails with its answer, the busy one waits, the others are sent
  const byRecipient = async () => new Map((await api<Communication[]>(page, 'GET', `communications?filter=${encodeURIComponent(JSON.stringify({ orderId }))}&range=[0,49]`)).map((c) => [c.recipient, c]));
  await expect.poll(async () => (await byRecipient()).get(refused)?.status, { timeout: 60_000 }).toBe('FAILED');
  await expect.poll(async () => (await byRecipient()).get(busy)?.status, { timeout: 60_000 }).toBe('RETRY_WAITING');
  await expect.poll(async () => [...(await byRecipient()).values()].filter((c) => c.status === 'SENT').length, { timeout: 60_000 }).toBe(6);
  expect((await byRecipient()).get(refused)?.lastSmtpAnswer).toContain('550');

  await page.goto('/square/communications');
  const refusedRow = page.getByRole('row').filter({ hasText: refused });
  await expect(refusedRow).toContainText('Non consegnata');
  await expect(refusedRow).toContainText('User unknown');
  await expect(page.getByRole('row').filter({ hasText: busy })).toContainText('In attesa di nuovo tentativo');
  await checkScreenAtBothWidths(page, (viewport) => `square-communications-it-${viewport.width}`);

  // the busy server's retry time comes (the server's business clock moved past it): sent
  const clock = await page.request.post('/api/test/clock', { data: { now: new Date().toISOString() } });
  const serverNow = new Date(((await clock.json()) as { now: string }).now);
  expect((await page.request.post('/api/test/clock', { data: { now: new Date(serverNow.getTime() + 5 * 60_000).toISOString() } })).ok()).toBe(true);
  await expect.poll(async () => (await byRecipient()).get(busy)?.status, { timeout: 60_000 }).toBe('SENT');

  // resend the refused one, changing nothing: attempt 2 of the same communication
  await page.reload();
  await page.getByRole('row').filter({ hasText: refused }).getByRole('button', { name: 'Reinvia' }).click();
  const resendDialog = page.getByRole('dialog', { name: `Reinviare l'e-mail a ${refused}?` });
  await resendDialog.getByRole('button', { name: 'Reinvia' }).click();
  await expect(page.getByText('Comunicazione inviata')).toBeVisible();
  // its button goes with the row queued again: focus goes to the heading (or stays on a control), never the body
  await expect.poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body)).toBe(true);

  // --- the codes search says what it finds: a whole code, or part of an e-mail (issue 43)
  await page.goto('/square/codes');
  const codeSearch = page.getByRole('textbox', { name: "Codice completo o parte dell'e-mail" });
  await codeSearch.fill(`refuse.${stamp}`);
  await expect(page.getByRole('row').filter({ hasText: refused })).toHaveCount(1);
  await page.goto('/square/communications');
  await expect.poll(async () => (await byRecipient()).get(refused)?.retryNumber).toBe(2);
  await expect.poll(async () => (await byRecipient()).get(refused)?.status, { timeout: 60_000 }).toBe('FAILED');

  // --- the reconciliation CSV: every code with its recipient, state and last delivery
  await page.goto(`/square/orders/${orderId}`);
  const reconciliationDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica la riconciliazione (CSV)' }).click();
  const lines = readFileSync((await (await reconciliationDownload).path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines).toHaveLength(9);
  // one concept, one word (issue 43): the file's columns are the screen's ("Data di scadenza", not "Scadenza")
  expect(lines[0].split(';')).toEqual(expect.arrayContaining(['Data di scadenza', 'Numero invio', 'Ultima risposta del server di posta']));
  expect(lines.find((line) => line.includes(refused))).toMatch(/550/);
  expect(lines.find((line) => line.includes(busy))).toMatch(/Inviat/);
});

test('the square screens in English: orders, the create page with its report, an order, a code and the communications', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await signIn(page, OPERATOR, undefined, { email: 'E-mail', password: 'Password', submit: 'Sign in' });
  await expect(page).not.toHaveURL(/\/login/);
  const stamp = Date.now().toString(36);
  const file = csvFile('en.csv', [`one.${stamp}@example.com;Una;Uno;12,50`, `two.${stamp}@example.com;Due;Due;7,50`]);
  const order = await api<Order>(page, 'POST', 'orders', {
    host: 'shop.acme.example',
    referentEmail: 'referent@acme.test',
    typology: 'WELFARE',
    validMonths: 6,
    file: { type: 'text/csv', name: file.name, content: file.buffer.toString('base64') },
    acceptWarnings: true,
  });
  await waitForStatus(page, order.id, 'DRAFT');
  await api(page, 'POST', `orders/${order.id}/confirm`);
  await waitForStatus(page, order.id, 'NOT_ACTIVE');
  await api(page, 'POST', `orders/${order.id}/activate`);
  await waitForStatus(page, order.id, 'ACTIVE');

  await page.goto('/square/orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Square orders');
  await checkScreenAtBothWidths(page, (viewport) => `square-orders-en-${viewport.width}`);

  await page.goto('/square/orders/create');
  await page.getByRole('combobox', { name: 'Order type' }).click();
  await page.getByRole('option', { name: 'Welfare' }).click();
  await page.locator('input[type="file"]').setInputFiles(csvFile('report.csv', [`bad-address;Ann;Bad;10,00`, `ok.${stamp}@example.com;Ok;Fine;10,00`]));
  await expect(page.getByRole('table', { name: /error/ })).toContainText('Enter a valid e-mail address');
  await checkScreenAtBothWidths(page, (viewport) => `square-create-en-${viewport.width}`);

  await page.goto(`/square/orders/${order.id}`);
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `square-order-en-${viewport.width}`);
  await page.getByRole('link', { name: /^[A-Z0-9]{17}$/ }).first().click();
  await expect(page).toHaveURL(/\/square\/codes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('table', { name: 'Activity' })).toContainText('Activated');
  await checkScreenAtBothWidths(page, (viewport) => `square-code-en-${viewport.width}`);

  await page.goto('/square/communications');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Communications');
  await checkScreenAtBothWidths(page, (viewport) => `square-communications-en-${viewport.width}`);
});
