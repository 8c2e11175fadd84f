import { expect, type Page } from '@playwright/test';

/**
 * A sign-in on the demo has its answer: the page left the sign-in form, or the form shows why
 * not. The demo's first answer waits for its database to load in the browser (PGlite from the
 * build's snapshot: a couple of seconds, more on a busy machine), hence the longer wait.
 */
export async function signInAnswered(page: Page) {
  await expect
    .poll(async () => !/#\/login$/.test(page.url()) || (await page.locator('form [role="alert"]').count()) > 0, { timeout: 30_000 })
    .toBe(true);
}

/**
 * Fills a form's text boxes until its submit button takes them, then submits. A form can mount
 * again while the demo's first screens load (the page is busy loading its database beside it),
 * and a value typed into the first mount is lost; typing again into the live one is what a
 * person would do.
 */
export async function fillAndSubmit(page: Page, values: Array<[name: string, value: string]>, submit: string) {
  const button = page.getByRole('button', { name: submit, exact: true });
  await expect(async () => {
    for (const [name, value] of values) await page.getByRole('textbox', { name }).fill(value);
    await expect(button).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await button.click();
}
