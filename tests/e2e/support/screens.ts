import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';

/** Where the journeys' pictures go. */
export const SHOTS = 'test-results/screens';
/** The two widths every screen is checked at (DESIGN.md §7). */
export const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];
export const DESKTOP = VIEWPORTS[0];

/**
 * The page's picture, whole. Chromium's full-page capture re-emulates the window, which fires the
 * width media queries' change events: a list caught mid-capture re-renders as on a phone and back,
 * and an open dialog of its table (a bulk operation's summary) is gone. What matters on a dialog's
 * screen is the dialog, so it is pictured as the window shows it.
 */
export async function picture(page: Page, path: string) {
  const dialogOpen = (await page.getByRole('dialog').count()) > 0;
  await page.screenshot({ path, fullPage: !dialogOpen });
}

/**
 * The screen as it stands: axe (critical or serious violations fail softly), no page wider than
 * the window, and a full-page picture `test-results/screens/<name>.png`.
 */
export async function checkScreen(page: Page, name: string) {
  // let layout, dialog and notification transitions finish, so the picture shows what a person sees
  await page.waitForTimeout(400);
  await expectAccessible(page, name);
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect.soft(widths.scroll, `${name}: page wider than the screen`).toBeLessThanOrEqual(widths.inner);
  await picture(page, `${SHOTS}/${name}.png`);
}

/** `checkScreen` at both widths (the picture named by `nameAt`), back to the desktop width after. */
export async function checkScreenAtBothWidths(page: Page, nameAt: (viewport: Viewport) => string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await checkScreen(page, nameAt(viewport));
  }
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
}
