import { expect, type Page } from '@playwright/test';

/**
 * A sign-in on the demo has its answer: the first screen opened (past `/`, which waits for the
 * user's permissions, or `/` showing its own page: no permissions), or the form shows why not.
 * The demo's first answers wait for its database to load in the browser (PGlite from the build's
 * snapshot: a couple of seconds, more on a busy machine), hence the longer wait.
 */
export async function signInAnswered(page: Page) {
  await expect
    .poll(
      async () => {
        const hash = new URL(page.url()).hash;
        if (hash === '#/login') return (await page.locator('form [role="alert"]').count()) > 0;
        return hash !== '#/' || (await page.locator('main h1').count()) > 0;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
}

/**
 * Fills a form's text boxes, then submits once its button takes them. A form can mount again
 * while the demo's first screens load (the page is busy loading its database beside it), and a
 * value typed into the first mount is lost: typed again into the live one, as a person would.
 * A busy page may also take a few seconds to enable the button; that is waited for, not retyped.
 */
export async function fillAndSubmit(page: Page, values: Array<[name: string, value: string]>, submit: string) {
  const button = page.getByRole('button', { name: submit, exact: true });
  await expect(async () => {
    for (const [name, value] of values) {
      const box = page.getByRole('textbox', { name });
      if ((await box.inputValue()) !== value) await box.fill(value);
    }
    await expect(button).toBeEnabled({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await button.click();
}

/** The demo's first answers wait for its database to load in the browser: more time than a server's. */
export const FIRST_ANSWER = { timeout: 30_000 };
