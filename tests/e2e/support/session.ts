import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Tessera-Demo-2026!';

/** Signs in through the login form (Italian labels unless `labels` says otherwise). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, labels = { email: 'E-mail', password: 'Password', submit: 'Accedi' }) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: labels.email }).fill(email);
  await page.getByRole('textbox', { name: labels.password }).fill(password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}
