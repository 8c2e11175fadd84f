import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { VIEWPORTS, checkScreen } from './support/screens';
import { signIn } from './support/session';

const shoot = (page: Page, name: string) => checkScreen(page, `orders-${name}`);

interface OrderDetail {
  id: string;
  number: string;
  state: string;
}

/** Calls the orders API as the signed-in user (the setup a journey starts from, as a client of the API would). */
async function api<T>(page: Page, path: string, init: { method?: string; data?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const session = await page.evaluate(() => ({ token: localStorage.getItem('accessToken'), companyId: localStorage.getItem('companyId') }));
  const response = await page.request.fetch(`/api/company/${session.companyId}/giftcard/${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${session.token}`, ...init.headers },
    data: init.data,
  });
  expect(response.ok(), `${init.method ?? 'GET'} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A confirmed digital order of three 25.00 € cards for the caller's own company, made through the API. */
async function confirmedOrder(page: Page): Promise<OrderDetail> {
  const companyId = await page.evaluate(() => localStorage.getItem('companyId'));
  const typologies = await api<Array<{ id: string; name: string; type: string; valueCents: number | null }>>(page, `typologies?range=${encodeURIComponent('[0,99]')}`);
  const digital = typologies.find((t) => t.type === 'DIGITAL' && t.valueCents === null) ?? typologies.find((t) => t.type === 'DIGITAL');
  expect(digital, 'a digital typology in the catalog').toBeDefined();
  const order = await api<OrderDetail>(page, 'orders', { method: 'POST', data: { subCompanyId: companyId, shippingType: 'DIGITAL' } });
  await api(page, `orders/${order.id}/items`, { method: 'POST', data: { typologyId: digital!.id, quantity: 3, ...(digital!.valueCents === null ? { valueCents: 2500 } : {}) } });
  await api(page, `orders/${order.id}`, {
    method: 'PUT',
    data: { referentName: 'Giulia Rossi', referentEmail: 'giulia.rossi@acme.test', validMonths: 3, companyOrderNumber: `E2E-${order.number}`, sendEmailToCompanyContact: false, autoActivate: false, shippingAddress: null },
  });
  return api<OrderDetail>(page, `orders/${order.id}/confirm`, { method: 'POST', data: {}, headers: { 'Idempotency-Key': randomUUID() } });
}

test.describe('gift-card orders', () => {
  test('an operator finds a confirmed order by its number, sees it issued, activates it and downloads its codes', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'operator@acme.test');
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
    const order = await confirmedOrder(page);
    expect(order.state).toBe('PENDING');

    await page.goto('/privative-orders/orders');
    await expect(page).toHaveURL(/\/privative-orders\/orders\/list/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ordini gift card' })).toBeVisible();
    await page.getByRole('form', { name: 'Filtri ordini' }).getByRole('textbox', { name: 'Numero ordine' }).fill(order.number);
    await page.getByRole('button', { name: 'Cerca' }).click();
    const link = page.getByRole('link', { name: order.number, exact: true });
    await expect(link).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await shoot(page, 'it-desktop-list-filtered');

    // the number is a link: Tab reaches it, Enter opens the order
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/privative-orders/orders/${order.id}$`));
    await expect(page.getByRole('heading', { level: 2, name: order.number })).toBeVisible();
    // the page polls while the issue job works: the order becomes "Emesso" by itself
    await expect(page.getByTestId('order-state')).toHaveText('Emesso', { timeout: 30_000 });
    const cards = page.getByRole('region', { name: 'Gift card' });
    await expect(cards.locator('tbody tr')).toHaveCount(3);
    await shoot(page, 'it-desktop-detail-issued');

    await page.getByRole('button', { name: 'Attiva ordine' }).click();
    const dialog = page.getByRole('dialog', { name: `Attivare l'ordine ${order.number}?` });
    await shoot(page, 'it-desktop-activate-dialog');
    await dialog.getByRole('button', { name: 'Attiva ordine' }).click();
    await expect(page.getByText('Ordine attivato')).toBeVisible();
    await expect(page.getByTestId('order-activation')).toContainText('Attivato');
    await expect(page.getByRole('button', { name: 'Attiva ordine' })).toHaveCount(0);
    await expect(cards.getByText('Attiva').first()).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica codici (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${order.number}-codes.csv`);
    const csv = readFileSync(await file.path(), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Codice;Progressivo');
    expect(lines).toHaveLength(4);
    await shoot(page, 'it-desktop-detail-activated');

    // the same screens in both languages, on a laptop and a phone
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const lang of ['it', 'en'] as const) {
        await page.goto(`/privative-orders/orders/list?lng=${lang}`);
        await expect(page.getByRole('link', { name: order.number, exact: true })).toBeVisible();
        await shoot(page, `${lang}-${viewport.name}-list`);
        if (viewport.name === 'desktop') {
          await page.getByRole('button', { name: lang === 'it' ? 'Aggiungi ordine' : 'Add order' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await shoot(page, `${lang}-${viewport.name}-add-order`);
          await page.getByRole('dialog').getByRole('button', { name: lang === 'it' ? 'Annulla' : 'Cancel' }).click();
        }
        await page.goto(`/privative-orders/orders/${order.id}`);
        await expect(page.getByTestId('order-state')).toHaveText(lang === 'it' ? 'Emesso' : 'Issued');
        await expect(page.getByRole('region', { name: /^Gift card/ }).getByText(/^[A-Z0-9]{17}$/).first()).toBeVisible();
        await shoot(page, `${lang}-${viewport.name}-detail`);
      }
    }
  });
});
