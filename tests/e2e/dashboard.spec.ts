import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PNG_SCALE, pngLayout } from '../../src/resources/dashboard/pngLayout';
import { checkScreenAtBothWidths, DESKTOP, SHOTS } from './support/screens';
import { signIn } from './support/session';

/**
 * Issue 21's dashboard outcome on the real server. Rita (Acme's referent, powerBi.reportBase)
 * opens /dashboard: the built-in charts of her company and Acme Nord, no premium part; she
 * changes the period and the sub-company, is refused a period ending before it starts, and
 * downloads a chart's data as CSV and the chart as PNG. Provider staff (reportPremium) also get
 * the typology and store breakdowns and the comparison with the previous period. The Power BI
 * journey runs against a second server configured for Power BI, whose Entra and REST endpoints are
 * the local stand-in (server/test/powerbi-stand-in.ts): the same page embeds the
 * stand-in's report, filtered to Rita's companies, and renews its token without a reload.
 */
test.use({ timezoneId: 'Europe/Rome', acceptDownloads: true });

const RITA = 'referent@acme.test';
const ADMIN = 'admin@tessera.test';
const POWERBI_PORT = Number(process.env.E2E_POWERBI_PORT ?? 8383);
const STANDIN_PORT = Number(process.env.E2E_POWERBI_STANDIN_PORT ?? 8384);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function signedIn(page: Page, email: string, labels?: Parameters<typeof signIn>[3]) {
  await page.evaluate(() => ['accessToken', 'refreshToken', 'companyId'].forEach((key) => localStorage.removeItem(key))).catch(() => undefined);
  await signIn(page, email, undefined, labels);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The next stats request the page makes, as its query. */
const nextStats = (page: Page) => page.waitForRequest((request) => request.url().includes('/dashboard/stats?')).then((request) => new URL(request.url()).searchParams);

test('Rita sees the base charts, changes the period and the sub-company, and downloads a chart as CSV and PNG', async ({ page }) => {
  test.setTimeout(180_000);
  await signedIn(page, RITA);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard analitica');
  for (const title of ['Saldo residuo', 'Carte vendute e attivate', 'Valore consumato']) await expect(page.getByRole('figure', { name: title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Indicatori del periodo' })).toContainText('Saldo residuo a fine periodo');
  await expect(page.getByText(/^Dati aggiornati al \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  // no premium part for reportBase
  for (const title of ['Saldo residuo per tipologia', 'Valore consumato per punto vendita', 'Periodo attuale e precedente']) await expect(page.getByRole('figure', { name: title })).toHaveCount(0);
  await expect(page.getByText(/periodo precedente/)).toHaveCount(0);

  // the period: a preset, then a custom one refused before any request
  let asked = nextStats(page);
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  await page.getByRole('option', { name: 'Ultimi 12 mesi' }).click();
  const year = await asked;
  expect(year.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
  await expect(page).toHaveURL(/period=last12Months/);
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  await page.getByRole('option', { name: 'Personalizzato' }).click();
  // it starts from the period shown (the last 12 months), here cut short at 1 October
  await expect(page.getByRole('textbox', { name: 'Dal', exact: true })).toHaveValue(/^01\/\d{2}\/\d{4}$/);
  asked = nextStats(page);
  await page.getByRole('textbox', { name: 'Al', exact: true }).fill('01/10/2026');
  expect((await asked).get('to')).toBe('2026-10-01');
  let requests = 0;
  page.on('request', (request) => void (request.url().includes('/dashboard/stats?') && (requests += 1)));
  await page.getByRole('textbox', { name: 'Dal', exact: true }).fill('31/10/2026');
  await expect(page.getByText('La data di inizio non può essere successiva a quella di fine')).toBeVisible();
  expect(requests).toBe(0);
  asked = nextStats(page);
  await page.getByRole('textbox', { name: 'Al', exact: true }).fill('30/11/2026');
  expect(Object.fromEntries(await asked)).toMatchObject({ from: '2026-10-31', to: '2026-11-30', includeSubCompanies: 'true' });

  // the sub-company, alone
  asked = nextStats(page);
  await page.getByRole('combobox', { name: 'Azienda' }).click();
  await page.getByRole('option', { name: 'Acme Nord S.r.l.' }).click();
  expect((await asked).get('companyId')).toBeTruthy();
  asked = nextStats(page);
  await page.getByRole('switch', { name: 'Includi le sotto-aziende' }).click();
  expect((await asked).get('includeSubCompanies')).toBe('false');
  await expect(page.getByRole('figure', { name: 'Saldo residuo' })).toBeVisible();

  // a chart's data as CSV, in Italian
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica i dati del grafico Saldo residuo in CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('dashboard-outstanding_2026-10-31_2026-11-30.csv');
  const text = await readFile((await csv.path())!, 'utf8');
  expect(text.startsWith('\uFEFFPeriodo;Carte vendute;Carte attivate;Valore attivato;Consumi;Valore consumato;Saldo residuo\r\n')).toBe(true);
  expect(text.split('\r\n')[1]).toMatch(/^31\/10\/2026;\d+;\d+;\d+,\d{2};\d+;-?\d+,\d{2};-?\d+,\d{2}$/);

  // the chart as PNG
  const pngDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica il grafico Saldo residuo in PNG' }).click();
  const png = await pngDownload;
  expect(png.suggestedFilename()).toBe('dashboard-outstanding_2026-10-31_2026-11-30.png');
  const bytes = await readFile((await png.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  await png.saveAs(`${SHOTS}/dashboard-chart-png-it.png`);

  // back to the default period, the whole company: the screen at both widths
  await page.goto('/dashboard');
  await expect(page.getByRole('figure', { name: 'Saldo residuo' }).locator('svg').first()).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `dashboard-base-it-${viewport.width}`);
});

test('provider staff with reportPremium see the breakdowns and the comparison with the previous period (it, en)', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, ADMIN);
  await page.goto('/dashboard?period=last12Months');
  for (const title of ['Saldo residuo per tipologia', 'Valore consumato per punto vendita', 'Periodo attuale e precedente']) await expect(page.getByRole('figure', { name: title })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Indicatori del periodo' }).getByText(/periodo precedente|^[+\u2212]?\d+%$/).first()).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `dashboard-premium-it-${viewport.width}`);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Scarica i dati del grafico Saldo residuo per tipologia in CSV' }).click();
  expect(await readFile((await (await csvDownload).path())!, 'utf8')).toMatch(/^\uFEFFTipologia;Carte vendute;/);

  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics dashboard');
  for (const title of ['Outstanding balance by product', 'Value redeemed by store', 'Current and previous period']) await expect(page.getByRole('figure', { name: title })).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `dashboard-premium-en-${viewport.width}`);
});

/** A PNG's size, from its IHDR chunk (the first, right after the signature). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface Ink {
  /** share of pixels that are not (near) white */
  inked: number;
  /** distinct colours */
  colours: number;
  /** the inked pixels' extent, as shares of the region's width and height */
  extent: { left: number; top: number; right: number; bottom: number };
}

/**
 * What an image holds in a region (all of it when none is given), decoded by the page's own
 * canvas: how much of it is drawn on, in how many colours, and from where to where.
 */
const inkOf = (page: Page, png: Buffer, region?: { x: number; y: number; width: number; height: number }) =>
  page.evaluate(
    async ({ src, region }): Promise<Ink> => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const { x, y, width, height } = region ?? { x: 0, y: 0, width: image.naturalWidth, height: image.naturalHeight };
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, x, y, width, height, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      const colours = new Set<number>();
      let inked = 0;
      let [left, top, right, bottom] = [width, height, -1, -1];
      for (let index = 0; index < width * height; index += 1) {
        const [r, g, b] = [data[index * 4], data[index * 4 + 1], data[index * 4 + 2]];
        colours.add((r << 16) | (g << 8) | b);
        if (Math.min(r, g, b) >= 235) continue;
        inked += 1;
        const [column, row] = [index % width, Math.floor(index / width)];
        [left, top, right, bottom] = [Math.min(left, column), Math.min(top, row), Math.max(right, column), Math.max(bottom, row)];
      }
      return { inked: inked / (width * height), colours: colours.size, extent: { left: left / width, top: top / height, right: (right + 1) / width, bottom: (bottom + 1) / height } };
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, region },
  );

test("1440×900 it: every chart's PNG is the chart as shown on screen — its size, all of it, not blank", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await signedIn(page, ADMIN);
  await page.goto('/dashboard?period=last12Months');
  // provider staff: the three base charts and the three premium ones, each with its PNG button
  const buttons = page.getByRole('button', { name: /^Scarica il grafico .+ in PNG$/ });
  await expect(buttons).toHaveCount(6, { timeout: 30_000 });
  await expect(page.getByRole('figure', { name: 'Valore consumato per punto vendita', exact: true }).locator('svg').first()).toBeVisible();

  const titles = await buttons.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')!.replace(/^Scarica il grafico (.+) in PNG$/, '$1')));
  expect(titles).toEqual(['Saldo residuo', 'Carte vendute e attivate', 'Valore consumato', 'Periodo attuale e precedente', 'Saldo residuo per tipologia', 'Valore consumato per punto vendita']);
  for (const title of titles) {
    const figure = page.getByRole('figure', { name: title, exact: true });
    // the chart in the middle of the window (clear of the app bar), the pointer off it (no tooltip)
    await figure.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.mouse.move(1, 1);
    // the chart on screen: the figure's drawing, its largest SVG (the legend's marks are small ones)
    const box = await figure.evaluate((element) => {
      const largest = Array.from(element.querySelectorAll('svg'))
        .map((svg) => svg.getBoundingClientRect())
        .sort((a, b) => b.width * b.height - a.width * a.height)[0];
      return { x: largest.x, y: largest.y, width: largest.width, height: largest.height };
    });
    expect(box.width, title).toBeGreaterThan(300);
    expect(box.height, title).toBeGreaterThanOrEqual(260);
    // the saved PNG's legend: a row per series (per typology for the pie), shown on screen or not
    const legendRows = title === 'Saldo residuo per tipologia' ? await figure.locator('tbody tr').count() : ['Carte vendute e attivate', 'Periodo attuale e precedente'].includes(title) ? 2 : 1;
    const onScreen = await page.screenshot({ clip: box });

    const download = page.waitForEvent('download');
    await figure.getByRole('button', { name: `Scarica il grafico ${title} in PNG` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^dashboard-[a-z-]+_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.png$/);
    const png = await readFile((await file.path())!);
    await file.saveAs(`${SHOTS}/dashboard-chart-${file.suggestedFilename()}`);

    // its size: the chart's on-screen box with the title, legend and margins, at the export's scale
    const size = pngSize(png);
    const layout = pngLayout({ width: Math.round(box.width), height: Math.round(box.height) }, legendRows);
    test.info().annotations.push({ type: 'png', description: `${title}: ${size.width}×${size.height} px, the chart ${box.width}×${box.height} px on screen` });
    expect(Math.abs(size.width - layout.width * PNG_SCALE), `${title}: width ${size.width}`).toBeLessThanOrEqual(2 * PNG_SCALE);
    expect(Math.abs(size.height - layout.height * PNG_SCALE), `${title}: height ${size.height}`).toBeLessThanOrEqual(2 * PNG_SCALE);

    // the chart's part of it is drawn on, in colours, and reaches as far as the chart does on screen
    const region = { x: layout.chart.x * PNG_SCALE, y: layout.chart.y * PNG_SCALE, width: layout.chart.width * PNG_SCALE, height: layout.chart.height * PNG_SCALE };
    const saved = await inkOf(page, png, region);
    const shown = await inkOf(page, onScreen);
    expect(saved.inked, `${title}: drawn share of the chart`).toBeGreaterThan(0.01);
    expect(saved.colours, `${title}: colours`).toBeGreaterThanOrEqual(3);
    for (const side of ['left', 'top', 'right', 'bottom'] as const) expect(Math.abs(saved.extent[side] - shown.extent[side]), `${title}: the drawing's ${side} edge`).toBeLessThan(0.03);
    expect(saved.inked / shown.inked, `${title}: drawn share against the screen's`).toBeGreaterThan(0.5);
    expect(saved.inked / shown.inked, `${title}: drawn share against the screen's`).toBeLessThan(2);
  }
});

test.describe('with Power BI configured (the stand-in)', () => {
  test.use({ baseURL: `http://localhost:${POWERBI_PORT}` });
  const standIn = `http://127.0.0.1:${STANDIN_PORT}`;

  /**
   * powerbi-client embeds only https URLs of Power BI's own hosts, as the real service answers
   * them: the stand-in answers embed URLs on that host (POWERBI_STANDIN_EMBED_BASE_URL) and the
   * browser's requests to it are answered by the stand-in.
   */
  async function throughPowerBiHost(page: Page) {
    await page.route('https://app.powerbi.com/**', async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${standIn}${url.pathname}${url.search}` }) });
    });
  }

  test.afterEach(async ({ request }) => {
    await request.post(`${standIn}/standin/failure`, { data: { step: null } });
  });

  test("the page embeds the company's Power BI report filtered to its companies, renews the token in place, and falls back with a notice", async ({ page, request }) => {
    test.setTimeout(120_000);
    await throughPowerBiHost(page);
    await signedIn(page, RITA);
    const embedAnswer = page.waitForResponse((response) => response.url().includes('/dashboard/embed'));
    await page.goto('/dashboard');
    expect(await (await embedAnswer).json()).toMatchObject({ mode: 'powerbi', level: 'base' });
    const report = page.frameLocator('iframe[title="Report Power BI dell\'azienda"]');
    const companyId = await page.evaluate(() => localStorage.getItem('companyId'));
    // the token's row-level security: Rita's company and Acme Nord
    await expect(report.getByTestId('standin-custom-data')).toContainText(companyId!);
    expect((await report.getByTestId('standin-custom-data').textContent())!.split(',')).toHaveLength(2);
    // no built-in figures asked, the token kept nowhere
    await expect(page.getByRole('figure')).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/embed-[0-9a-f]{32}/);
    // the stand-in's tokens live just over ten minutes: a new one is set on the same page, no reload
    await expect(report.getByTestId('standin-loads')).toHaveText('2', { timeout: 40_000 });
    await checkScreenAtBothWidths(page, (viewport) => `dashboard-powerbi-it-${viewport.width}`);

    // the header's company switcher: re-embedded with a token for Acme Nord alone
    const reembed = page.waitForResponse((response) => response.url().includes('/dashboard/embed'));
    await page.getByRole('button', { name: /^Azienda visualizzata:/ }).click();
    await page.getByRole('combobox', { name: 'Cerca azienda' }).click();
    await page.getByRole('option', { name: 'Acme Nord S.r.l.' }).click();
    await reembed;
    await expect(report.getByTestId('standin-loads')).toHaveText('1');
    await expect(report.getByTestId('standin-custom-data')).not.toContainText(companyId!);
    await expect(report.getByTestId('standin-custom-data')).toHaveText(/^[0-9a-f-]{36}$/);

    // no token to be had: the built-in charts with the notice
    await request.post(`${standIn}/standin/failure`, { data: { step: 'generate' } });
    await page.reload();
    await expect(page.getByText('Power BI non è disponibile in questo momento: sono mostrati i grafici integrati.')).toBeVisible();
    await expect(page.getByRole('figure', { name: 'Saldo residuo' })).toBeVisible();
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });

    // in English: the notice, then the embedded report once a token can be had again
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await expect(page.getByText('Power BI is not available right now: showing the built-in charts.')).toBeVisible();
    await request.post(`${standIn}/standin/failure`, { data: { step: null } });
    await page.reload();
    await expect(page.frameLocator('iframe[title="The company\'s Power BI report"]').getByTestId('standin-custom-data')).toHaveText(/^[0-9a-f-]{36}$/);
    await checkScreenAtBothWidths(page, (viewport) => `dashboard-powerbi-en-${viewport.width}`);
  });
});
