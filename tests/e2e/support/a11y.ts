import { expect, type Page } from '@playwright/test';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { AxeResults, Result } from 'axe-core';

/**
 * axe-core on the screen as it stands (DESIGN.md §7): WCAG 2.x A and AA rules; a critical or
 * serious violation fails the test, listed as rule id, impact and the offending elements.
 * The script is injected with page.addScriptTag: the app's CSP forbids inline scripts, so the
 * browser context runs with `bypassCSP: true` (playwright.config.ts).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['critical', 'serious']);
/** Every check's outcome, one JSON line per screen (the accessibility report of the run). */
export const A11Y_LOG = 'reports/a11y.jsonl';

export interface A11yViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

function describe(violations: A11yViolation[]): string {
  return violations.map((v) => `  ${v.impact} ${v.id} (${v.help}):\n${v.targets.map((t) => `    - ${t}`).join('\n')}`).join('\n');
}

async function animationsSettled(page: Page) {
  // colours mid-transition (a dialog fading in) are not what a person reads
  // (finite ones only: a spinner or skeleton pulses forever)
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), undefined, { timeout: 2000 })
    .catch(() => undefined);
}

async function blockingViolations(page: Page): Promise<A11yViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = (await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    TAGS,
  )) as AxeResults;
  return results.violations
    .filter((violation: Result) => BLOCKING.has(violation.impact ?? ''))
    .map((violation: Result) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 8).map((node) => node.target.join(' ') + (node.failureSummary ? `  [${node.failureSummary.split('\n').slice(1, 2).join('').trim()}]` : '')),
    }));
}

/** Runs axe on the page; returns the critical and serious violations (and logs every screen). */
export async function axeViolations(page: Page, screen: string): Promise<A11yViolation[]> {
  await animationsSettled(page);
  let blocking = await blockingViolations(page);
  if (blocking.length > 0) {
    // a transition that began while axe ran (a tooltip opening on the focused button after its
    // delay) is read half-transparent: the screen is judged again once it has settled, and what
    // is still wrong then is what a person sees
    await animationsSettled(page);
    await page.waitForTimeout(400);
    await animationsSettled(page);
    blocking = await blockingViolations(page);
  }
  mkdirSync(dirname(A11Y_LOG), { recursive: true });
  appendFileSync(A11Y_LOG, `${JSON.stringify({ screen, url: page.url(), violations: blocking })}\n`);
  return blocking;
}

/**
 * Fails the test (softly: the journey goes on and reports every screen at the end) on a critical
 * or serious axe violation of the screen.
 */
export async function expectAccessible(page: Page, screen: string) {
  const violations = await axeViolations(page, screen);
  expect.soft(violations, `axe on ${screen} (${page.url()}):\n${describe(violations)}`).toEqual([]);
}
