import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { signIn } from './support/session';

/**
 * The card list's download says what the list shows, in the user's language and time zone: for
 * each card on the screen, the file's state is the list's word, its available balance the list's
 * amount (without the currency sign), its activation and expiry dates the list's dates (the file
 * adds the time). Italian in Rome, English in New York: the file follows the browser's zone.
 */
const CASES = [
  { language: 'it', timeZone: 'Europe/Rome', separator: ';', labels: { email: 'E-mail', password: 'Password', submit: 'Accedi' }, download: 'Scarica elenco', columns: ['Codice', 'Stato', 'Saldo disponibile', 'Data di attivazione', 'Data di scadenza'] },
  { language: 'en', timeZone: 'America/New_York', separator: ',', labels: { email: 'E-mail', password: 'Password', submit: 'Sign in' }, download: 'Download list', columns: ['Code', 'Status', 'Available balance', 'Activation date', 'Expiry date'] },
] as const;

/** The list's cells under the named column headers, row by row. */
async function listRows(page: Page, headers: readonly string[]): Promise<string[][]> {
  const names = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const at = headers.map((header) => {
    const index = names.findIndex((name) => name === header);
    expect(index, `column "${header}" among ${names.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return index + 1;
  });
  const rows = page.locator('tbody tr');
  const out: string[][] = [];
  for (let r = 0; r < Math.min(await rows.count(), 8); r++) out.push(await Promise.all(at.map(async (column) => (await rows.nth(r).locator(`td:nth-child(${column})`).innerText()).trim())));
  return out;
}

/** A list amount ("1.234,50 €", "€1,234.50") as the file writes it ("1234,50", "1234.50"). */
const plainAmount = (shown: string, decimal: string) => shown.replace(/[^\d,.-]/g, '').replace(decimal === ',' ? /\./g : /,/g, '');

for (const c of CASES) {
  test.describe(`the card list's download (${c.language}, ${c.timeZone})`, () => {
    test.use({ timezoneId: c.timeZone, locale: c.language === 'it' ? 'it-IT' : 'en-GB' });

    test(`says what the list shows (${c.language})`, async ({ page }) => {
      await page.addInitScript((language) => localStorage.setItem('locale', language), c.language);
      await signIn(page, 'operator@acme.test', undefined, c.labels);
      await expect(page).toHaveURL(/\/privative\/giftcards$/);
      await page.goto(`/privative/giftcards?filter=${encodeURIComponent(JSON.stringify({ status: 'active' }))}`);
      await expect(page.locator('tbody tr').first()).toBeVisible();
      const shown = await listRows(page, c.columns);
      expect(shown.length).toBeGreaterThan(2);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: c.download }).click()]);
      expect(download.suggestedFilename()).toBe('giftcards.csv');
      const file = await readFile((await download.path())!, 'utf8');
      expect(file.startsWith('\uFEFF')).toBe(true);
      const parsed = Papa.parse<string[]>(file.slice(1), { delimiter: c.separator, skipEmptyLines: true });
      const [header, ...lines] = parsed.data;
      const column = (name: string) => header.indexOf(name);
      for (const name of c.columns) expect(column(name), name).toBeGreaterThanOrEqual(0);
      const byCode = new Map(lines.map((line) => [line[column(c.columns[0])], line]));

      for (const [code, state, available, activated, expires] of shown) {
        const line = byCode.get(code);
        expect(line, `the file has card ${code}`).toBeDefined();
        expect(line![column(c.columns[1])]).toBe(state);
        expect(line![column(c.columns[2])]).toBe(plainAmount(available, c.separator === ';' ? ',' : '.'));
        // the list shows the day, the file the day and time: the same day in the same zone
        for (const [cell, day] of [
          [line![column(c.columns[3])], activated],
          [line![column(c.columns[4])], expires],
        ]) {
          if (day === '' || day === '—') expect(cell).toBe('');
          else expect(cell).toMatch(new RegExp(`^${day.replace(/\//g, '\\/')} \\d{2}:\\d{2}:\\d{2}$`));
        }
      }
    });
  });
}
