import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { addCompany, addStore, caller, companyIdOf, q, userWith } from '../../test/builders';
import { addCatalogTypology, addStock, cardsOf, CONFIGURATION, file, orderCaller, outboxTo, PNG } from '../../test/support/orders';

describe.each(DRIVERS)('gift-card orders API (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof orderCaller>;
  let admin: string;
  let operator: string;
  let noAccess: string;
  let nordReceiver: string;
  let stranger: string;
  let tesseraId: string;
  let acmeId: string;
  let nordId: string;
  let otherId: string;
  let digitalVariable: string;
  let digitalFixed: string;
  let physical: string;
  const url = (companyId: string, path: string) => `/api/company/${companyId}/giftcard${path}`;
  const drain = () => t.app.ctx.jobs.drain();
  const orderCount = async () => (await queryRows<{ n: number }>(t.db.db, sql`SELECT count(*)::int AS n FROM orders`))[0].n;
  const itemCount = async () => (await queryRows<{ n: number }>(t.db.db, sql`SELECT count(*)::int AS n FROM order_items`))[0].n;

  /** A configured digital draft of ACME for ACME-NORD with one item; answers the order. */
  async function digitalDraft(item: Record<string, unknown> = { typologyId: digitalFixed, quantity: 3 }) {
    const created = await call(operator, 'POST', url(acmeId, '/orders'), { subCompanyId: nordId, shippingType: 'DIGITAL' });
    expect(created.statusCode).toBe(201);
    const order = created.json();
    expect((await call(operator, 'POST', url(acmeId, `/orders/${order.id}/items`), item)).statusCode).toBe(201);
    expect((await call(operator, 'PUT', url(acmeId, `/orders/${order.id}`), CONFIGURATION)).statusCode).toBe(200);
    return order as { id: string; number: string };
  }
  async function issued(item?: Record<string, unknown>) {
    const order = await digitalDraft(item);
    expect((await call(operator, 'POST', url(acmeId, `/orders/${order.id}/confirm`))).statusCode).toBe(200);
    await drain();
    return order;
  }
  const show = async (token: string, companyId: string, id: string) => (await call(token, 'GET', url(companyId, `/orders/${id}`))).json();

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = orderCaller(t.app);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
    noAccess = (await login(t.app, 'noaccess@acme.test')).accessToken;
    tesseraId = await companyIdOf(t.db.db, 'TESSERA');
    acmeId = await companyIdOf(t.db.db, 'ACME');
    nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    otherId = await addCompany(t.db.db, `OTHER-${driver}`, tesseraId);
    nordReceiver = await userWith(t.app, t.db.db, `receiver-${driver}@nord.test`, nordId, ['privative.acquiredOrders']);
    stranger = await userWith(t.app, t.db.db, `orders-${driver}@other.test`, otherId, ['privative.orders', 'privative.acquiredOrders']);
    digitalVariable = await addCatalogTypology(t.db.db, 'DIGITAL', null);
    digitalFixed = await addCatalogTypology(t.db.db, 'DIGITAL', 2500);
    physical = await addCatalogTypology(t.db.db, 'PHYSICAL', 5000);
    await addStock(t.db.db, tesseraId, physical, 1, 8);
    await addStore(t.db.db, nordId, `NORD-${driver}`, true);
  });
  afterAll(() => t.close());

  it('walks a digital names-list order: draft → confirm (e-mail, job) → issued → activated, each recipient e-mailed their code', async () => {
    const names = 'nome;cognome;email\nAnna;Verdi;anna@nord.test\nBruno;Neri;bruno@nord.test\n';
    const order = await digitalDraft({ typologyId: digitalVariable, valueCents: 2500, namesList: file('names.csv', 'text/csv', names) });
    expect(order.number).toMatch(/^ORD-\d{6}$/);
    const draft = await show(operator, acmeId, order.id);
    expect(draft).toMatchObject({ state: 'NEW', companyId: nordId, placedByCompanyId: acmeId, digitalCards: 2, totalCents: 5000, validMonths: 6, companyOrderNumber: 'PO-2026-1' });
    expect(draft.items).toEqual([expect.objectContaining({ quantity: 2, valueCents: 2500, priceCents: 5000, recipients: 2, namesListName: 'names.csv' })]);

    const confirmed = await call(operator, 'POST', url(acmeId, `/orders/${order.id}/confirm`));
    expect(confirmed.json()).toMatchObject({ state: 'PENDING' });
    expect((await outboxTo(t.db.db, 'mario.rossi@acme.test')).at(-1)).toMatchObject({ template: 'orderConfirmation', subject: `Ordine ${order.number} confermato` });
    await drain();
    expect(await show(operator, acmeId, order.id)).toMatchObject({ state: 'COMPLETED', activated: false });
    const cards = await cardsOf(t.db.db, order.number);
    expect(cards).toHaveLength(2);
    expect(cards.every((c) => c.status === 'SOLD' && c.sold === 1 && c.company_id === nordId && Number(c.balance_cents) === 0)).toBe(true);
    expect(cards.every((c) => /^[A-Z2-9]{17}$/.test(c.code))).toBe(true);

    const activated = await call(operator, 'POST', url(acmeId, `/orders/${order.id}/activate`));
    expect(activated.json()).toMatchObject({ state: 'COMPLETED', activated: true });
    const after = await cardsOf(t.db.db, order.number);
    expect(after.every((c) => c.status === 'ACTIVE' && Number(c.balance_cents) === 2500 && c.activate === 1)).toBe(true);
    const anna = await outboxTo(t.db.db, 'anna@nord.test');
    expect(anna).toHaveLength(1);
    expect(anna[0].text_body).toContain(after[0].code);
    expect(anna[0].text_body).toContain('25,00');

    for (const action of ['activate', 'cancel']) {
      const refused = await call(operator, 'POST', url(acmeId, `/orders/${order.id}/${action}`));
      expect([refused.statusCode, refused.json().error.message]).toEqual([409, 'ORDER_ALREADY_ACTIVATED']);
    }
    const expiry = await call(operator, 'POST', url(acmeId, `/orders/${order.id}/expiry`), { expireDate: '2099-01-01' });
    expect(expiry.json().error.message).toBe('ORDER_ALREADY_ACTIVATED');
    expect(await outboxTo(t.db.db, 'anna@nord.test')).toHaveLength(1);
  });

  it("e-mails a names-list recipient's code in the language of the user who placed the order (they have none on record)", async () => {
    await t.db.db.execute(sql`UPDATE users SET language = 'de' WHERE email = 'operator@acme.test'`);
    try {
      const names = 'nome;cognome;email\nDieter;Kunz;dieter@nord.test\n';
      const order = await digitalDraft({ typologyId: digitalVariable, valueCents: 2500, namesList: file('names.csv', 'text/csv', names) });
      await call(operator, 'POST', url(acmeId, `/orders/${order.id}/confirm`));
      await drain();
      await call(operator, 'POST', url(acmeId, `/orders/${order.id}/activate`));
      const [mail] = await outboxTo(t.db.db, 'dieter@nord.test');
      expect(mail.subject).toMatch(/^Ihre Geschenkkarte von /);
      expect(mail.text_body).toContain('25,00');
    } finally {
      await t.db.db.execute(sql`UPDATE users SET language = 'it' WHERE email = 'operator@acme.test'`);
    }
  });

  it('lists the order for its placer and as acquired for the receiving company, never for other trees', async () => {
    const order = await issued();
    const list = await call(operator, 'GET', url(acmeId, `/orders?filter=${q({ number: order.number })}`));
    expect(list.json().map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(list.headers['content-range']).toBe('orders 0-0/1');
    const byState = (await call(operator, 'GET', url(acmeId, `/orders?filter=${q({ state: 'COMPLETED', typologyId: digitalFixed })}`))).json();
    expect(byState.some((o: { id: string }) => o.id === order.id)).toBe(true);
    expect(byState.every((o: { state: string }) => o.state === 'COMPLETED')).toBe(true);
    const drafts = (await call(operator, 'GET', url(acmeId, `/orders?filter=${q({ state: 'NEW' })}`))).json();
    expect(drafts.some((o: { id: string }) => o.id === order.id)).toBe(false);
    const bad = await call(operator, 'GET', url(acmeId, `/orders?filter=${q({ dateFrom: '2026-03-02', dateTo: '2026-03-01' })}`));
    expect([bad.statusCode, bad.json().errors]).toEqual([400, { dateTo: 'validation.dateRange' }]);

    const acquired = await call(nordReceiver, 'GET', url(nordId, '/acquired-orders'));
    expect(acquired.json().some((o: { id: string }) => o.id === order.id)).toBe(true);
    expect((await call(nordReceiver, 'GET', url(nordId, `/acquired-orders/${order.id}`))).json()).toMatchObject({ number: order.number, items: [expect.objectContaining({ quantity: 3 })] });
    const cards = await call(nordReceiver, 'GET', url(nordId, `/acquired-orders/${order.id}/cards?range=${q([0, 1])}`));
    expect([cards.json().length, cards.headers['content-range']]).toEqual([2, 'cards 0-1/*']);
    const csv = await call(nordReceiver, 'GET', url(nordId, `/acquired-orders/${order.id}/codes?format=csv&lang=en`));
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Code,Sequence number,Product,Value,Status,Recipient,E-mail,Expiry date');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',25.00,Sold,');
    const pdf = await call(nordReceiver, 'GET', url(nordId, `/acquired-orders/${order.id}/codes?format=pdf&lang=en`));
    expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
    expect(pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    // ACME placed it: not acquired for ACME; ACME-NORD did not place it: not in its orders
    expect((await call(admin, 'GET', url(acmeId, `/acquired-orders/${order.id}`))).statusCode).toBe(404);
    const csvList = await call(operator, 'GET', url(acmeId, `/orders/export?filter=${q({ number: order.number })}&lang=it`));
    const [header, row] = csvList.body.replace(/^\uFEFF/, '').split('\r\n');
    // the screens' words: the list's column labels, "to be activated"
    expect(header).toBe('Numero ordine;Data di creazione;Azienda;Ordinato da;Tipo di ordine;Stato ordine;Attivazione;Numero ordine aziendale;Carte;Totale');
    expect(row).toContain(`${order.number};`);
    expect(row).toContain(';Emesso;Da attivare;PO-2026-1;3;75,00');

    // other trees: 404 on their routes, 404 on ours
    expect((await call(stranger, 'GET', url(acmeId, '/orders'))).statusCode).toBe(404);
    expect((await call(stranger, 'GET', url(otherId, `/orders/${order.id}`))).statusCode).toBe(404);
    expect((await call(stranger, 'GET', url(otherId, `/acquired-orders/${order.id}`))).statusCode).toBe(404);
    expect((await call(stranger, 'POST', url(otherId, `/orders/${order.id}/cancel`))).statusCode).toBe(404);
    expect((await call(stranger, 'GET', url(otherId, `/orders/${order.id}/codes`))).statusCode).toBe(404);
    expect((await call(stranger, 'GET', url(otherId, '/orders'))).json()).toEqual([]);
    // permissions: 403 before anything else
    expect((await call(noAccess, 'GET', url(acmeId, '/orders'))).statusCode).toBe(403);
    expect((await call(noAccess, 'POST', url(acmeId, `/orders/${order.id}/activate`))).statusCode).toBe(403);
    expect((await call(operator, 'GET', url(acmeId, '/acquired-orders'))).statusCode).toBe(403);
    expect((await call(nordReceiver, 'GET', url(nordId, '/orders'))).statusCode).toBe(403);
    expect((await call(nordReceiver, 'POST', url(nordId, `/acquired-orders/${order.id}/cancel`))).statusCode).toBe(404);
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const orders = await orderCount();
    const bad = await call(operator, 'POST', url(acmeId, '/orders'), { subCompanyId: nordId, shippingType: 'PHYSICAL_SHIPMENT' });
    expect([bad.statusCode, bad.json().errors]).toEqual([400, { shippingType: 'validation.invalid' }]);
    const outside = await call(operator, 'POST', url(acmeId, '/orders'), { subCompanyId: otherId, shippingType: 'DIGITAL' });
    expect([outside.statusCode, outside.json().errors]).toEqual([400, { subCompanyId: 'validation.invalid' }]);
    expect(await orderCount()).toBe(orders);

    const draft = (await call(operator, 'POST', url(acmeId, '/orders'), { subCompanyId: acmeId, shippingType: 'DIGITAL' })).json();
    const items = await itemCount();
    const cases: Array<[Record<string, unknown>, number, Record<string, string>]> = [
      [{ typologyId: digitalFixed, quantity: 0 }, 400, { quantity: 'validation.orderQuantity?max=10000' }],
      [{ typologyId: digitalFixed, quantity: 2, ranges: [{ from: 1, to: 2 }] }, 400, { ranges: 'validation.orderPhysicalOnly' }],
      [{ typologyId: physical, quantity: 1 }, 400, { typologyId: 'validation.invalid' }],
      [{ typologyId: digitalVariable, quantity: 1 }, 400, { valueCents: 'validation.required' }],
      [{ typologyId: digitalFixed, quantity: 1, valueCents: 999 }, 400, { valueCents: 'validation.invalid' }],
      [{ typologyId: digitalFixed, namesList: file('names.csv', 'text/csv', 'email\nnot-an-email\n') }, 400, { namesList: 'validation.orderNamesList' }],
      [{ typologyId: digitalFixed, quantity: 1, template: file('t.png', 'image/png', 'GIF89a not a png') }, 415, { template: 'validation.fileType' }],
      [{ typologyId: digitalFixed, quantity: 1, template: file('t.gif', 'image/gif', 'GIF89a') }, 400, { template: 'validation.fileType' }],
    ];
    for (const [body, status, errors] of cases) {
      const res = await call(operator, 'POST', url(acmeId, `/orders/${draft.id}/items`), body);
      expect([res.statusCode, res.json().errors], JSON.stringify(body)).toEqual([status, errors]);
    }
    expect(await itemCount()).toBe(items);
    const template = await call(operator, 'POST', url(acmeId, `/orders/${draft.id}/items`), { typologyId: digitalFixed, quantity: 2, template: file('t.png', 'image/png', PNG) });
    expect(template.json()).toMatchObject({ quantity: 2, templateName: 't.png', priceCents: 5000 });

    const config = await call(operator, 'PUT', url(acmeId, `/orders/${draft.id}`), { ...CONFIGURATION, validMonths: 13, companyOrderNumber: '' });
    expect([config.statusCode, config.json().errors]).toEqual([400, { validMonths: 'validation.orderValidMonths?min=1&max=12', companyOrderNumber: 'validation.required' }]);
    expect(await show(operator, acmeId, draft.id)).toMatchObject({ companyOrderNumber: null, validMonths: 1 });
    const incomplete = await call(operator, 'POST', url(acmeId, `/orders/${draft.id}/confirm`));
    expect([incomplete.statusCode, incomplete.json().error.message]).toEqual([409, 'ORDER_INCOMPLETE']);

    const physicalDraft = (await call(admin, 'POST', url(tesseraId, '/orders'), { subCompanyId: acmeId, shippingType: 'PHYSICAL' })).json();
    const ranges = await call(admin, 'POST', url(tesseraId, `/orders/${physicalDraft.id}/items`), { typologyId: physical, ranges: [{ from: 5, to: 3 }] });
    expect([ranges.statusCode, ranges.json().errors]).toEqual([400, { 'ranges.0.to': 'validation.progressiveRange' }]);
    const total = await call(admin, 'POST', url(tesseraId, `/orders/${physicalDraft.id}/items`), { typologyId: physical, ranges: [{ from: 3, to: 5 }], quantity: 4 });
    expect([total.statusCode, total.json().errors]).toEqual([400, { quantity: 'validation.orderRangeTotal' }]);
    const empty = await call(admin, 'POST', url(tesseraId, `/orders/${physicalDraft.id}/confirm`));
    expect([empty.statusCode, empty.json().error.message]).toEqual([409, 'ORDER_EMPTY']);
  });

  it('edits and removes items of a draft, deletes a draft, and refuses draft steps once confirmed', async () => {
    const order = await digitalDraft();
    const [item] = (await call(operator, 'GET', url(acmeId, `/orders/${order.id}/items`))).json();
    const edited = await call(operator, 'PUT', url(acmeId, `/orders/${order.id}/items/${item.id}`), { typologyId: digitalFixed, quantity: 5 });
    expect(edited.json()).toMatchObject({ id: item.id, quantity: 5, priceCents: 12500 });
    expect(await show(operator, acmeId, order.id)).toMatchObject({ digitalCards: 5, totalCents: 12500 });
    const second = (await call(operator, 'POST', url(acmeId, `/orders/${order.id}/items`), { typologyId: digitalVariable, quantity: 1, valueCents: 700 })).json();
    const removed = await call(operator, 'DELETE', url(acmeId, `/orders/${order.id}/items/${second.id}`));
    expect(removed.json()).toMatchObject({ digitalCards: 5, items: [expect.objectContaining({ id: item.id })] });
    expect((await call(operator, 'DELETE', url(acmeId, `/orders/${order.id}/items/${second.id}`))).statusCode).toBe(404);

    const key = { 'idempotency-key': `confirm-${driver}-${order.id}` };
    const first = await call(operator, 'POST', url(acmeId, `/orders/${order.id}/confirm`), undefined, key);
    await drain();
    const replay = await call(operator, 'POST', url(acmeId, `/orders/${order.id}/confirm`), undefined, key);
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    // the first answer (PENDING), though the order has been issued since
    expect([first.json().state, replay.json()]).toEqual(['PENDING', first.json()]);
    expect(await show(operator, acmeId, order.id)).toMatchObject({ state: 'COMPLETED' });
    const jobs = await queryRows<{ n: number }>(t.db.db, sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'orders.issue' AND payload->>'orderId' = ${order.id}`);
    expect(jobs[0].n).toBe(1);
    const reused = await call(operator, 'POST', url(acmeId, `/orders/${order.id}/activate`), undefined, key);
    expect([reused.statusCode, reused.json().error.message]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const again = await call(operator, 'POST', url(acmeId, `/orders/${order.id}/confirm`));
    expect([again.statusCode, again.json().error.message]).toEqual([409, 'ORDER_STATE_INVALID']);
    for (const [method, path, body] of [
      ['POST', `/orders/${order.id}/items`, { typologyId: digitalFixed, quantity: 1 }],
      ['PUT', `/orders/${order.id}/items/${item.id}`, { typologyId: digitalFixed, quantity: 1 }],
      ['DELETE', `/orders/${order.id}/items/${item.id}`, undefined],
      ['PUT', `/orders/${order.id}`, CONFIGURATION],
      ['DELETE', `/orders/${order.id}`, undefined],
    ] as const) {
      const res = await call(operator, method, url(acmeId, path), body);
      expect([res.statusCode, res.json().error.message], `${method} ${path}`).toEqual([409, 'ORDER_STATE_INVALID']);
    }
    const resend = await call(operator, 'POST', url(acmeId, `/orders/${order.id}/resend-confirmation`));
    expect(resend.json()).toEqual({ emails: 1 });
    expect((await outboxTo(t.db.db, 'mario.rossi@acme.test')).filter((m) => m.subject.includes(order.number))).toHaveLength(2);

    const draft = (await call(operator, 'POST', url(acmeId, '/orders'), { subCompanyId: acmeId, shippingType: 'DIGITAL' })).json();
    expect((await call(operator, 'DELETE', url(acmeId, `/orders/${draft.id}`))).statusCode).toBe(204);
    expect((await call(operator, 'GET', url(acmeId, `/orders/${draft.id}`))).statusCode).toBe(404);
  });

  it('lists the stock largest run first, so a big run is never behind single cards', async () => {
    const typology = await addCatalogTypology(t.db.db, 'PHYSICAL', 5000);
    for (const p of [1, 3, 5, 7]) await addStock(t.db.db, tesseraId, typology, p, p);
    await addStock(t.db.db, tesseraId, typology, 100, 109);
    await addStock(t.db.db, tesseraId, typology, 50, 52);
    const stock = await call(operator, 'GET', url(acmeId, `/orders/stock?typologyId=${typology}`));
    expect(stock.json().map((r: { from: number; count: number }) => [r.from, r.count])).toEqual([[100, 10], [50, 3], [1, 1], [3, 1], [5, 1], [7, 1]]);
  });

  it('an item edit without a new file keeps the saved template or names list (and its recipients); a new file or `template: null` replaces or removes it', async () => {
    const templated = await digitalDraft({ typologyId: digitalFixed, quantity: 3, template: file('front.png', 'image/png', PNG) });
    const [withTemplate] = (await call(operator, 'GET', url(acmeId, `/orders/${templated.id}/items`))).json();
    const kept = await call(operator, 'PUT', url(acmeId, `/orders/${templated.id}/items/${withTemplate.id}`), { typologyId: digitalFixed, quantity: 4 });
    expect(kept.json()).toMatchObject({ quantity: 4, templateName: 'front.png' });
    const [content] = await queryRows<{ template_type: string; template_content: string }>(t.db.db, sql`SELECT template_type, template_content FROM order_items WHERE id = ${withTemplate.id}`);
    expect(content).toEqual({ template_type: 'image/png', template_content: PNG.toString('base64') });
    const dropped = await call(operator, 'PUT', url(acmeId, `/orders/${templated.id}/items/${withTemplate.id}`), { typologyId: digitalFixed, quantity: 4, template: null });
    expect(dropped.json()).toMatchObject({ quantity: 4, templateName: null });

    const names = 'nome;cognome;email\nAnna;Verdi;anna.keep@nord.test\nBruno;Neri;bruno.keep@nord.test\n';
    const listed = await digitalDraft({ typologyId: digitalVariable, valueCents: 2500, namesList: file('team.csv', 'text/csv', names) });
    const [withList] = (await call(operator, 'GET', url(acmeId, `/orders/${listed.id}/items`))).json();
    // the value changes, the list stays: no quantity and no list in the body
    const keptList = await call(operator, 'PUT', url(acmeId, `/orders/${listed.id}/items/${withList.id}`), { typologyId: digitalVariable, valueCents: 3000 });
    expect(keptList.json()).toMatchObject({ quantity: 2, valueCents: 3000, priceCents: 6000, namesListName: 'team.csv', recipients: 2 });
    const recipients = await queryRows<{ email: string }>(t.db.db, sql`SELECT email FROM order_recipients WHERE item_id = ${withList.id} ORDER BY position`);
    expect(recipients.map((r) => r.email)).toEqual(['anna.keep@nord.test', 'bruno.keep@nord.test']);
    // a quantity instead turns it into a quantity of cards: the list goes
    const toQuantity = await call(operator, 'PUT', url(acmeId, `/orders/${listed.id}/items/${withList.id}`), { typologyId: digitalVariable, valueCents: 3000, quantity: 5 });
    expect(toQuantity.json()).toMatchObject({ quantity: 5, namesListName: null, recipients: 0 });
    // and without a saved list, neither a list nor a quantity is refused as before
    const missing = await call(operator, 'PUT', url(acmeId, `/orders/${listed.id}/items/${withList.id}`), { typologyId: digitalVariable, valueCents: 3000 });
    expect([missing.statusCode, missing.json().errors]).toEqual([400, { quantity: 'validation.required' }]);
  });

  it('cancels an issued order through PENDING_CANCEL and the job, voiding its cards; refuses when a card was used', async () => {
    const order = await issued();
    const key = { 'idempotency-key': `cancel-${driver}-${order.id}` };
    const cancel = await call(operator, 'POST', url(acmeId, `/orders/${order.id}/cancel`), undefined, key);
    expect(cancel.json()).toMatchObject({ state: 'PENDING_CANCEL' });
    expect((await call(operator, 'POST', url(acmeId, `/orders/${order.id}/cancel`), undefined, key)).json()).toMatchObject({ state: 'PENDING_CANCEL' });
    expect((await call(operator, 'POST', url(acmeId, `/orders/${order.id}/activate`))).json().error.message).toBe('ORDER_STATE_INVALID');
    await drain();
    expect(await show(operator, acmeId, order.id)).toMatchObject({ state: 'CANCELLED', cancelledAt: expect.any(String) });
    const cards = await cardsOf(t.db.db, order.number);
    expect(cards.every((c) => c.status === 'DISABLED' && c.cancel === 1 && Number(c.balance_cents) === 0)).toBe(true);
    expect((await call(operator, 'POST', url(acmeId, `/orders/${order.id}/cancel`))).json().error.message).toBe('ORDER_STATE_INVALID');

    const used = await issued();
    const [card] = await cardsOf(t.db.db, used.number);
    const gift = caller(t.app);
    expect((await gift(admin, 'POST', url(nordId, `/cards/${card.id}/reload`), { amountCents: 1000 })).statusCode).toBe(200);
    expect((await gift(admin, 'POST', url(nordId, `/cards/${card.id}/consume`), { amountCents: 100, storeCode: `NORD-${driver}` })).statusCode).toBe(200);
    const refused = await call(operator, 'POST', url(acmeId, `/orders/${used.id}/cancel`));
    expect([refused.statusCode, refused.json().error.message, refused.json().detail]).toEqual([409, 'ORDER_CARDS_USED', 'Unable to cancel the order. GiftCards have already been used.']);
    expect(await show(operator, acmeId, used.id)).toMatchObject({ state: 'COMPLETED' });

    const pending = await digitalDraft();
    await call(operator, 'POST', url(acmeId, `/orders/${pending.id}/confirm`));
    expect((await call(operator, 'POST', url(acmeId, `/orders/${pending.id}/cancel`))).json()).toMatchObject({ state: 'PENDING_CANCEL' });
    await drain();
    expect(await show(operator, acmeId, pending.id)).toMatchObject({ state: 'CANCELLED' });
    expect(await cardsOf(t.db.db, pending.number)).toEqual([]);
  });

  it('ships a third-party physical order: ranges taken, tracking by provider staff, delivered or received', async () => {
    const order = (await call(admin, 'POST', url(tesseraId, '/orders'), { subCompanyId: acmeId, shippingType: 'PHISICAL_SHIPMENT' })).json();
    await call(admin, 'POST', url(tesseraId, `/orders/${order.id}/items`), { typologyId: physical, ranges: [{ from: 1, to: 2 }], quantity: 2 });
    await call(admin, 'PUT', url(tesseraId, `/orders/${order.id}`), { ...CONFIGURATION, shippingAddress: 'Via Roma 1, Torino' });
    await call(admin, 'POST', url(tesseraId, `/orders/${order.id}/confirm`));
    await drain();
    expect(await show(admin, tesseraId, order.id)).toMatchObject({ state: 'SHIPMENT_IN_PROGRESS', physicalCards: 2, shippingAddress: 'Via Roma 1, Torino' });
    const cards = await cardsOf(t.db.db, order.number);
    expect(cards.map((c) => [c.status, c.company_id, c.sold])).toEqual([
      ['SOLD', acmeId, 1],
      ['SOLD', acmeId, 1],
    ]);
    const stock = await call(operator, 'GET', url(acmeId, `/orders/stock?typologyId=${physical}`));
    expect(stock.json()).toEqual([{ from: 3, to: 8, count: 6, lotNumber: null }]);
    const early = await call(admin, 'POST', url(tesseraId, `/orders/${order.id}/delivered`));
    expect(early.json().error.message).toBe('ORDER_STATE_INVALID');
    const tracking = { carrier: 'BRT', number: 'BRT123', link: 'https://tracking.example/BRT123' };
    const customer = await userWith(t.app, t.db.db, `placer-${driver}@acme.test`, acmeId, ['privative.orders', 'privative.acquiredOrders']);
    expect((await call(customer, 'POST', url(acmeId, `/acquired-orders/${order.id}/delivered`))).json().error.message).toBe('ORDER_STATE_INVALID');
    const shipped = await call(admin, 'POST', url(tesseraId, `/orders/${order.id}/tracking`), tracking);
    expect(shipped.json()).toMatchObject({ state: 'SHIPPED', trackingCarrier: 'BRT', trackingNumber: 'BRT123', trackingLink: tracking.link, shippedAt: expect.any(String) });
    const received = await call(customer, 'POST', url(acmeId, `/acquired-orders/${order.id}/delivered`));
    expect(received.json()).toMatchObject({ state: 'SHIPMENT_DELIVERED', deliveredAt: expect.any(String) });
    expect((await call(admin, 'POST', url(tesseraId, `/orders/${order.id}/tracking`), tracking)).json().error.message).toBe('ORDER_STATE_INVALID');
    const activated = await call(admin, 'POST', url(tesseraId, `/orders/${order.id}/activate`));
    expect(activated.json()).toMatchObject({ activated: true, state: 'SHIPMENT_DELIVERED' });
    expect((await cardsOf(t.db.db, order.number)).every((c) => c.status === 'ACTIVE' && Number(c.balance_cents) === 5000)).toBe(true);

    // ranges already taken: the job fails the order into ERROR ("verification"); provider staff retry it
    const clash = (await call(operator, 'POST', url(acmeId, '/orders'), { subCompanyId: acmeId, shippingType: 'PHYSICAL' })).json();
    const taken = await call(operator, 'POST', url(acmeId, `/orders/${clash.id}/items`), { typologyId: physical, ranges: [{ from: 2, to: 4 }] });
    expect([taken.statusCode, taken.json().errors]).toEqual([400, { ranges: 'validation.orderRangeUnavailable' }]);
    expect((await call(operator, 'POST', url(acmeId, `/orders/${clash.id}/items`), { typologyId: physical, ranges: [{ from: 3, to: 4 }] })).statusCode).toBe(201);
    await call(operator, 'PUT', url(acmeId, `/orders/${clash.id}`), CONFIGURATION);
    // a rival order takes progressive 4 before this one is confirmed
    const rival = (await call(operator, 'POST', url(acmeId, '/orders'), { subCompanyId: acmeId, shippingType: 'PHYSICAL' })).json();
    await call(operator, 'POST', url(acmeId, `/orders/${rival.id}/items`), { typologyId: physical, ranges: [{ from: 4, to: 5 }] });
    await call(operator, 'PUT', url(acmeId, `/orders/${rival.id}`), CONFIGURATION);
    await call(operator, 'POST', url(acmeId, `/orders/${rival.id}/confirm`));
    await drain();
    expect(await show(operator, acmeId, rival.id)).toMatchObject({ state: 'COMPLETED' });
    await call(operator, 'POST', url(acmeId, `/orders/${clash.id}/confirm`));
    await drain();
    expect(await show(operator, acmeId, clash.id)).toMatchObject({ state: 'ERROR', errorCode: 'ORDER_RANGE_UNAVAILABLE' });
    const trackingByCustomer = await call(operator, 'POST', url(acmeId, `/orders/${clash.id}/tracking`), tracking);
    expect([trackingByCustomer.statusCode, trackingByCustomer.json().error.message]).toEqual([403, 'PROVIDER_STAFF_ONLY']);
    const retryByCustomer = await call(operator, 'POST', url(acmeId, `/orders/${clash.id}/retry`));
    expect([retryByCustomer.statusCode, retryByCustomer.json().error.message]).toEqual([403, 'PROVIDER_STAFF_ONLY']);
    expect((await call(admin, 'POST', url(acmeId, `/orders/${clash.id}/retry`))).json()).toMatchObject({ state: 'PENDING', errorCode: null });
    await drain();
    expect(await show(operator, acmeId, clash.id)).toMatchObject({ state: 'ERROR', errorCode: 'ORDER_RANGE_UNAVAILABLE' });
    expect((await call(operator, 'POST', url(acmeId, `/orders/${clash.id}/delivered`))).json().error.message).toBe('ORDER_ACTION_NOT_ALLOWED');

    // another customer's unsold cards are not stock for ACME's orders: refused when added, and when issued
    await addStock(t.db.db, otherId, physical, 103, 104);
    const foreign = (await call(operator, 'POST', url(acmeId, '/orders'), { subCompanyId: acmeId, shippingType: 'PHYSICAL' })).json();
    const theirs = await call(operator, 'POST', url(acmeId, `/orders/${foreign.id}/items`), { typologyId: physical, ranges: [{ from: 103, to: 104 }] });
    expect([theirs.statusCode, theirs.json().errors]).toEqual([400, { ranges: 'validation.orderRangeUnavailable' }]);
    await addStock(t.db.db, tesseraId, physical, 101, 102);
    expect((await call(operator, 'POST', url(acmeId, `/orders/${foreign.id}/items`), { typologyId: physical, ranges: [{ from: 101, to: 102 }] })).statusCode).toBe(201);
    await t.db.db.execute(sql`UPDATE gift_cards SET company_id = ${otherId} WHERE typology_id = ${physical} AND progressive BETWEEN 101 AND 102`);
    await call(operator, 'PUT', url(acmeId, `/orders/${foreign.id}`), CONFIGURATION);
    await call(operator, 'POST', url(acmeId, `/orders/${foreign.id}/confirm`));
    await drain();
    expect(await show(operator, acmeId, foreign.id)).toMatchObject({ state: 'ERROR', errorCode: 'ORDER_RANGE_UNAVAILABLE' });
    const [held] = await queryRows<{ n: number }>(t.db.db, sql`SELECT count(*)::int AS n FROM gift_cards WHERE company_id = ${otherId} AND typology_id = ${physical} AND status = 'NOT_ACTIVE'`);
    expect(held.n).toBe(4);
    await call(operator, 'POST', url(acmeId, `/orders/${clash.id}/cancel`));
    await drain();
    expect(await show(operator, acmeId, clash.id)).toMatchObject({ state: 'CANCELLED' });
    expect((await cardsOf(t.db.db, clash.number)).length).toBe(0);
  });

  it('activates automatically with auto-activate, with the edited expiry', async () => {
    const order = await digitalDraft();
    await call(operator, 'PUT', url(acmeId, `/orders/${order.id}`), { ...CONFIGURATION, autoActivate: true });
    await call(operator, 'POST', url(acmeId, `/orders/${order.id}/confirm`));
    await drain();
    expect(await show(operator, acmeId, order.id)).toMatchObject({ state: 'COMPLETED', activated: true });
    expect((await cardsOf(t.db.db, order.number)).every((c) => c.status === 'ACTIVE' && c.activate === 1)).toBe(true);

    const edited = await issued();
    const past = await call(operator, 'POST', url(acmeId, `/orders/${edited.id}/expiry`), { expireDate: '2020-01-01' });
    expect([past.statusCode, past.json().errors]).toEqual([400, { expireDate: 'validation.futureDate' }]);
    expect((await call(operator, 'POST', url(acmeId, `/orders/${edited.id}/expiry`), { expireDate: '2099-06-30' })).json()).toMatchObject({ expireDate: '2099-06-30' });
    await call(operator, 'POST', url(acmeId, `/orders/${edited.id}/activate`));
    const [card] = await cardsOf(t.db.db, edited.number);
    const shown = (await caller(t.app)(admin, 'GET', url(nordId, `/cards/${card.id}`))).json();
    expect(shown.expireDate).toBe('2099-06-30T23:59:59.999Z');
    // the codes CSV writes that instant in the asker's time zone (default Europe/Rome)
    const expiryOf = async (query: string) => {
      const csv = await call(operator, 'GET', url(acmeId, `/orders/${edited.id}/codes?format=csv&lang=en${query}`));
      return csv.body.replace(/^\uFEFF/, '').trim().split('\r\n')[1].split(',').at(-1);
    };
    expect(await expiryOf('&tz=UTC')).toBe('30/06/2099 23:59:59');
    expect(await expiryOf('&tz=Pacific%2FAuckland')).toBe('01/07/2099 11:59:59');
    expect(await expiryOf('')).toBe('01/07/2099 01:59:59');
    const badZone = await call(operator, 'GET', url(acmeId, `/orders/${edited.id}/codes?format=csv&tz=Mars%2FOlympus`));
    expect([badZone.statusCode, badZone.json().errors]).toEqual([400, { tz: 'validation.invalid' }]);
  });
});
