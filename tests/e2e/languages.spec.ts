import { expect, test, type Page } from '@playwright/test';
import { formatCents } from '../../domain/format';
import { checkScreen, DESKTOP, VIEWPORTS } from './support/screens';
import { signIn } from './support/session';
import { text, untranslatedFinder } from './support/texts';

/**
 * Issue 23: the five languages SPEC §1 offers, each complete. One operator switches through them
 * with the header's language menu (a test per language) and, in each, reads the gift-card list, a
 * bulk operation's summary, an order, a form's error and an error notification. On every screen: no
 * text key shown as such, and (es, fr, de) no Italian sentence — Italian is the fallback, so an
 * Italian text on a German screen is a text the German files lack. Pictures:
 * test-results/screens/languages-*.png.
 */
const LANGUAGES = [
  // each language is offered in its own name (SPEC §1, issue 23)
  { code: 'it', name: 'Italiano' },
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
] as const;

const list = (filter: object) => `/privative/giftcards?filter=${encodeURIComponent(JSON.stringify(filter))}`;
const codeCells = (page: Page) => page.locator('tbody tr td:nth-child(2)');

/** Every text a person can see or hear on the page: visible text, accessible names, the title. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, ...document.body.innerText.split('\n')];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && parent.checkVisibility() && node.textContent) texts.push(node.textContent);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (!(element as HTMLElement).checkVisibility?.()) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

async function checkLanguage(page: Page, lang: string, screen: string, viewports: readonly { name: string; width: number; height: number }[] = [DESKTOP]) {
  const untranslated = untranslatedFinder(lang);
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await checkScreen(page, `languages-${lang}-${screen}-${viewport.name}`);
    expect.soft(untranslated(await shownTexts(page)), `${lang} ${screen} (${viewport.name}): untranslated texts`).toEqual([]);
  }
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
}

// one test per language (each its own time budget; a failure names its language). Each chooses its
// language from the header's menu shown in the language before it in the list (Italian for Italian),
// as the operator switching through them in turn would.
for (const [index, { code: lang, name }] of LANGUAGES.entries()) {
  test(`an operator works in ${name}: every screen in the chosen language`, async ({ page }) => {
    // five screens, each judged by axe and pictured (two at both widths): minutes, not the default 60 s
    test.setTimeout(3 * 60_000);
    await signIn(page, 'operator@acme.test');
    await expect(page).toHaveURL(/\/privative\/giftcards$/);
    const session = await page.evaluate(() => ({ token: localStorage.getItem('accessToken') }));
    const current = index === 0 ? 'it' : LANGUAGES[index - 1].code;
    if (current !== 'it') {
      await page.evaluate((language) => localStorage.setItem('i18nextLng', language), current);
      await page.reload();
    }

    try {
      // the header's menu: named by the language shown now, each choice in its own name
      await page.getByRole('button', { name: text(current, 'layout.languageCurrent', { language: current.toUpperCase() }) }).click();
      await page.getByRole('menuitem', { name }).click();
      await expect(page.getByRole('button', { name: text(lang, 'layout.languageCurrent', { language: lang.toUpperCase() }) })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));

      // the gift-card list, on a laptop and a phone (German and French words are the longest)
      await page.goto(list({ status: 'notSold' }));
      await expect(codeCells(page).first()).toHaveText(/^[A-Z0-9]{17}$/);
      await expect(page.getByRole('menuitem', { name: text(lang, 'menu.items.giftcards') })).toBeVisible();
      await checkLanguage(page, lang, 'giftcard-list', VIEWPORTS);

      // a bulk operation's summary: locking cards not sold yet is refused card by card, with the
      // reason in the chosen language; nothing changes, so each language can do it again
      await expect(codeCells(page).first()).toHaveText(/^[A-Z0-9]{17}$/);
      const boxes = page.locator('tbody tr').getByRole('checkbox');
      for (const index of [0, 1]) await boxes.nth(index).check();
      await page.getByRole('group', { name: text(lang, 'giftcards.list.selectionActions') }).getByRole('button', { name: text(lang, 'giftcards.bulk.actions.lock') }).click();
      const confirm = page.getByRole('dialog', { name: text(lang, 'giftcards.bulk.actions.lock') });
      await expect(confirm.getByText(text(lang, 'giftcards.bulk.selectedTarget', { smart_count: 2 }))).toBeVisible();
      await confirm.getByRole('button', { name: text(lang, 'giftcards.bulk.confirm') }).click();
      const summary = page.getByRole('dialog', { name: text(lang, 'giftcards.summary.title') });
      await expect(summary.getByText(text(lang, 'giftcards.summary.result', { smart_count: 0, total: 2 }))).toBeVisible();
      await expect(summary.getByText(text(lang, 'errors.codes.CARD_NOT_ACTIVE')).first()).toBeVisible();
      await checkLanguage(page, lang, 'bulk-summary');
      await summary.getByRole('button', { name: text(lang, 'giftcards.summary.close') }).click();

      // a form's error: the reload dialog names its limit, the amount written the language's way
      await page.goto(list({ status: 'active' }));
      await expect(codeCells(page).first()).toHaveText(/^[A-Z0-9]{17}$/);
      const card = (await codeCells(page).first().innerText()).trim();
      await codeCells(page).first().getByRole('link').click();
      await page.getByRole('button', { name: text(lang, 'giftcards.detail.reload'), exact: true }).click();
      const reload = page.getByRole('dialog', { name: text(lang, 'giftcards.reload.title', { code: card }) });
      await reload.getByRole('textbox', { name: new RegExp(text(lang, 'giftcards.reload.amount').replace(/[()]/g, '\\$&')) }).fill('1000000');
      await expect(reload.getByText(text(lang, 'validation.amountMax', { max: formatCents(100_000, lang) }))).toBeVisible();
      await expect(reload.getByRole('button', { name: text(lang, 'giftcards.reload.submit') })).toBeDisabled();
      await checkLanguage(page, lang, 'form-error');
      await reload.getByRole('button', { name: text(lang, 'ra.action.cancel') }).click();

      // an error notification: a card that does not exist (a link kept from a deleted record)
      await page.goto('/privative/giftcards/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('alert').filter({ hasText: text(lang, 'ra.notification.item_doesnt_exist') })).toBeVisible();
      await checkLanguage(page, lang, 'error-notification');

      // an order's page
      await page.goto('/privative-orders/orders/list');
      const firstOrder = page.locator('tbody tr').first().getByRole('link').first();
      await expect(firstOrder).toBeVisible();
      await firstOrder.click();
      await expect(page).toHaveURL(/\/privative-orders\/orders\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('order-state')).not.toBeEmpty();
      await checkLanguage(page, lang, 'order', VIEWPORTS);
    } finally {
      // the menu also kept the choice on the server (for the operator's e-mails): back to Italian
      await page.request.put('/api/user/language', { headers: { Authorization: `Bearer ${session.token}` }, data: { language: 'it' } });
    }
  });
}
