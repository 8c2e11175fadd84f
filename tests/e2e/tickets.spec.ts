import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { countMessagesTo, waitForLink } from './support/mailbox';
import { DESKTOP, checkScreenAtBothWidths } from './support/screens';
import { signIn } from './support/session';

/**
 * Issue 20's ticket outcome, tried as a new user would on the real server: Acme's operator opens
 * an "Order problem" ticket (its form, built from the category's definition, asks an order
 * number, the day it happened and a screenshot; the priority is high) with a PDF as well, and
 * reads it back. Provider staff answer with a message and a file and set "waiting for the
 * customer"; the operator is e-mailed, replies, and the ticket is "on going" again by itself.
 * Staff complete it, the operator reopens it. The screens in Italian and English at both widths.
 */
test.use({ timezoneId: 'Europe/Rome' });

const OPERATOR = 'operator@acme.test';
const ADMIN = 'admin@tessera.test';
// a real 1×1 PNG: the server reads the bytes, not only the name
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function signedIn(page: Page, email: string, labels?: Parameters<typeof signIn>[3]) {
  await page.evaluate(() => ['accessToken', 'refreshToken', 'companyId'].forEach((key) => localStorage.removeItem(key))).catch(() => undefined);
  await signIn(page, email, undefined, labels);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const status = (page: Page) => page.getByTestId('ticket-status');

test('an operator opens an order problem ticket with its files; staff answer and wait for the customer, who is e-mailed and replies; completed, then reopened', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const description = `The order ${stamp} arrived with two cards missing.`;

  // --- the operator opens the ticket from the list
  await signedIn(page, OPERATOR);
  await page.goto('/tickets');
  await expect(page).toHaveURL(/\/tickets\/list$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ticket');
  await page.getByRole('link', { name: 'Nuovo ticket' }).click();
  await expect(page).toHaveURL(/\/tickets\/create$/);
  // the form settled (the user's e-mail filled in from their configuration) before its menu opens;
  // a menu a late render closed under load is opened again (CI once waited 4 minutes for it)
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('operator@acme.test');
  await expect(async () => {
    await page.getByRole('combobox', { name: /Categoria/ }).click();
    await page.getByRole('option', { name: 'Problema con un ordine' }).click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // the category's own questions, in Italian
  const questions = page.getByRole('region', { name: /Problema con un ordine/ });
  await expect(questions.getByRole('textbox', { name: /Numero ordine/ })).toBeVisible();
  // the formats and the limits (size, and how many files one send takes) are said before a file is picked
  await expect(questions.getByText('Formati ammessi: JPG, PNG, PDF, TXT, RTF, CSV, XLS, XLSX; massimo 5 MB per file.')).toBeVisible();
  await expect(page.getByText(/Al massimo 5 file in tutto/)).toBeVisible();
  // a required answer left empty is refused on the spot, with the schema's message
  await questions.getByRole('textbox', { name: /Numero ordine/ }).focus();
  await questions.getByRole('textbox', { name: /Numero ordine/ }).blur();
  await expect(questions.getByText('Il campo è obbligatorio e non può essere vuoto')).toBeVisible();
  // a real order number, as printed on the order (issue 43: it was a number field)
  await questions.getByRole('textbox', { name: /Numero ordine/ }).fill('PO-2026-002');
  // the day as DD/MM/YYYY (SPEC §9), whatever the browser's own format
  await questions.getByRole('textbox', { name: /Data del problema/ }).fill('18/11/2026');
  await page.getByTestId('ticket-field-screenshot').setInputFiles({ name: 'schermata.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('combobox', { name: /Priorità/ }).click();
  await page.getByRole('option', { name: 'Alto' }).click();
  await page.getByRole('textbox', { name: /Descrizione/ }).fill(description);
  await expect(page.getByRole('textbox', { name: /E-mail/ })).toHaveValue(OPERATOR);
  await page.getByTestId('ticket-attachment-input').setInputFiles({ name: 'bolla.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('bolla.pdf')).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `tickets-create-it-${viewport.width}`);
  await page.getByRole('button', { name: 'Apri ticket' }).click();
  await expect(page.getByText('Ticket creato')).toBeVisible();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  const ticketPath = new URL(page.url()).pathname;

  // --- read back: the answers of its version, both files, status and priority
  await expect(status(page)).toHaveText('Da Fare');
  await expect(page.getByTestId('ticket-priority')).toHaveText('Alto');
  const info = page.getByRole('region', { name: 'Informazioni' });
  await expect(info).toContainText('Problema con un ordine');
  await expect(info).toContainText(/Numero ordine\s*PO-2026-002/);
  await expect(info).toContainText(/Data del problema\s*18\/11\/2026/);
  await expect(info).toContainText(description);
  const download = page.waitForEvent('download');
  await info.getByRole('button', { name: 'Scarica schermata.png' }).click();
  const png = await download;
  expect(png.suggestedFilename()).toBe('schermata.png');
  expect(readFileSync((await png.path())!).equals(PNG)).toBe(true);
  await expect(info.getByRole('button', { name: 'Scarica bolla.pdf' })).toBeVisible();
  // the customer side changes no status
  await expect(page.getByRole('combobox', { name: 'Nuovo stato' })).toHaveCount(0);
  await checkScreenAtBothWidths(page, (viewport) => `tickets-detail-it-${viewport.width}`);
  await page.goto('/tickets/list');
  await expect(page.getByRole('row').filter({ hasText: 'Problema con un ordine' }).first()).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `tickets-list-it-${viewport.width}`);

  // --- provider staff answer with a file and wait for the customer
  const mailsBefore = countMessagesTo(OPERATOR);
  await signedIn(page, ADMIN);
  await page.goto(ticketPath);
  await expect(status(page)).toHaveText('Da Fare');
  const reply = page.getByRole('region', { name: 'Rispondi' });
  await reply.getByRole('textbox', { name: /Messaggio/ }).fill('Ci serve la bolla firmata: usi il modulo allegato.');
  await reply.getByTestId('ticket-attachment-input').setInputFiles({ name: 'modulo.txt', mimeType: 'text/plain', buffer: Buffer.from('Firma qui: ________\n') });
  await reply.getByRole('combobox', { name: 'Imposta stato' }).click();
  await page.getByRole('option', { name: 'In attesa del cliente' }).click();
  await reply.getByRole('button', { name: 'Invia' }).click();
  await expect(page.getByText('Messaggio inviato')).toBeVisible();
  await expect(status(page)).toHaveText('In attesa del cliente');
  // focus back in the message box, not lost on the page
  await expect(reply.getByRole('textbox', { name: /Messaggio/ })).toBeFocused();

  // --- the operator is e-mailed, with a link to the ticket
  const link = await waitForLink(OPERATOR, new RegExp(`https?://[^\\s"<>]+${ticketPath}`), mailsBefore);
  expect(new URL(link).pathname).toBe(ticketPath);

  // --- the operator reads the answer and its file, replies: on going by itself
  await signedIn(page, OPERATOR);
  await page.goto(ticketPath);
  const thread = page.getByRole('region', { name: 'Messaggi' });
  await expect(thread.getByRole('article')).toHaveCount(1);
  await expect(thread).toContainText('Ci serve la bolla firmata');
  await expect(thread.getByRole('button', { name: 'Scarica modulo.txt' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rispondi' }).getByRole('combobox', { name: 'Imposta stato' })).toHaveCount(0);
  await page.getByRole('region', { name: 'Rispondi' }).getByRole('textbox', { name: /Messaggio/ }).fill('Ecco la bolla firmata.');
  await page.getByRole('region', { name: 'Rispondi' }).getByRole('button', { name: 'Invia' }).click();
  await expect(status(page)).toHaveText('In corso');
  await expect(thread.getByRole('article')).toHaveCount(2);

  // --- staff complete it
  await signedIn(page, ADMIN);
  await page.goto(ticketPath);
  await page.getByRole('combobox', { name: 'Nuovo stato' }).click();
  await page.getByRole('option', { name: 'Completato' }).click();
  await page.getByRole('button', { name: 'Cambia stato' }).click();
  await expect(status(page)).toHaveText('Completato');
  // a closed ticket takes no message
  await expect(page.getByRole('region', { name: 'Rispondi' })).toHaveCount(0);

  // --- staff's categories: the list and the definition the form was built from
  await page.goto('/tickets/categories');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categorie ticket');
  await checkScreenAtBothWidths(page, (viewport) => `tickets-categories-it-${viewport.width}`);
  await page.getByRole('link', { name: 'Problema con un ordine' }).click();
  await expect(page.getByRole('listitem', { name: 'Campo 1' }).getByRole('textbox', { name: 'Etichetta (italiano)' })).toHaveValue('Numero ordine');
  await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `tickets-category-it-${viewport.width}`);

  // --- the operator reopens it
  await signedIn(page, OPERATOR);
  await page.goto(ticketPath);
  await expect(status(page)).toHaveText('Completato');
  await page.getByRole('button', { name: 'Riapri' }).click();
  // asked first, saying what happens
  const reopen = page.getByRole('dialog', { name: /Riaprire il ticket/ });
  await expect(reopen).toContainText('Il ticket torna nello stato «In corso»');
  await reopen.getByRole('button', { name: 'Riapri' }).click();
  await expect(page.getByText('Ticket riaperto')).toBeVisible();
  await expect(status(page)).toHaveText('In corso');
  await expect(page.getByRole('region', { name: 'Rispondi' }).getByRole('textbox', { name: /Messaggio/ })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Cronologia' })).toContainText('Riaperto da');
});

test('the ticket screens in English: the list, the create form with the category fields, a ticket', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await signedIn(page, OPERATOR, { email: 'E-mail', password: 'Password', submit: 'Sign in' });

  await page.goto('/tickets/list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets');
  await expect(page.getByRole('link', { name: /^#\d+$/ }).first()).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `tickets-list-en-${viewport.width}`);

  await page.getByRole('link', { name: /^#\d+$/ }).first().click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Information' })).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `tickets-detail-en-${viewport.width}`);

  await page.goto('/tickets/create');
  await page.getByRole('combobox', { name: /Category/ }).click();
  await page.getByRole('option', { name: 'Order problem' }).click();
  await expect(page.getByRole('textbox', { name: /Order number/ })).toBeVisible();
  await expect(page.getByText('Allowed formats: JPG, PNG, PDF, TXT, RTF, CSV, XLS, XLSX; at most 5 MB per file.').first()).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `tickets-create-en-${viewport.width}`);
});
