import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { picture, SHOTS } from './support/screens';
import { signIn } from './support/session';

async function shoot(page: Page, name: string) {
  // let dialog and notification transitions finish, so the picture shows what a person sees
  await page.waitForTimeout(400);
  await expectAccessible(page, `giftcards ${name}`);
  await picture(page, `${SHOTS}/giftcards-${name}.png`);
}

/** Calls the gift-card API as the signed-in user (for arranging data the journey starts from). */
async function giftcardApi<T>(page: Page, path: string, init: { method?: string; data?: unknown } = {}): Promise<T> {
  const session = await page.evaluate(() => ({ token: localStorage.getItem('accessToken'), companyId: localStorage.getItem('companyId') }));
  const response = await page.request.fetch(`/api/company/${session.companyId}/giftcard/${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${session.token}` },
    data: init.data,
  });
  expect(response.ok(), `${init.method ?? 'GET'} ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

const list = (filter: object) => `/privative/giftcards?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const codeCells = (page: Page) => page.locator('tbody tr td:nth-child(2)');

test.describe('gift cards and transactions', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'operator@acme.test');
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
  });

  test('an operator finds a card by its code, reloads it and sees the new RECHARGE transaction', async ({ page }) => {
    // a usable card's code, read from the management list
    await page.goto(list({ status: 'active' }));
    await expect(codeCells(page).first()).toHaveText(/^[A-Z0-9]{17}$/);
    const code = (await codeCells(page).first().innerText()).trim();
    await shoot(page, 'list-active');

    await page.getByRole('menuitem', { name: 'Ricerca gift card' }).click();
    // the list's filter has a field of the same name: wait until the search screen replaced it
    await expect(page).toHaveURL(/\/privative\/giftcards-search$/);
    await expect(page.getByText('Inserisci il codice esatto della carta.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Codice carta' })).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Codice carta' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Cerca' }).click();
    await expect(page.getByRole('heading', { name: code })).toBeVisible();
    await shoot(page, 'search-found');
    await page.getByRole('link', { name: 'Apri dettaglio' }).click();
    await expect(page).toHaveURL(/\/privative\/giftcards\/[0-9a-f-]{36}$/);
    const before = await page.getByTestId('available-balance').innerText();

    await page.getByRole('button', { name: 'Ricarica', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Ricarica carta ${code}` });
    await dialog.getByRole('textbox', { name: /Importo/ }).fill('1000,01');
    // the rule names its limit (issue 14), written by the one formatter: thousands always grouped
    await expect(dialog.getByText(/^L'importo può essere al massimo di 1\.000,00\s€$/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Ricarica' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: /Importo/ }).fill('12,34');
    await dialog.getByRole('button', { name: 'Ricarica' }).click();

    await expect(page.getByText('Ricarica effettuata')).toBeVisible();
    await expect(dialog).toBeHidden();
    const newest = page.getByRole('region', { name: 'Transazioni' }).locator('tbody tr').first();
    await expect(newest).toContainText('Ricarica');
    await expect(newest).toContainText('+12,34 €');
    await expect(page.getByTestId('available-balance')).not.toHaveText(before);
    await shoot(page, 'detail-after-reload');
  });

  test('an operator locks three cards at once and reads the operation summary, failures explained', async ({ page }) => {
    // two bulk runs, two list loads and two pictures with axe: past the default 60 s on a loaded CI machine
    test.slow();
    await page.goto(list({ status: 'active' }));
    await expect(codeCells(page).first()).toHaveText(/^[A-Z0-9]{17}$/);
    const codes = (await codeCells(page).allInnerTexts()).slice(0, 3).map((text) => text.trim());
    const boxes = page.locator('tbody tr').getByRole('checkbox');
    for (const index of [0, 1, 2]) await boxes.nth(index).check();
    await expect(page.getByText('3 elementi selezionati')).toBeVisible();
    await page.getByRole('group', { name: 'Azioni sulle carte selezionate' }).getByRole('button', { name: 'Blocca' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blocca' });
    await expect(dialog.getByText("L'azione si applica alle 3 carte selezionate.")).toBeVisible();
    await dialog.getByRole('button', { name: 'Conferma' }).click();

    const summary = page.getByRole('dialog', { name: 'Riepilogo operazione' });
    await expect(summary.getByText('Operazione completata per 3 carte su 3.')).toBeVisible();
    await shoot(page, 'lock-summary');
    await summary.getByRole('button', { name: 'Chiudi' }).click();

    // the three cards are now in the locked list
    await page.goto(list({ status: 'locked' }));
    for (const code of codes) await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();

    // the whole filtered set: locking not-sold cards is refused card by card, with the reason
    await page.goto(list({ status: 'notSold', lotNumber: 'LOT-ACME-001' }));
    await expect(codeCells(page).first()).toHaveText(/^[A-Z0-9]{17}$/);
    await page.getByRole('button', { name: "Azioni sull'elenco filtrato" }).click();
    await page.getByRole('menuitem', { name: 'Blocca' }).click();
    const filtered = page.getByRole('dialog', { name: 'Blocca' });
    await expect(filtered.getByTestId('bulk-filter-summary')).toContainText('Stato: Non vendute');
    await expect(filtered.getByTestId('bulk-filter-summary')).toContainText('Lotto: LOT-ACME-001');
    await filtered.getByRole('button', { name: 'Conferma' }).click();
    await expect(summary.getByText(/^Operazione completata per 0 carte su \d+\.$/)).toBeVisible();
    await expect(summary.getByText('La carta non è attiva.').first()).toBeVisible();
    await shoot(page, 'lock-refused-summary');
  });

  test('an operator returns part of a consume in the transactions list', async ({ page }) => {
    // arrange: a consume of 40.00 EUR at a store on a usable card (the SPA has no consume screen: tills do that)
    const cards = await giftcardApi<Array<{ id: string; code: string; availableBalanceCents: number }>>(
      page,
      `cards?filter=${encodeURIComponent('{"status":"active"}')}&range=${encodeURIComponent('[10,40]')}`,
    );
    const card = cards.find((candidate) => candidate.availableBalanceCents >= 4000);
    expect(card, 'an active card with 40.00 EUR available').toBeDefined();
    await giftcardApi(page, `cards/${card!.id}/consume`, { method: 'POST', data: { amountCents: 4000, storeCode: 'MI-CENTRO' } });

    await page.getByRole('menuitem', { name: 'Transazioni' }).click();
    await expect(page).toHaveURL(/\/privative\/transactions\/list/);
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Consumo', exact: true }).click();
    await page.getByRole('combobox', { name: 'Codice carta' }).fill(card!.code.slice(0, 8));
    await page.getByRole('option', { name: card!.code }).click();
    await page.getByRole('button', { name: 'Cerca' }).click();

    const consume = page.locator('tbody tr').filter({ hasText: '-40,00 €' }).first();
    await expect(consume).toContainText(card!.code);
    await consume.getByRole('button', { name: /^Azioni: Consumo/ }).click();
    await page.getByRole('menuitem', { name: 'Reso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reso consumo' });
    await expect(dialog.getByText('Al massimo 40,00 €')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Importo del reso/ }).fill('40,01');
    await expect(dialog.getByText("L'importo supera la parte del consumo non ancora resa")).toBeVisible();
    await dialog.getByRole('textbox', { name: /Importo del reso/ }).fill('15');
    await dialog.getByRole('textbox', { name: /Numero reso/ }).fill('R-E2E-1');
    await expect(dialog.getByRole('textbox', { name: /Codice punto vendita/ })).toHaveValue('MI-CENTRO');
    await shoot(page, 'return-dialog');
    await dialog.getByRole('button', { name: 'Registra reso' }).click();
    await expect(page.getByText('Reso registrato')).toBeVisible();

    // the return shows in the card's transactions, and the consume has 25.00 EUR left to return
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Tutti', exact: true }).click();
    await page.getByRole('button', { name: 'Cerca' }).click();
    const returned = page.locator('tbody tr').filter({ hasText: 'R-E2E-1' });
    await expect(returned).toContainText('Reso');
    await expect(returned).toContainText('+15,00 €');
    await page.locator('tbody tr').filter({ hasText: '-40,00 €' }).first().getByRole('button', { name: /^Azioni: Consumo/ }).click();
    await page.getByRole('menuitem', { name: 'Reso' }).click();
    await expect(page.getByRole('dialog', { name: 'Reso consumo' }).getByText('Al massimo 25,00 €')).toBeVisible();
    await shoot(page, 'transactions-after-return');
  });
});
