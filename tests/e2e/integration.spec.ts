import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { countMessagesTo } from './support/mailbox';
import { checkScreenAtBothWidths } from './support/screens';
import { signIn } from './support/session';
import { ADMIN_PASSWORD } from './support/lanes';

// signs in as admin@tessera.test: never while foundation changes the admin's password (support/lanes.ts)
test.describe.configure({ lock: ADMIN_PASSWORD });

/**
 * Issue 22's outcome, tried as a new user would on the real server: Rita, Acme's referent, makes
 * an API key for her Milano Centro till with "read balance" and "move money" and sees it once; a
 * till script with that key reads a card's balance by its code, consumes 12.50 €, retries the same
 * call with the same Idempotency-Key (money moves once, the answer says it is a replay) and later
 * returns 5.00 € against that consumption. A web shop posts an order of three digital cards: it is
 * in the order history's integrated tab with its items, serial numbers and PIN status, and the
 * buyer gets the codes by e-mail; posting it again changes nothing. An auditor (provider staff)
 * opens the audit trail and sees who changed a card's expiry, when, from where, before and after,
 * and from the card's page its own timeline. Screens in Italian and English at both widths.
 */
test.use({ timezoneId: 'Europe/Rome' });

const REFERENT = 'referent@acme.test';
const ADMIN = 'admin@tessera.test';

async function signedIn(page: Page, email: string, labels?: Parameters<typeof signIn>[3]) {
  await page.evaluate(() => ['accessToken', 'refreshToken', 'companyId'].forEach((key) => localStorage.removeItem(key))).catch(() => undefined);
  await signIn(page, email, undefined, labels);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The back-office API as the signed-in user (arranging what the journey starts from). */
async function backOffice<T>(page: Page, path: string, init: { method?: string; data?: unknown; companyId?: string } = {}): Promise<T> {
  const session = await page.evaluate(() => ({ token: localStorage.getItem('accessToken'), companyId: localStorage.getItem('companyId') }));
  const response = await page.request.fetch(`/api/company/${init.companyId ?? session.companyId}/${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${session.token}` },
    data: init.data,
  });
  expect(response.ok(), `${init.method ?? 'GET'} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

interface Move {
  card: { availableBalanceCents: number; maskedCode: string };
  transaction: { id: string; type: string; amountCents: number; relatedTransactionId: string | null };
}

test('a referent gives a till a key; the till reads, consumes with a replayed retry and returns; a web shop orders three cards once; an auditor reads an expiry change and the card timeline', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).toUpperCase();

  // --- Rita makes the till's key on the API keys screen; it is shown once
  await signedIn(page, REFERENT);
  await page.goto('/api-keys');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chiavi API');
  await page.getByRole('button', { name: 'Crea chiave' }).click();
  const create = page.getByRole('dialog', { name: 'Crea chiave API' });
  await create.getByRole('textbox', { name: /Nome/ }).fill(`Cassa ${stamp}`);
  await create.getByRole('checkbox', { name: 'Lettura saldo' }).check();
  await create.getByRole('checkbox', { name: 'Movimenti di denaro' }).check();
  // she does not hold privative.orders: the web shop's scope is not offered to her
  await expect(create.getByRole('checkbox', { name: 'Creazione ordini' })).toHaveCount(0);
  await create.getByRole('combobox', { name: /Punto vendita/ }).fill('Milano');
  await page.getByRole('option', { name: /Milano Centro/ }).click();
  await checkScreenAtBothWidths(page, (viewport) => `integration-key-create-it-${viewport.width}`);
  await create.getByRole('button', { name: 'Crea chiave' }).click();
  const shown = page.getByRole('dialog', { name: 'Chiave creata: copiala ora' });
  const keyBox = shown.getByRole('textbox', { name: `Chiave API Cassa ${stamp}` });
  await expect(keyBox).toHaveValue(/^tsk_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/);
  const tillKey = await keyBox.inputValue();
  await expect(shown).toContainText("È l'unica volta in cui la chiave completa viene mostrata.");
  await checkScreenAtBothWidths(page, (viewport) => `integration-key-shown-it-${viewport.width}`);
  await shown.getByRole('button', { name: "L'ho copiata, chiudi" }).click();
  const keyRow = page.getByRole('row').filter({ hasText: `Cassa ${stamp}` });
  await expect(keyRow).toContainText('Attiva');
  await expect(keyRow).toContainText('Milano Centro');
  // listed by its prefix, never again in full
  await expect(page.getByText(tillKey)).toHaveCount(0);
  await expect(keyRow).toContainText(tillKey.split('_').slice(0, 2).join('_'));
  await checkScreenAtBothWidths(page, (viewport) => `integration-keys-it-${viewport.width}`);

  // a usable card of Acme with 12.50 € available, and its full code (what a till scans)
  const cards = await backOffice<Array<{ id: string; code: string; availableBalanceCents: number }>>(
    page,
    `giftcard/cards?filter=${encodeURIComponent('{"status":"active"}')}&range=${encodeURIComponent('[0,40]')}`,
  );
  const card = cards.find((candidate) => candidate.availableBalanceCents >= 2000);
  expect(card, 'an active card with 20.00 € available').toBeDefined();

  // --- the till script: its own HTTP client with the key, no session
  const till = await page.context().request;
  const call = (path: string, data: unknown, idempotencyKey?: string): Promise<APIResponse> =>
    till.post(`/api/integration/v1/giftcards/${path}`, {
      headers: { Authorization: `Bearer ${tillKey}`, ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
      data,
    });
  const balance = await call('balance', { code: card!.code });
  expect(balance.status()).toBe(200);
  const before = ((await balance.json()) as Move['card']).availableBalanceCents;
  expect(before).toBe(card!.availableBalanceCents);

  const consumeKey = `till-${stamp}-consume`;
  const first = await call('consume', { code: card!.code, amountCents: 1250, storeCode: 'MI-CENTRO' }, consumeKey);
  expect(first.ok(), await first.text()).toBe(true);
  expect(first.headers()['idempotent-replayed']).toBeUndefined();
  const consumed = (await first.json()) as Move;
  // the ledger's sign: a consumption takes money off the card
  expect(consumed.transaction).toMatchObject({ type: 'CONSUME', amountCents: -1250 });
  expect(consumed.card.availableBalanceCents).toBe(before - 1250);
  // the till timed out: it retries the same call with the same key, and money moves once
  const retry = await call('consume', { code: card!.code, amountCents: 1250, storeCode: 'MI-CENTRO' }, consumeKey);
  expect(retry.status()).toBe(first.status());
  expect(retry.headers()['idempotent-replayed']).toBe('true');
  expect(((await retry.json()) as Move).transaction.id).toBe(consumed.transaction.id);
  expect((((await (await call('balance', { code: card!.code })).json()) as Move['card']).availableBalanceCents)).toBe(before - 1250);
  // the same key with another body is refused; a money move without a key is refused
  expect((await call('consume', { code: card!.code, amountCents: 999, storeCode: 'MI-CENTRO' }, consumeKey)).status()).toBeGreaterThanOrEqual(400);
  expect((await call('consume', { code: card!.code, amountCents: 100, storeCode: 'MI-CENTRO' })).status()).toBe(400);
  // a key never opens the back office
  expect((await till.get(`/api/company/${await page.evaluate(() => localStorage.getItem('companyId'))}/giftcard/cards`, { headers: { Authorization: `Bearer ${tillKey}` } })).status()).toBe(401);

  // later: 5.00 € returned against that consumption, never more than it
  const tooMuch = await call('return', { transactionId: consumed.transaction.id, amountCents: 1300, returnNumber: `R-${stamp}`, storeCode: 'MI-CENTRO' }, `till-${stamp}-return-big`);
  expect(tooMuch.status()).toBe(422);
  expect(((await tooMuch.json()) as { error: { message: string } }).error.message).toBe('RETURN_EXCEEDS_CONSUME');
  const returned = await call('return', { transactionId: consumed.transaction.id, amountCents: 500, returnNumber: `R-${stamp}`, storeCode: 'MI-CENTRO' }, `till-${stamp}-return`);
  expect(returned.ok(), await returned.text()).toBe(true);
  const refund = (await returned.json()) as Move;
  expect(refund.transaction).toMatchObject({ type: 'RETURN', relatedTransactionId: consumed.transaction.id });
  expect(Math.abs(refund.transaction.amountCents)).toBe(500);
  expect(refund.card.availableBalanceCents).toBe(before - 750);

  // --- Rita changes the card's expiry in the back office (what the auditor will read)
  await backOffice(page, 'giftcard/cards/bulk', { method: 'POST', data: { action: 'editExpiry', ids: [card!.id], params: { expireDate: '2028-06-30' } } });

  // --- the web shop: provider staff make its key for Acme, it posts an order of three digital cards
  await signedIn(page, ADMIN);
  const acmeId = (await backOffice<Array<{ id: string; code: string }>>(page, `companies?filter=${encodeURIComponent('{"q":"ACME"}')}`)).find((company) => company.code === 'ACME')!.id;
  const shopKey = (await backOffice<{ key: string }>(page, 'api-keys', { method: 'POST', companyId: acmeId, data: { name: `Web shop ${stamp}`, scopes: ['orders.create'] } })).key;
  const typologies = await backOffice<Array<{ id: string; sku: string }>>(page, `giftcard/typologies?range=${encodeURIComponent('[0,99]')}`, { companyId: acmeId });
  const digital = typologies.find((typology) => typology.sku === 'GC-DIG-VAR')!.id;
  const buyer = `buyer-${stamp.toLowerCase()}@shop.test`;
  const friend = `friend-${stamp.toLowerCase()}@shop.test`;
  const orderNumber = `WEB-${stamp}`;
  const order = {
    orderNumber,
    orderedAt: new Date().toISOString(),
    buyerEmail: buyer,
    buyerLanguage: 'it',
    items: [
      { externalItemId: `${stamp}-1`, typologyId: digital, denominationCents: 2500 },
      { externalItemId: `${stamp}-2`, typologyId: digital, denominationCents: 2500 },
      { externalItemId: `${stamp}-3`, typologyId: digital, denominationCents: 5000, priceCents: 4500, activationEmail: friend },
    ],
  };
  const post = () => till.post('/api/integration/v1/orders', { headers: { Authorization: `Bearer ${shopKey}` }, data: order });
  const placed = await post();
  expect(placed.status(), await placed.text()).toBe(201);
  const placedOrder = (await placed.json()) as { id: string; items: Array<{ serialNumber: string }> };
  expect(placedOrder.items).toHaveLength(3);
  const again = await post();
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { id: string }).id).toBe(placedOrder.id);
  // the codes reach their recipients (two to the buyer, one to the friend), once each
  await expect.poll(() => countMessagesTo(buyer), { timeout: 30_000 }).toBe(2);
  await expect.poll(() => countMessagesTo(friend), { timeout: 30_000 }).toBe(1);

  // --- the order history's integrated tab and the order's page
  await page.goto('/privative-orders/history?tab=integrated');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Storico ordini');
  const orderRow = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(orderRow).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `integration-history-it-${viewport.width}`);
  await orderRow.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/privative-orders/integrated-orders/${placedOrder.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ordine integrato');
  for (const item of placedOrder.items) await expect(page.getByText(item.serialNumber, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(friend).first()).toBeVisible();
  // the e-mails went out: every PIN is sent
  await page.reload();
  await expect(page.getByText('Inviato', { exact: true })).toHaveCount(3);
  await checkScreenAtBothWidths(page, (viewport) => `integration-order-it-${viewport.width}`);

  // --- the auditor: the expiry change, who, when, from where, before and after
  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registro delle modifiche');
  const change = page.getByRole('row').filter({ hasText: REFERENT }).filter({ hasText: 'Gift card' }).filter({ hasText: 'Modifica' }).first();
  await expect(change).toBeVisible();
  await checkScreenAtBothWidths(page, (viewport) => `integration-audit-it-${viewport.width}`);
  await change.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/audit\/\d+$/);
  const record = page.locator('main');
  await expect(record).toContainText(REFERENT);
  await expect(record).toContainText('Back office');
  await expect(record).toContainText(card!.id);
  await expect(record).toContainText(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
  const expiryChange = page.getByRole('row').filter({ hasText: /expire/i });
  await expect(expiryChange).toContainText('2028');
  await checkScreenAtBothWidths(page, (viewport) => `integration-audit-record-it-${viewport.width}`);

  // --- the card's own timeline, from its page: the till's moves and Rita's change
  await page.goto(`/privative/giftcards/${card!.id}`);
  const timeline = page.getByRole('region', { name: 'Cronologia' });
  await expect(timeline).toBeVisible();
  await expect(timeline.getByRole('link').first()).toBeVisible();
  await expect(timeline).toContainText(REFERENT);
  await expect(timeline).toContainText(`Cassa ${stamp}`);
  await checkScreenAtBothWidths(page, (viewport) => `integration-card-timeline-it-${viewport.width}`);

  // --- the same screens in English
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  await page.goto('/audit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit trail');
  await checkScreenAtBothWidths(page, (viewport) => `integration-audit-en-${viewport.width}`);
  await page.goto(`/privative-orders/integrated-orders/${placedOrder.id}`);
  await expect(page.getByText('Sent', { exact: true })).toHaveCount(3);
  await checkScreenAtBothWidths(page, (viewport) => `integration-order-en-${viewport.width}`);
  await page.goto('/api-keys');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API keys');
  await checkScreenAtBothWidths(page, (viewport) => `integration-keys-en-${viewport.width}`);
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'it'));
});
