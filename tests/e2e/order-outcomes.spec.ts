import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { countMessagesTo, waitForLink } from './support/mailbox';
import { DESKTOP, checkScreen, checkScreenAtBothWidths } from './support/screens';
import { signIn } from './support/session';
import { ADMIN_PASSWORD } from './support/lanes';

// signs in as admin@tessera.test: never while foundation changes the admin's password (support/lanes.ts)
test.describe.configure({ lock: ADMIN_PASSWORD });

/**
 * Issue 9's outcome past the wizard, on the real server: names-list recipients get their own code
 * by e-mail when the order is activated; a third-party shipment is tracked and delivered; cancelling
 * an order whose card was used is refused with SPEC §8's text.
 */
/** The screen at the desktop width, or at both widths. */
async function shoot(page: Page, step: string, lang: 'it' | 'en') {
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await checkScreen(page, `order-outcomes-${step}-${lang}-${DESKTOP.width}`);
}
const shootBoth = (page: Page, step: string, lang: 'it' | 'en') => checkScreenAtBothWidths(page, (viewport) => `order-outcomes-${step}-${lang}-${viewport.width}`);

interface OrderDetail {
  id: string;
  number: string;
  state: string;
  activated: boolean;
}

interface Typology {
  id: string;
  name: string;
  type: string;
  valueCents: number | null;
}

type ApiInit = { method?: string; data?: unknown; headers?: Record<string, string> };

/** Calls the gift-card API as the signed-in user (the setup a journey starts from, as a client of the API would). */
async function apiResponse(page: Page, path: string, init: ApiInit = {}) {
  const session = await page.evaluate(() => ({ token: localStorage.getItem('accessToken'), companyId: localStorage.getItem('companyId') }));
  const response = await page.request.fetch(`/api/company/${session.companyId}/${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${session.token}`, ...init.headers },
    data: init.data,
  });
  expect(response.ok(), `${init.method ?? 'GET'} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

async function api<T>(page: Page, path: string, init: ApiInit = {}): Promise<T> {
  return (await (await apiResponse(page, `giftcard/${path}`, init)).json()) as T;
}

const range = (from: number, to: number) => encodeURIComponent(JSON.stringify([from, to]));

async function typology(page: Page, pick: (t: Typology) => boolean, what: string): Promise<Typology> {
  const typologies = await api<Typology[]>(page, `typologies?range=${range(0, 99)}`);
  const found = typologies.find(pick);
  expect(found, what).toBeDefined();
  return found!;
}

async function companyId(page: Page, name: string): Promise<string> {
  const companies = await (await apiResponse(page, `companies?range=${range(0, 99)}`)).json() as Array<{ id: string; companyName: string }>;
  const company = companies.find((c) => c.companyName === name);
  expect(company, `the company ${name}`).toBeDefined();
  return company!.id;
}

/** Signs provider staff in and makes, through the API, a digital draft for Acme with `quantity` Digital Gift Cards. */
async function adminDraftForAcme(page: Page, quantity: number): Promise<OrderDetail> {
  await signIn(page, 'admin@tessera.test');
  await expect(page).not.toHaveURL(/\/login/);
  const digital = await typology(page, (t) => t.type === 'DIGITAL' && t.name === 'Digital Gift Card', 'the Digital Gift Card typology');
  const acme = await companyId(page, 'Acme S.p.A.');
  const draft = await api<OrderDetail>(page, 'orders', { method: 'POST', data: { subCompanyId: acme, shippingType: 'DIGITAL' } });
  await api(page, `orders/${draft.id}/items`, { method: 'POST', data: { typologyId: digital.id, quantity, ...(digital.valueCents === null ? { valueCents: 2500 } : {}) } });
  return draft;
}

/** Configures and confirms a draft through the API; the issue job takes it on from there. */
async function confirm(page: Page, order: OrderDetail, extra: Record<string, unknown> = {}): Promise<OrderDetail> {
  await api(page, `orders/${order.id}`, {
    method: 'PUT',
    data: { referentName: 'Giulia Rossi', referentEmail: 'giulia.rossi@acme.test', validMonths: 3, companyOrderNumber: `E2E-${order.number}`, sendEmailToCompanyContact: false, autoActivate: false, shippingAddress: null, ...extra },
  });
  return api<OrderDetail>(page, `orders/${order.id}/confirm`, { method: 'POST', data: {}, headers: { 'Idempotency-Key': randomUUID() } });
}

/** Waits (on the API) until the issue job has made the order's cards. */
async function issued(page: Page, order: OrderDetail, state: string) {
  await expect.poll(async () => (await api<OrderDetail>(page, `orders/${order.id}`)).state, { timeout: 30_000, message: `order ${order.number} issued` }).toBe(state);
}

/** The order's codes CSV (en): one `{code, email}` per card. */
async function codesOf(page: Page, order: OrderDetail): Promise<Array<{ code: string; email: string }>> {
  const csv = await (await apiResponse(page, `giftcard/orders/${order.id}/codes?format=csv&lang=en`)).text();
  const [header, ...rows] = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/).map((line) => line.split(','));
  const code = header.findIndex((h) => /^code$/i.test(h));
  const email = header.findIndex((h) => /e-?mail/i.test(h));
  expect(code, `a code column in ${header.join(',')}`).toBeGreaterThanOrEqual(0);
  expect(email, `an e-mail column in ${header.join(',')}`).toBeGreaterThanOrEqual(0);
  return rows.map((row) => ({ code: row[code].replace(/^"|"$/g, ''), email: row[email].replace(/^"|"$/g, '') }));
}

test.describe('order outcomes', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  });

  test('provider staff activate a sub-company order with a names list of 3 and each recipient gets an e-mail with their own code', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin@tessera.test');
    await expect(page).not.toHaveURL(/\/login/);

    // setup through the API: a digital order for Acme Nord, one card per recipient of the names list
    const run = randomUUID().slice(0, 8);
    const recipients = ['giulia.bianchi', 'luca.ferrari', 'sara.colombo'].map((name) => `${name}.${run}@example.com`);
    const csv = `nome;cognome;email\nGiulia;Bianchi;${recipients[0]}\nLuca;Ferrari;${recipients[1]}\nSara;Colombo;${recipients[2]}\n`;
    const christmas = await typology(page, (t) => t.type === 'DIGITAL' && t.name.startsWith('Christmas Card'), 'the Christmas Card typology');
    const subCompanyId = await companyId(page, 'Acme Nord S.r.l.');
    const draft = await api<OrderDetail>(page, 'orders', { method: 'POST', data: { subCompanyId, shippingType: 'DIGITAL' } });
    await api(page, `orders/${draft.id}/items`, {
      method: 'POST',
      data: { typologyId: christmas.id, ...(christmas.valueCents === null ? { valueCents: 2500 } : {}), namesList: { type: 'text/csv', name: 'destinatari.csv', content: Buffer.from(csv).toString('base64') } },
    });
    const order = await confirm(page, draft);
    const seen = recipients.map((address) => countMessagesTo(address));

    // the order's page follows it to "issued", with a card per recipient
    await page.goto(`/privative-orders/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 2, name: order.number })).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText('Emesso', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: /^Gift card/ }).locator('tbody tr')).toHaveCount(3);
    await shoot(page, 'names-issued', 'it');

    await page.getByRole('button', { name: 'Attiva ordine' }).click();
    const dialog = page.getByRole('dialog', { name: `Attivare l'ordine ${order.number}?` });
    await expect(dialog).toContainText('3 gift card');
    await shoot(page, 'names-activate-dialog', 'it');
    await dialog.getByRole('button', { name: 'Attiva ordine' }).click();
    await expect(page.getByText('Ordine attivato')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('order-activation')).toContainText('Attivato');
    await expect(page.getByRole('button', { name: 'Attiva ordine' })).toHaveCount(0);
    await shoot(page, 'names-activated', 'it');

    // each recipient gets one e-mail, carrying the code of the card the names list gave them
    const codes = await codesOf(page, order);
    expect(codes.map((c) => c.email.toLowerCase()).sort()).toEqual([...recipients].sort());
    for (const [index, address] of recipients.entries()) {
      const own = codes.find((c) => c.email.toLowerCase() === address)!.code;
      expect(own).toMatch(/^[A-Z0-9]{16,20}$/);
      expect(await waitForLink(address, new RegExp(own), seen[index])).toBe(own);
      expect(countMessagesTo(address) - seen[index], `one e-mail to ${address}`).toBe(1);
    }
  });

  test('an unconfigured draft opened from the list says what it lacks, offers no confirm, and continues in the wizard at the configuration to be confirmed and issued', async ({ page }) => {
    test.setTimeout(120_000);
    // setup through the API: a digital draft for Acme with a product, never configured (the wizard left half-way)
    const draft = await adminDraftForAcme(page, 2);

    // from the list, by its number
    await page.goto('/privative-orders/orders/list');
    await page.getByRole('form', { name: 'Filtri ordini' }).getByRole('textbox', { name: 'Numero ordine' }).fill(draft.number);
    await page.getByRole('form', { name: 'Filtri ordini' }).getByRole('button', { name: 'Cerca' }).click();
    await page.getByRole('link', { name: draft.number }).click();
    await expect(page.getByRole('heading', { level: 2, name: draft.number })).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText('Bozza');
    const actions = page.getByRole('region', { name: "Azioni dell'ordine" });
    await expect(actions.getByTestId('draft-missing')).toHaveText("Completa la configurazione dell'ordine (referente e numero ordine aziendale) prima di confermare.");
    await expect(actions.getByRole('button', { name: 'Conferma ordine' })).toHaveCount(0);
    await expect(actions.getByRole('button', { name: 'Elimina bozza' })).toBeVisible();
    await shootBoth(page, 'draft-unconfigured', 'it');
    await page.goto(`/privative-orders/orders/${draft.id}?lng=en`);
    await expect(page.getByTestId('draft-missing')).toHaveText('Complete the order configuration (contact person and company order number) before confirming.');
    await shootBoth(page, 'draft-unconfigured', 'en');
    await page.goto(`/privative-orders/orders/${draft.id}?lng=it`);

    // continue: the wizard opens at the first step not done, the configuration
    await page.getByRole('link', { name: "Continua l'ordine" }).click();
    await expect(page).toHaveURL(`/privative-orders/orders/${draft.id}/configuration`);
    await page.getByRole('textbox', { name: /^Numero ordine aziendale/ }).fill('E2E-CONT-001');
    await page.getByRole('button', { name: 'Continua alla verifica' }).click();
    await expect(page).toHaveURL(`/privative-orders/orders/${draft.id}/recap?step=review`);
    await page.getByRole('button', { name: "Conferma l'ordine" }).click();
    await page.getByRole('dialog', { name: "Confermare l'ordine?" }).getByRole('button', { name: "Conferma l'ordine" }).click();
    await expect(page).toHaveURL(`/privative-orders/orders/${draft.id}`);
    await expect(page.getByTestId('order-state')).toHaveText('Emesso', { timeout: 30_000 });
    await expect(page.getByTestId('order-expiry').locator('..')).toContainText("Validità delle carte1 mese dall'attivazione");
  });

  test('provider staff set the tracking of a third-party shipment, see it shipped with its link, mark it delivered', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'admin@tessera.test');
    await expect(page).not.toHaveURL(/\/login/);

    // setup through the API: one card of the provider's unsold stock, shipped by a third party to Acme
    const physical = await typology(page, (t) => t.type === 'PHYSICAL' && t.name === 'Gift Card 50 €', 'the Gift Card 50 € typology');
    const stock = await api<Array<{ from: number; to: number; count: number }>>(page, `orders/stock?typologyId=${physical.id}`);
    expect(stock.length, 'unsold stock of Gift Card 50 €').toBeGreaterThan(0);
    const acme = await companyId(page, 'Acme S.p.A.');
    const draft = await api<OrderDetail>(page, 'orders', { method: 'POST', data: { subCompanyId: acme, shippingType: 'PHISICAL_SHIPMENT' } });
    await api(page, `orders/${draft.id}/items`, { method: 'POST', data: { typologyId: physical.id, ranges: [{ from: stock[0].from, to: stock[0].from }] } });
    const order = await confirm(page, draft);
    await issued(page, order, 'SHIPMENT_IN_PROGRESS');

    await page.goto(`/privative-orders/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 2, name: order.number })).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText('Spedizione in corso');
    await expect(page.getByRole('button', { name: 'Segna come consegnato' })).toHaveCount(0);
    await shoot(page, 'shipment-in-progress', 'it');

    await page.getByRole('button', { name: 'Imposta tracking' }).click();
    const tracking = page.getByRole('dialog', { name: `Tracking dell'ordine ${order.number}` });
    await tracking.getByRole('textbox', { name: /^Corriere/ }).fill('BRT');
    await tracking.getByRole('textbox', { name: /^Numero di tracking/ }).fill('BRT-0042-E2E');
    await tracking.getByRole('textbox', { name: /^Link di tracking/ }).fill('https://tracking.example.com/BRT-0042-E2E');
    await shoot(page, 'tracking-dialog', 'it');
    await tracking.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Tracking salvato')).toBeVisible();
    await expect(tracking).toHaveCount(0);
    await expect(page.getByTestId('order-state')).toHaveText('Spedito');
    const section = page.getByRole('region', { name: 'Tracking' });
    await expect(section).toContainText('BRT');
    await expect(section).toContainText('BRT-0042-E2E');
    await expect(section.getByRole('link', { name: 'Apri la pagina di tracking' })).toHaveAttribute('href', 'https://tracking.example.com/BRT-0042-E2E');
    await shootBoth(page, 'shipped', 'it');
    await page.goto(`/privative-orders/orders/${order.id}?lng=en`);
    await expect(page.getByTestId('order-state')).toHaveText('Shipped');
    await expect(page.getByRole('region', { name: 'Tracking' }).getByRole('link', { name: 'Open tracking page' })).toHaveAttribute('href', 'https://tracking.example.com/BRT-0042-E2E');
    await shootBoth(page, 'shipped', 'en');
    await page.goto(`/privative-orders/orders/${order.id}?lng=it`);

    await page.getByRole('button', { name: 'Segna come consegnato' }).click();
    const delivered = page.getByRole('dialog', { name: `Segnare l'ordine ${order.number} come consegnato?` });
    await shoot(page, 'delivered-dialog', 'it');
    await delivered.getByRole('button', { name: 'Segna come consegnato' }).click();
    await expect(page.getByText('Ordine segnato come consegnato')).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText('Consegnato');
    await expect(page.getByRole('button', { name: 'Segna come consegnato' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Imposta tracking' })).toHaveCount(0);
    await shootBoth(page, 'delivered', 'it');
    await page.goto(`/privative-orders/orders/${order.id}?lng=en`);
    await expect(page.getByTestId('order-state')).toHaveText('Delivered');
    await shootBoth(page, 'delivered', 'en');

  });

  test('cancelling an issued order one of whose cards was used is refused with SPEC §8 text, and the order stays issued', async ({ page }) => {
    test.setTimeout(120_000);
    // setup through the API: an issued digital order of 3 cards for Acme; a till spends on one of its cards
    const draft = await adminDraftForAcme(page, 3);
    const order = await confirm(page, draft);
    await issued(page, order, 'COMPLETED');
    const [card] = await api<Array<{ id: string; code: string }>>(page, `orders/${order.id}/cards?range=${range(0, 9)}`);
    // (a sold card of an order not yet activated holds nothing: the till loads 10.00 € on it first)
    await api(page, `cards/${card.id}/reload`, { method: 'POST', data: { amountCents: 1000 }, headers: { 'Idempotency-Key': randomUUID() } });
    await api(page, `cards/${card.id}/consume`, { method: 'POST', data: { amountCents: 1000, storeCode: 'MI-CENTRO' }, headers: { 'Idempotency-Key': randomUUID() } });

    await page.goto(`/privative-orders/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 2, name: order.number })).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText('Emesso');
    await page.getByRole('button', { name: 'Annulla ordine' }).click();
    const dialog = page.getByRole('dialog', { name: `Annullare l'ordine ${order.number}?` });
    await shoot(page, 'cancel-dialog', 'it');
    await dialog.getByRole('button', { name: 'Annulla ordine' }).click();
    await expect(page.getByText("Impossibile annullare l'ordine. Le gift card sono già state utilizzate.")).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText('Emesso');
    await shootBoth(page, 'cancel-refused', 'it');
    // the dialog stays open on a refusal: keeping the order closes it, and nothing changed on the server
    await dialog.getByRole('button', { name: "Mantieni l'ordine" }).click();
    await expect(dialog).toHaveCount(0);
    expect((await api<OrderDetail>(page, `orders/${order.id}`)).state).toBe('COMPLETED');

    await page.goto(`/privative-orders/orders/${order.id}?lng=en`);
    await expect(page.getByTestId('order-state')).toHaveText('Issued');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const english = page.getByRole('dialog', { name: `Cancel order ${order.number}?` });
    await english.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText('Unable to cancel the order. GiftCards have already been used.')).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText('Issued');
    await shootBoth(page, 'cancel-refused', 'en');
    await english.getByRole('button', { name: 'Keep the order' }).click();
    expect((await api<OrderDetail>(page, `orders/${order.id}`)).state).toBe('COMPLETED');
  });
});
