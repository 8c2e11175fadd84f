import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { countMessagesTo, waitForLink } from './support/mailbox';
import { checkScreenAtBothWidths } from './support/screens';
import { signIn } from './support/session';

/**
 * Issue 21's reports outcome, tried as a new user would on the real server: Rita, Acme's referent,
 * opens /report, generates "Saldi residui" at last month's end for Acme and its sub-companies with
 * an e-mail when ready, watches it advance to "Pronto" by itself, and downloads report_<id>.csv
 * from the downloads page the e-mail links to: a spreadsheet file (BOM, `;`, Italian headers, a
 * total row). The finance check: the same report at today's end must total exactly what Acme's
 * subtree's cards hold now (the card CSV export's balances) — the report reads the ledger, the
 * export the cards' running balances. A period over the limit is refused with its translated text.
 * The list, the dialog and the downloads page in Italian and English at 1440 and 390 px.
 */
test.use({ timezoneId: 'Europe/Rome' });

const RITA = 'referent@acme.test';

interface GeneratedReport {
  id: string;
  state: string;
  progress: number;
  parameters: Record<string, unknown>;
}

async function session(page: Page) {
  return page.evaluate(() => ({ token: localStorage.getItem('accessToken'), companyId: localStorage.getItem('companyId') }));
}

/** The gift-card API as the signed-in user (ids and states a screen does not show at once, the finance check). */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const { token, companyId } = await session(page);
  const response = await page.request.fetch(`/api/company/${companyId}/giftcard/${path}`, { method, headers: { Authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}
const newestReport = async (page: Page) => ((await (await api(page, 'GET', `report-generated?sort=${encodeURIComponent('["createdAt","DESC"]')}&range=[0,0]`)).json()) as GeneratedReport[])[0];
const reportState = async (page: Page, id: string) => ((await (await api(page, 'GET', `report-generated?range=[0,49]`)).json()) as GeneratedReport[]).find((report) => report.id === id)?.state;

/** A `;` CSV with quoted cells (the one CSV writer quotes a cell holding the separator, a quote or a line break). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') quoted = !quoted;
    else if (quoted) cell += char;
    else if (char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      rows.push([...row, cell.replace(/\r$/, '')]);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** An Italian amount cell ("1.300,50", "-12,00", possibly with "€") → cents. */
function cents(cell: string): number {
  const plain = cell.replace(/[€\s.]/g, '').replace(',', '.');
  expect(plain, `an amount: "${cell}"`).toMatch(/^-?\d+(\.\d{1,2})?$/);
  return Math.round(Number(plain) * 100);
}

/** The report's total row (first cell "Totale") and its amount column, by the header's name. */
function reportTotal(rows: string[][], amountHeader: RegExp): number {
  const column = rows[0].findIndex((header) => amountHeader.test(header));
  expect(column, `a column ${amountHeader} in ${rows[0].join(';')}`).toBeGreaterThanOrEqual(0);
  const total = rows.find((row) => /^total/i.test(row[0]));
  expect(total, 'a total row').toBeTruthy();
  return cents(total![column]);
}

const romeDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
function lastMonthEnd(): string {
  const [year, month] = romeDay(new Date()).split('-').map(Number);
  return romeDay(new Date(Date.UTC(year, month - 1, 0, 12)));
}
const italianDay = (iso: string) => iso.split('-').reverse().join('/');

async function signedIn(page: Page, email: string, labels?: Parameters<typeof signIn>[3]) {
  await signIn(page, email, undefined, labels);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test("a referent generates last month's outstanding balances, follows it to ready, downloads it from the e-mail's link; today's report totals what the cards hold", async ({ page }) => {
  test.setTimeout(240_000);
  await signedIn(page, RITA);
  const mailsBefore = countMessagesTo(RITA);

  // --- /report opens the list; the dialog offers the balances at last month's end, sub-companies on
  await page.goto('/report');
  await expect(page).toHaveURL(/\/report\/list$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report');
  await page.getByRole('button', { name: 'Genera report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Genera report' });
  await expect(dialog.getByRole('combobox', { name: 'Tipo di report' })).toHaveText('Saldi residui');
  await expect(dialog.getByText(/la passività verso i clienti/)).toBeVisible();
  const atDate = dialog.getByRole('textbox', { name: /Alla data/ });
  await expect(atDate).toHaveValue(italianDay(lastMonthEnd()));
  await expect(dialog.getByRole('switch', { name: 'Includi le sotto-aziende' })).toBeChecked();
  await dialog.getByRole('switch', { name: "Inviami un'e-mail quando è pronto" }).check();
  await checkScreenAtBothWidths(page, (viewport) => `reports-dialog-it-${viewport.width}`);
  // SPEC §9: the modal stays on Escape
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Genera', exact: true }).click();
  await expect(dialog).toBeHidden();

  // --- the new report is on top, queued or already moving, and reaches "Pronto" by itself (the list polls)
  const report = await newestReport(page);
  // no company chosen: the session's (Acme), as the server records it
  expect(report.parameters).toMatchObject({ date: lastMonthEnd(), companyId: (await session(page)).companyId, includeSubCompanies: true });
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Saldi residui');
  await expect(firstRow.getByText('Pronto', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(firstRow.getByRole('button', { name: `Scarica report_${report.id}.csv` })).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `reports-list-it-${viewport.width}`);

  // --- the e-mail links to the downloads page, which saves report_<id>.csv
  const link = await waitForLink(RITA, /http:\/\/localhost:\d+\/downloads\?type=report&(?:amp;)?id=[\w-]+/, mailsBefore);
  expect(link).toContain(report.id);
  const download = page.waitForEvent('download');
  await page.goto(link.replace('&amp;', '&'));
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`report_${report.id}.csv`);
  await expect(page.getByText(`Il file report_${report.id}.csv è stato scaricato.`)).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `reports-downloads-it-${viewport.width}`);
  const text = readFileSync((await saved.path())!, 'utf8');
  expect(text.startsWith('\uFEFF'), 'BOM for Excel').toBe(true);
  const rows = parseCsv(text.slice(1));
  expect(rows[0].length, 'columns split by ";"').toBeGreaterThan(2);
  expect(rows[0].join(';')).toMatch(/Azienda/);
  expect(rows[0].join(';')).toMatch(/Tipologia/);
  expect(rows.some((row) => /^total/i.test(row[0])), 'a total row').toBe(true);

  // --- finance: the same report at today's end totals the balances the subtree's cards hold now
  const today = romeDay(new Date());
  const todays = (await (await api(page, 'POST', 'report/outstanding-balances/generate', { parameters: { date: today, companyId: '', includeSubCompanies: true }, language: 'it', timeZone: 'Europe/Rome' })).json()) as GeneratedReport;
  await expect.poll(() => reportState(page, todays.id), { timeout: 90_000 }).toBe('ready');
  const todaysRows = parseCsv((await (await api(page, 'GET', `report-generated/${todays.id}`)).text()).replace(/^\uFEFF/, ''));
  const cards = parseCsv((await (await api(page, 'GET', 'cards/export?filter=%7B%7D&lang=it&tz=Europe%2FRome')).text()).replace(/^\uFEFF/, ''));
  const balance = cards[0].indexOf('Saldo');
  expect(balance).toBeGreaterThanOrEqual(0);
  const held = cards.slice(1).filter((row) => row.length > balance).reduce((sum, row) => sum + cents(row[balance]), 0);
  expect(held, 'the demo cards hold money').toBeGreaterThan(0);
  expect(reportTotal(todaysRows, /^Saldo residuo/)).toBe(held);
});

test('a period longer than the limit is refused with its translated text', async ({ page }) => {
  await signedIn(page, RITA);
  await page.goto('/report/list');
  await page.getByRole('button', { name: 'Genera report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Genera report' });
  await dialog.getByRole('combobox', { name: 'Tipo di report' }).click();
  // issue 37: only the types whose data Rita may open (no square codes, no orders: she lacks their flags)
  await expect(page.getByRole('option')).toHaveText(['Saldi residui', 'Transazioni gift card', 'Gift card per stato', 'Ricariche e movimenti wallet']);
  await page.getByRole('option', { name: 'Transazioni gift card' }).click();
  await dialog.getByRole('textbox', { name: /^Dal/ }).fill('01/01/2024');
  const to = dialog.getByRole('textbox', { name: /^Al/ });
  await to.fill('31/12/2025');
  await to.blur();
  await expect(dialog.getByText('Il periodo può coprire al massimo 366 giorni')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Genera', exact: true })).toBeDisabled();
  // the API refuses the same body on the field, with the same key
  const { token, companyId } = await session(page);
  const refused = await page.request.post(`/api/company/${companyId}/giftcard/report/giftcard-transactions/generate`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { parameters: { dateFrom: '2024-01-01', dateTo: '2025-12-31', type: '', companyId: '', includeSubCompanies: true } },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { errors: Record<string, string> }).errors['parameters.dateTo']).toMatch(/^validation\.periodTooLong/);
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
});

test('the report screens in English: the list, the generate dialog and the downloads page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await signedIn(page, RITA, { email: 'E-mail', password: 'Password', submit: 'Sign in' });
  const report = (await (await api(page, 'POST', 'report/cards-by-state/generate', { parameters: { status: '', companyId: '', includeSubCompanies: true }, language: 'en', timeZone: 'Europe/Rome' })).json()) as GeneratedReport;
  await page.goto('/report/list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
  // the list follows it to ready by itself
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Download report_${report.id}.csv` }) });
  await expect(row).toContainText('Gift cards by status', { timeout: 90_000 });
  await expect(row.getByText('Ready', { exact: true })).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `reports-list-en-${viewport.width}`);
  await page.getByRole('button', { name: 'Generate report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate report' });
  await expect(dialog.getByRole('combobox', { name: 'Report type' })).toHaveText('Outstanding balances');
  await checkScreenAtBothWidths(page, (viewport) => `reports-dialog-en-${viewport.width}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const download = page.waitForEvent('download');
  await page.goto(`/downloads?type=report&id=${report.id}`);
  expect((await download).suggestedFilename()).toBe(`report_${report.id}.csv`);
  await expect(page.getByText(`The file report_${report.id}.csv has been downloaded.`)).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `reports-downloads-en-${viewport.width}`);
});
