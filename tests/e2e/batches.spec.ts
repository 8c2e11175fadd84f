import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { picture, SHOTS, VIEWPORTS } from './support/screens';
import { signIn } from './support/session';


async function shoot(page: Page, name: string) {
  // let dialog and notification transitions finish, so the picture shows what a person sees
  await page.waitForTimeout(400);
  await expectAccessible(page, `batches ${name}`);
  await picture(page, `${SHOTS}/batches-${name}.png`);
}

/** The screen in both languages and at both sizes: axe, no page wider than a phone, a picture each. */
async function everyWay(page: Page, path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const lang of ['it', 'en'] as const) {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lang}`);
      await ready(page);
      if (viewport.name === 'phone') {
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect.soft(widths.scroll, `${name} ${lang}: page wider than the phone`).toBeLessThanOrEqual(widths.inner);
      }
      await expect(page).toHaveTitle(/ · Tessera$/);
      await shoot(page, `${name}-${lang}-${viewport.width}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=it`);
  await ready(page);
}

test.describe('batches', () => {
  test('provider staff generate a batch, follow its progress to COMPLETED, make its PDF archive and download it', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin@tessera.test');
    await expect(page).toHaveURL(/\/privative\/giftcards$/);

    await page.getByRole('menuitem', { name: 'Lotti' }).click();
    await expect(page).toHaveURL(/\/privative\/batches\/list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lotti' })).toBeVisible();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await everyWay(page, '/privative/batches/list', 'list', async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(p.locator('main a[href*="/privative/batches/"]').nth(1)).toBeVisible();
    });

    await page.getByRole('link', { name: 'Genera lotto' }).click();
    await expect(page).toHaveURL(/\/privative\/batches\/create$/);
    await everyWay(page, '/privative/batches/create', 'create', async (p) => {
      await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    });
    const lot = `E2E-${Date.now()}`;
    await page.getByRole('textbox', { name: /^Lotto/ }).fill(lot);
    await page.getByRole('combobox', { name: /^Tipologia/ }).click();
    await page.getByRole('option', { name: 'Gift Card 25 € (GC-PHY-25)' }).click();
    await expect(page.getByRole('combobox', { name: /^Tipologia/ })).toHaveValue('Gift Card 25 € (GC-PHY-25)');
    // the limit is stated before any refusal (issue 43), and the rule says it, not "invalid"
    await expect(page.getByText('Da 1 a 100.000 carte')).toBeVisible();
    await page.getByRole('textbox', { name: /^Quantità/ }).fill('100001');
    await expect(page.getByText('Inserisci un numero intero di carte da 1 a 100.000')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Genera lotto' })).toBeDisabled();
    await page.getByRole('textbox', { name: /^Quantità/ }).fill('2000');
    await page.getByRole('textbox', { name: /^Riferimento ordine/ }).fill('PO-E2E');
    // no field reports a failed call (the chosen typology is read from the catalog's list)
    await expect(page.locator('.Mui-error')).toHaveCount(0);
    await shoot(page, 'create-filled');
    await page.getByRole('button', { name: 'Genera lotto' }).click();

    // the new batch's page follows the generation to COMPLETED
    await expect(page).toHaveURL(/\/privative\/batches\/[0-9a-f-]{36}$/);
    const detail = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: `Lotto ${lot}` })).toBeVisible();
    await expect(page.getByText('Lotto creato: generazione delle carte in corso')).toBeVisible();
    const status = page.locator('[data-status]').first();
    await expect(status).toHaveAttribute('data-status', 'COMPLETED', { timeout: 60_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByText('PO-E2E')).toBeVisible();

    // the PDF archive: asked for, drawn by a job (the bar advances), then downloaded
    await page.getByRole('button', { name: 'Crea archivio PDF' }).click();
    await expect(page.getByText("Creazione dell'archivio PDF avviata")).toBeVisible();
    const download = page.getByRole('button', { name: 'Scarica archivio PDF' });
    await expect(download).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shoot(page, 'detail-archive-ready');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`batch-${lot}.pdf`);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(10_000);
    await expect(page.getByText('Archivio PDF scaricato')).toBeVisible();

    // activation: confirmed, run by a job through the ledger, then the batch offers deactivation
    await page.getByRole('button', { name: 'Attiva le carte', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Attivare le carte del lotto ${lot}?` });
    await expect(confirm).toContainText('Le 2.000 carte del lotto diventano attive');
    await shoot(page, 'detail-activate-confirm');
    await confirm.getByRole('button', { name: 'Attiva le carte', exact: true }).click();
    await expect(page.getByText('Attivazione delle carte avviata')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disattiva le carte' })).toBeVisible({ timeout: 90_000 });
    await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', 'COMPLETED');
    await expect(page.getByRole('button', { name: 'Attiva le carte', exact: true })).toHaveCount(0);

    await everyWay(page, detail, 'detail', async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: new RegExp(lot) })).toBeVisible();
      await expect(p.locator('[data-status="COMPLETED"]').first()).toBeVisible();
    });

    // the list finds it by its lot number, and its lot number opens it
    await page.getByRole('link', { name: 'Lotti' }).first().click();
    await expect(page).toHaveURL(/\/privative\/batches\/list/);
    await page.getByRole('textbox', { name: 'Lotto', exact: true }).fill(lot);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr').first()).toContainText('2.000');
    await page.getByRole('link', { name: lot }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${detail}$`));
  });
});
