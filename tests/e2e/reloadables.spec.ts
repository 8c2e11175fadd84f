import { expect, test, type Page } from '@playwright/test';
import { countMessagesTo } from './support/mailbox';
import { DESKTOP, checkScreen, checkScreenAtBothWidths } from './support/screens';
import { signIn } from './support/session';
import { text } from './support/texts';

/**
 * Issue 10's outcome, tried as a new user would on the real server: Acme's referent moves
 * 5,000.00 € of plafond to Acme Nord's wallet; Acme Nord's operator uploads a CSV of 200 reloads
 * for tomorrow 08:00, sees them in the queue and deletes one; at 08:00 (the server's business
 * clock moved there, TEST_CLOCK) exactly 199 cards are credited once each, the wallet is debited
 * by the same total and the history shows the run; a locked card refuses a reload with its reason,
 * is unlocked and reloaded by hand. Then the same screens in English.
 */
test.use({ timezoneId: 'Europe/Rome' });

const NORD_OPERATOR = 'operator@acme-nord.test';
const card = (n: number) => `535000000000${String(n).padStart(4, '0')}`;
const TEXTS = {
  it: { login: { email: 'E-mail', password: 'Password', submit: 'Accedi' } },
  en: { login: { email: 'E-mail', password: 'Password', submit: 'Sign in' } },
} as const;

const shoot = (page: Page, step: string, lang: 'it' | 'en') => checkScreenAtBothWidths(page, (viewport) => `reloadables-${step}-${lang}-${viewport.width}`);
async function shootDesktop(page: Page, step: string, lang: 'it' | 'en') {
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await checkScreen(page, `reloadables-${step}-${lang}-${DESKTOP.width}`);
}

interface Wallet {
  balanceCents: number;
  reservedCents: number;
  availableCents: number;
}
interface Movement {
  type: string;
  reason: string;
  amountCents: number;
  runId: string | null;
  cardNumber: string | null;
}
interface Run {
  id: string;
  number: string;
  state: string;
  rowCount: number;
  creditedCount: number;
  creditedCents: number;
  deletedCount: number;
  scheduledAt: string | null;
}
interface CardRecord {
  id: string;
  number: string;
  status: string;
  balanceCents: number;
}

/** Reads the reloadable API as the signed-in user (what a client of the API would see). */
async function api<T>(page: Page, path: string): Promise<T> {
  const session = await page.evaluate(() => ({ token: localStorage.getItem('accessToken'), companyId: localStorage.getItem('companyId') }));
  const response = await page.request.get(`/api/company/${session.companyId}/reloadable/${path}`, { headers: { Authorization: `Bearer ${session.token}` } });
  expect(response.ok(), `GET ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}
const range = (from: number, to: number) => `range=${encodeURIComponent(JSON.stringify([from, to]))}`;
const filter = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}`;

/** Tomorrow at 08:00 in Rome, as the picker's local value and as an instant. */
function tomorrowAtEight(): { local: string; instant: Date } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + 24 * 3600 * 1000));
  // as the schedule input shows and takes it (SPEC §9): DD/MM/YYYY HH:mm
  const [year, month, day] = parts.split('-');
  const local = `${day}/${month}/${year} 08:00`;
  // Rome is UTC+1 in winter, UTC+2 in summer: find the instant whose Rome wall time is 08:00
  for (const offset of [1, 2]) {
    const instant = new Date(`${parts}T${String(8 - offset).padStart(2, '0')}:00:00Z`);
    const wall = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hour12: false }).format(instant);
    if (wall === '08:00') return { local, instant };
  }
  throw new Error('no 08:00 tomorrow in Rome');
}

/** Signs in and waits until the app has the session (the first screen is up), before any navigation. */
async function signedIn(page: Page, email: string, labels?: (typeof TEXTS)[keyof typeof TEXTS]['login']) {
  await signIn(page, email, undefined, labels);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function logOut(page: Page) {
  await page.evaluate(() => ['accessToken', 'refreshToken', 'companyId'].forEach((key) => localStorage.removeItem(key)));
}

test('a parent funds its sub-company, whose operator plans 200 reloads from a CSV; at 08:00 exactly the 199 left are credited once', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });

  // --- Acme's referent moves 5,000.00 € of plafond to Acme Nord
  await signedIn(page, 'referent@acme.test');
  await page.goto('/reloadables/walletSubCompanies');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'sub-wallets', 'it');
  await page.getByRole('link', { name: /Acme Nord/ }).first().click();
  await expect(page).toHaveURL(/\/reloadables\/walletSubCompanies\/[0-9a-f-]{36}$/);
  const transfer = page.getByRole('region', { name: 'Trasferisci plafond' }).or(page.locator('form').filter({ hasText: 'Trasferisci plafond' })).first();
  await transfer.getByRole('textbox', { name: /Importo/ }).fill('5000');
  await transfer.getByRole('button', { name: 'Trasferisci' }).click();
  await expect(page.getByText('Trasferimento eseguito')).toBeVisible();
  await shoot(page, 'sub-wallet-after-transfer', 'it');
  await logOut(page);

  // --- Acme Nord's operator: its wallet now holds 5,300.00 €
  await signedIn(page, NORD_OPERATOR);
  await expect(page).toHaveURL(/\/reloadables\/wallet$/);
  const before = await api<Wallet>(page, 'wallet');
  expect(before).toMatchObject({ balanceCents: 530_000, reservedCents: 0, availableCents: 530_000 });
  await shoot(page, 'wallet', 'it');

  // a CSV of 200 reloads of 25.00 € and two bad rows (a locked card, an amount with 3 decimals)
  const lines = ['cardNumber;amount', ...Array.from({ length: 200 }, (_, i) => `${card(i + 1)};25,00`), `${card(221)};10,00`, `${card(231)};1,234`];
  await page.goto('/reloadables/reloads');
  await page.getByRole('tab', { name: 'File CSV' }).click();
  await page.getByLabel('Scegli un file CSV').setInputFiles({ name: 'ricariche-domani.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n'), 'utf8') });
  // checked by the server before anything runs: the bad rows with line, field and reason
  const report = page.getByRole('region', { name: 'Controllo delle ricariche' }).or(page.locator('section').filter({ hasText: 'Controllo delle ricariche' })).first();
  await expect(report.getByText('2 righe non sono valide')).toBeVisible();
  await expect(report.getByRole('row').filter({ hasText: '202' }).getByText('La carta è bloccata: sbloccala prima di ricaricarla.')).toBeVisible();
  await expect(report.getByRole('row').filter({ hasText: '203' }).getByText('Troppi decimali: un importo arriva al massimo ai centesimi, ad esempio 25,50')).toBeVisible();
  await shoot(page, 'csv-bad-rows', 'it');
  await report.getByRole('button', { name: 'Escludi le 2 righe non valide' }).click();
  await expect(page.getByText('2 righe non valide escluse')).toBeVisible();

  // for tomorrow at 08:00 (the operator's zone)
  const eight = tomorrowAtEight();
  await page.getByLabel("Programma per una data e un'ora").check();
  await page.getByLabel('Data e ora delle ricariche').fill(eight.local);
  await page.getByRole('button', { name: 'Programma le ricariche' }).click();
  const confirm = page.getByRole('dialog');
  // Italian groups thousands always (issue 14: "1300,50 €" beside "18.999,50 €" is gone)
  await expect(confirm).toContainText('200 ricariche, totale 5.000,00 €');
  await shootDesktop(page, 'plan-confirm', 'it');
  await confirm.getByRole('button', { name: /Conferma|Programma/ }).last().click();
  await expect(page.getByText(/Ricariche programmate: 200 ricariche, totale 5\.000,00\s€/)).toBeVisible();
  await shoot(page, 'planned', 'it');

  const [run] = await api<Run[]>(page, `reloads?${range(0, 0)}`);
  expect(run).toMatchObject({ state: 'IN_PROGRESS', rowCount: 200, creditedCount: 0 });
  expect(new Date(run.scheduledAt!).getTime()).toBe(eight.instant.getTime());
  expect(await api<Wallet>(page, 'wallet')).toMatchObject({ balanceCents: 530_000, reservedCents: 500_000, availableCents: 30_000 });

  // --- the queue lists them; one is deleted before it runs
  await page.goto('/reloadables/queue-reloads');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(card(1)).first()).toBeVisible();
  // planned, not running yet: a neutral "planned for" badge, not "in progress"
  await expect(page.getByText(/^Programmata per il /).first()).toBeVisible();
  await expect(page.getByText('In corso')).toHaveCount(0);
  await shoot(page, 'queue', 'it');
  await page.getByRole('button', { name: `Elimina la ricarica programmata della carta ${card(1)}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('Ricarica programmata eliminata')).toBeVisible();
  expect(await api<Wallet>(page, 'wallet')).toMatchObject({ reservedCents: 497_500, availableCents: 32_500 });

  // --- 08:00: the server's clock gets there and the runner runs the plan
  const mailsBefore = countMessagesTo(NORD_OPERATOR);
  const clock = await page.request.post('/api/test/clock', { data: { now: new Date(eight.instant.getTime() + 1000).toISOString() } });
  expect(clock.ok()).toBe(true);
  await expect.poll(async () => (await api<Run>(page, `reloads/${run.id}`)).state, { timeout: 30_000, message: 'the planned run ran' }).toBe('COMPLETED');
  const done = await api<Run>(page, `reloads/${run.id}`);
  expect(done).toMatchObject({ rowCount: 200, creditedCount: 199, creditedCents: 497_500, deletedCount: 1 });

  // the wallet is debited by the same total, one card-reload movement per credited card
  expect(await api<Wallet>(page, 'wallet')).toMatchObject({ balanceCents: 32_500, reservedCents: 0, availableCents: 32_500 });
  const movements = await api<Movement[]>(page, `wallet/movements?${filter({ type: 'CARD_RELOAD' })}&${range(0, 299)}`);
  const ofRun = movements.filter((movement) => movement.runId === run.id);
  expect(ofRun).toHaveLength(199);
  expect(ofRun.every((movement) => movement.amountCents === -2_500)).toBe(true);
  expect(new Set(ofRun.map((movement) => movement.cardNumber)).size).toBe(199);
  expect(ofRun.map((movement) => movement.cardNumber)).not.toContain(card(1));
  // each card credited once: 25.00 € on 0002–0200, nothing on 0001 (deleted from the queue)
  const cards = await api<CardRecord[]>(page, `cards?${filter({ q: '5350000000000' })}&${range(0, 199)}`);
  const byNumber = new Map(cards.map((c) => [c.number, c]));
  expect(byNumber.get(card(1))?.balanceCents).toBe(0);
  for (const n of [2, 100, 200]) expect(byNumber.get(card(n))?.balanceCents).toBe(2_500);
  // the company asked to hear when a planned run is done
  await expect.poll(() => countMessagesTo(NORD_OPERATOR), { timeout: 30_000, message: 'the "run done" e-mail' }).toBeGreaterThan(mailsBefore);

  // --- the history shows the run and its rows
  await page.goto('/reloadables/reloads-history');
  await expect(page.getByText(run.number).first()).toBeVisible();
  await shoot(page, 'history', 'it');
  await page.getByRole('link', { name: run.number }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(run.number);
  await expect(page.getByText(card(2)).first()).toBeVisible();
  await shoot(page, 'run', 'it');

  // --- a locked card refuses a reload with its reason, is unlocked and reloaded by hand
  await page.goto('/reloadables/cards');
  const search = page.getByRole('textbox', { name: 'Cerca' }).first();
  // a number's first digits: cards 0001–0009
  await search.fill(card(2).slice(0, 15));
  await search.press('Enter');
  const row = page.getByRole('row').filter({ hasText: card(2) });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Azioni per la carta ${card(2)}` }).click();
  await page.getByRole('menuitem', { name: 'Blocca' }).click();
  await expect(page.getByText(`Carta ${card(2)} bloccata`)).toBeVisible();
  await expect(row.getByText('Bloccata')).toBeVisible();
  // the bulk actions offered are those that can change something: a locked card alone is only unlocked or linked
  await row.getByRole('checkbox', { name: `Seleziona la carta ${card(2)}` }).check();
  const bulk = page.getByRole('group', { name: 'Azioni sulle carte selezionate' });
  await expect(bulk.getByRole('button')).toHaveText(['Sblocca']);
  // with an active card beside it, the bulk reload: done for the active one, the reason given for the locked card
  await page.getByRole('row').filter({ hasText: card(3) }).getByRole('checkbox', { name: `Seleziona la carta ${card(3)}` }).check();
  await bulk.getByRole('button', { name: 'Ricarica' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: /Importo per carta/ }).fill('10');
  await page.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
  const summary = page.getByRole('dialog', { name: 'Riepilogo operazione' });
  await expect(summary.getByRole('row').filter({ hasText: card(2) })).toContainText('La carta è bloccata: sbloccala prima di ricaricarla.');
  await expect(summary.getByRole('row').filter({ hasText: card(3) })).toHaveCount(0);
  // the list of nine cards is a little taller than the screen: a full-page picture taken at the
  // desktop height would resize the page under the open dialog, which then closes
  await page.setViewportSize({ width: DESKTOP.width, height: 1200 });
  await checkScreen(page, `reloadables-locked-refused-it-${DESKTOP.width}`);
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await summary.getByRole('button', { name: 'Chiudi' }).click();
  expect((await api<CardRecord[]>(page, `cards?${filter({ q: card(2) })}`))[0]).toMatchObject({ status: 'LOCKED', balanceCents: 2_500 });
  expect((await api<CardRecord[]>(page, `cards?${filter({ q: card(3) })}`))[0]).toMatchObject({ balanceCents: 3_500 });

  await row.getByRole('button', { name: `Azioni per la carta ${card(2)}` }).click();
  await page.getByRole('menuitem', { name: 'Sblocca' }).click();
  await expect(page.getByText(`Carta ${card(2)} sbloccata`)).toBeVisible();
  await row.getByRole('button', { name: `Azioni per la carta ${card(2)}` }).click();
  await page.getByRole('menuitem', { name: 'Ricarica' }).click();
  const reload = page.getByRole('dialog', { name: `Ricarica la carta ${card(2)}` });
  await reload.getByRole('textbox', { name: /Importo/ }).fill('10,50');
  await reload.getByRole('button', { name: 'Ricarica' }).click();
  await expect(page.getByText('Ricarica effettuata')).toBeVisible();
  expect((await api<CardRecord[]>(page, `cards?${filter({ q: card(2) })}`))[0]).toMatchObject({ status: 'ACTIVE', balanceCents: 3_550 });

  // the card's page: its history, newest first
  await row.getByRole('link', { name: card(2) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(card(2));
  await expect(page.getByRole('row').filter({ hasText: 'Sbloccata' }).first()).toBeVisible();
  await shoot(page, 'card', 'it');
  expect(await api<Wallet>(page, 'wallet')).toMatchObject({ balanceCents: 30_450, reservedCents: 0 });
});

test('the reloadable screens in English: wallet, queue, history, cards, users and notification settings', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await signedIn(page, NORD_OPERATOR, TEXTS.en.login);
  await expect(page).toHaveURL(/\/reloadables\/wallet$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'wallet', 'en');

  await page.goto('/reloadables/reloads');
  await page.getByRole('combobox', { name: 'Search an active card' }).fill(card(150));
  await page.getByRole('option', { name: new RegExp(card(150)) }).click();
  await expect(page.getByText('Selected cards')).toBeVisible();
  // a tab change with data entered asks first, then discards
  await page.getByRole('tab', { name: 'CSV file' }).click();
  await expect(page.getByRole('dialog', { name: 'Change tab?' })).toBeVisible();
  await shootDesktop(page, 'tab-change', 'en');
  await page.getByRole('button', { name: 'Discard and change tab' }).click();
  await expect(page.getByRole('tab', { name: 'CSV file' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Manual selection' }).click();
  await expect(page.getByText('No card selected yet')).toBeVisible();
  await shoot(page, 'reloads', 'en');

  for (const [path, step] of [
    ['/reloadables/queue-reloads', 'queue'],
    ['/reloadables/reloads-history', 'history'],
    ['/reloadables/cards', 'cards'],
    ['/reloadables/users', 'users'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shoot(page, step, 'en');
  }

  await page.goto('/reloadables/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const threshold = page.getByRole('textbox', { name: /Threshold/ });
  await threshold.fill('150');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification setting updated')).toBeVisible();
  await shoot(page, 'notifications', 'en');
  const session = await page.evaluate(() => ({ token: localStorage.getItem('accessToken'), companyId: localStorage.getItem('companyId') }));
  const saved = await (await page.request.get(`/api/company/${session.companyId}/reloadable/notifications`, { headers: { Authorization: `Bearer ${session.token}` } })).json();
  expect(saved).toMatchObject({ lowBalanceThresholdCents: 15_000 });
});

/**
 * Issue 43, labels cut off: in the languages whose words are longest, no menu entry and no input
 * label of the reload page is cut. A text cut with an ellipsis (or clipped) is wider (or taller)
 * than its box: scrollWidth > clientWidth. The side menu's entries wrap to a second line instead;
 * the amounts carry € beside the value, not "(€)" in their labels, in fields wide enough.
 */
for (const lang of ['fr', 'es', 'de'] as const) {
  test(`no label is cut on the side menu and the reload page (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    await signedIn(page, NORD_OPERATOR);
    // the language as languages.spec.ts sets the one shown before its menu: stored, then the page reloaded
    await page.evaluate((language) => localStorage.setItem('i18nextLng', language), lang);
    await page.goto('/reloadables/reloads');
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (lang === 'fr') {
      // native wording (issue 43): a size in French is in "Mo", written by the formatter from the rule
      await page.getByRole('tab', { name: text(lang, 'reloads.tabs.csv') }).click();
      await expect(page.getByText(/5\u202fMo/).first()).toBeVisible();
      await expect(page.getByText(/\bMB\b/)).toHaveCount(0);
      await page.getByRole('tab', { name: text(lang, 'reloads.tabs.manual') }).click();
    }

    // a card picked, so the row's amount field is on the page too
    await page.getByRole('combobox', { name: text(lang, 'reloads.manual.search') }).fill(card(150));
    await page.getByRole('option', { name: new RegExp(card(150)) }).click();
    await expect(page.getByRole('textbox', { name: text(lang, 'reloads.manual.allAmount') })).toBeVisible();

    /** The texts among `selector`'s visible elements that do not fit their box. */
    const cut = (selector: string) =>
      page.locator(selector).evaluateAll((elements) =>
        elements
          .filter((element) => (element as HTMLElement).offsetParent !== null && (element.textContent ?? '').trim() !== '')
          .filter((element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
          .map((element) => `${element.textContent} (${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight})`),
      );

    // the side menu: every entry (react-admin's MenuItemLink text) and section heading
    const entries = page.locator('.RaMenuItemLink-root');
    expect(await entries.count()).toBeGreaterThan(3);
    expect(await cut('.RaMenuItemLink-root .MuiTypography-root')).toEqual([]);
    expect(await cut('.RaMenu-root .MuiListSubheader-root')).toEqual([]);
    // the reload page's input labels: the amount for all cards, the card's own amount, the search
    const labels = page.locator('#main-content label.MuiInputLabel-root');
    await expect(labels.filter({ hasText: text(lang, 'reloads.manual.allAmount') })).toBeVisible();
    expect(await cut('#main-content label.MuiInputLabel-root')).toEqual([]);
  });
}
