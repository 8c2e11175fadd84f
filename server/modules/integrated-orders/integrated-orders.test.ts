import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegratedOrder, IntegratedOrderDetail } from '../../../domain/integratedOrders';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { addCompany, caller, companyIdOf, q, userWith } from '../../test/builders';
import { CONCURRENT_DRIVERS, DRIVERS } from '../../test/db';
import { addTypology } from '../../test/support/giftcards';
import type { IntegrationCaller } from '../integration-api/caller';
import { addCatalogTypology } from '../../test/support/orders';
import { CARD_REFERENCE_PREFIX, createIntegratedOrder } from './service';
import { counts, keyCaller, shopOrder } from '../../test/support/integrated-orders';

/**
 * Integrated orders through the service (what POST /api/integration/v1/orders runs) and the back
 * office's list, detail and CSV over HTTP.
 */
describe.each(DRIVERS)('integrated orders (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let acmeId: string;
  let digital: string;
  let shop: IntegrationCaller;
  let operator: string;
  const url = (path: string, companyId = acmeId) => `/api/company/${companyId}/giftcard/integrated-orders${path}`;
  const create = (body: unknown, who = shop) => createIntegratedOrder(t.db.db, t.app.ctx, who, body);
  const cardsOf = (number: string) =>
    queryRows<{ id: string; code: string; status: string; balance_cents: string; progressive: string; sold: number; activate: number }>(
      t.db.db,
      sql`SELECT g.id, g.code, g.status, g.balance_cents, g.progressive,
            (SELECT count(*)::int FROM gift_card_transactions x WHERE x.card_id = g.id AND x.type = 'SOLD') AS sold,
            (SELECT count(*)::int FROM gift_card_transactions x WHERE x.card_id = g.id AND x.type = 'ACTIVATE' AND x.result = 'SUCCESS') AS activate
          FROM gift_cards g WHERE g.order_reference = ${CARD_REFERENCE_PREFIX + number} ORDER BY g.progressive`,
    );
  const outboxOf = (ids: string[]) =>
    queryRows<{ to_address: string; subject: string; text_body: string; language: string }>(
      t.db.db,
      sql`SELECT e.to_address, e.subject, e.text_body, e.language FROM integrated_order_items i JOIN email_outbox e ON e.id = (i.details->>'outboxId')::uuid
          WHERE i.gift_card_id IN (SELECT unnest(${`{${ids.join(',')}}`}::uuid[])) ORDER BY i.position`,
    );

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    acmeId = await companyIdOf(t.db.db, 'ACME');
    digital = await addCatalogTypology(t.db.db, 'DIGITAL', 2500);
    shop = await keyCaller(t.db.db, 'operator@acme.test', acmeId);
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
  });
  afterAll(() => t.close());

  it("mints one active card per item with its serial number and queues each code to the item's e-mail in the buyer's language", async () => {
    const { created, order } = await create(shopOrder('WS-1001', digital, 3, { buyerLanguage: 'en' }));
    expect(created).toBe(true);
    expect(order).toMatchObject({ orderNumber: 'WS-1001', companyId: acmeId, state: 'processing', itemCount: 3, totalCents: 7500, buyerEmail: 'buyer@shop.test', apiKeyName: shop.keyName });
    const cards = await cardsOf('WS-1001');
    expect(cards).toHaveLength(3);
    // sold then activated with the denomination, as an auto-activated digital order's cards
    expect(cards.map((c) => [c.status, Number(c.balance_cents), c.sold, c.activate])).toEqual(Array(3).fill(['ACTIVE', 2500, 1, 1]));
    expect(order.items.map((i) => [i.externalItemId, i.giftCardId, i.serialNumber, i.pinStatus, i.activationEmail])).toEqual([
      ['L-1', cards[0].id, String(cards[0].progressive), 'pending', 'buyer@shop.test'],
      ['L-2', cards[1].id, String(cards[1].progressive), 'pending', 'buyer@shop.test'],
      ['L-3', cards[2].id, String(cards[2].progressive), 'pending', 'friend@shop.test'],
    ]);
    const mails = await outboxOf(cards.map((c) => c.id));
    expect(mails.map((m) => [m.to_address, m.language])).toEqual([
      ['buyer@shop.test', 'en'],
      ['buyer@shop.test', 'en'],
      ['friend@shop.test', 'en'],
    ]);
    mails.forEach((mail, i) => {
      expect(mail.subject).toBe(`Your gift card from ${order.companyName}`);
      expect(mail.text_body).toContain(cards[i].code);
      expect(mail.text_body).toContain('Hello customer,');
    });
  });

  it('writes the code e-mails in Italian when the shop names no language', async () => {
    const { order } = await create(shopOrder('WS-IT', digital, 1));
    const mails = await outboxOf([order.items[0].giftCardId!]);
    expect(mails.map((m) => [m.language, m.subject])).toEqual([['it', `La tua gift card da ${order.companyName}`]]);
    expect(mails[0].text_body).toMatch(/^Ciao cliente,/);
  });

  it('reads PIN status and state from the outbox: sent → complete, some failed → delivery_partial, all failed → delivery_error', async () => {
    const { order } = await create(shopOrder('WS-PIN', digital, 2));
    await t.app.ctx.jobs.drain();
    const sent = (await call(operator, 'GET', url(`/${order.id}`))).json() as IntegratedOrderDetail;
    // no SMTP in tests: the outbox logs the e-mail, which counts as sent
    expect([sent.state, ...sent.items.map((i) => i.pinStatus)]).toEqual(['complete', 'sent', 'sent']);
    const outbox = (position: number) => sql`(SELECT (details->>'outboxId')::uuid FROM integrated_order_items WHERE order_id = ${order.id} AND position = ${position})`;
    await t.db.db.execute(sql`UPDATE email_outbox SET status = 'failed' WHERE id = ${outbox(1)}`);
    const partial = (await call(operator, 'GET', url(`/${order.id}`))).json() as IntegratedOrderDetail;
    expect([partial.state, ...partial.items.map((i) => i.pinStatus)]).toEqual(['delivery_partial', 'sent', 'failed']);
    await t.db.db.execute(sql`UPDATE email_outbox SET status = 'failed' WHERE id = ${outbox(0)}`);
    const failed = (await call(operator, 'GET', url(`/${order.id}`))).json() as IntegratedOrderDetail;
    expect([failed.state, ...failed.items.map((i) => i.pinStatus)]).toEqual(['delivery_error', 'failed', 'failed']);
    const list = (await call(operator, 'GET', url(`?filter=${q({ state: 'delivery_error' })}`))).json() as IntegratedOrder[];
    expect(list.map((o) => o.orderNumber)).toEqual(['WS-PIN']);
  });

  it('answers the same order and changes nothing when the same order is posted again; another body under the number is refused', async () => {
    const body = shopOrder('WS-AGAIN', digital, 3);
    const first = await create(body);
    const before = await counts(t.db.db, CARD_REFERENCE_PREFIX + 'WS-AGAIN');
    expect(before.cards).toBe(3);
    // the same content, its keys in another order
    const again = await create({ items: body.items, buyerEmail: body.buyerEmail, orderedAt: body.orderedAt, orderNumber: body.orderNumber });
    expect(again.created).toBe(false);
    expect(again.order).toEqual(first.order);
    expect(await counts(t.db.db, CARD_REFERENCE_PREFIX + 'WS-AGAIN')).toEqual(before);
    await expect(create({ ...body, buyerEmail: 'other@shop.test' })).rejects.toMatchObject({ statusCode: 409, code: 'INTEGRATED_ORDER_CONFLICT' });
    expect(await counts(t.db.db, CARD_REFERENCE_PREFIX + 'WS-AGAIN')).toEqual(before);
  });

  it("refuses a physical typology or another company's typology with 422 on the item, and makes nothing", async () => {
    const physical = await addCatalogTypology(t.db.db, 'PHYSICAL', 2500);
    const otherId = await addCompany(t.db.db, `OTHER-${driver}`, await companyIdOf(t.db.db, 'TESSERA'));
    const theirs = await addTypology(t.db.db, { companyId: otherId, valueCents: 2500 });
    await t.db.db.execute(sql`UPDATE card_typologies SET type = 'DIGITAL' WHERE id = ${theirs}`);
    const before = await counts(t.db.db, 'none');
    const body = shopOrder('WS-BAD', digital, 3);
    body.items[1].typologyId = physical;
    await expect(create(body)).rejects.toMatchObject({ statusCode: 422, code: 'INTEGRATED_ORDER_TYPOLOGY_INVALID', fieldErrors: { 'items.1.typologyId': 'validation.invalid' } });
    body.items[1].typologyId = digital;
    body.items[2].typologyId = theirs;
    await expect(create(body)).rejects.toMatchObject({ statusCode: 422, code: 'INTEGRATED_ORDER_TYPOLOGY_INVALID', fieldErrors: { 'items.2.typologyId': 'validation.invalid' } });
    // a fixed-value typology's denomination is the catalog's
    await expect(create(shopOrder('WS-BAD', digital, 1, { items: [{ externalItemId: 'X', typologyId: digital, denominationCents: 999 }] }))).rejects.toMatchObject({
      statusCode: 400,
      fieldErrors: { 'items.0.denominationCents': 'validation.invalid' },
    });
    expect(await counts(t.db.db, 'none')).toEqual(before);
  });

  // on PGlite (one connection) the posts queue and only the outcome is checked; on PostgreSQL they overlap and the unique index decides
  it(`makes one order of five concurrent posts of one number${CONCURRENT_DRIVERS.includes(driver) ? ' (truly concurrent)' : ''}`, async () => {
    const body = shopOrder('WS-RACE', digital, 3);
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(body)));
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.order.id)).size).toBe(1);
    expect(answers.every((a) => a.order.items.length === 3)).toBe(true);
    expect(await cardsOf('WS-RACE')).toHaveLength(3);
    const [orders] = await queryRows<{ n: number }>(t.db.db, sql`SELECT count(*)::int AS n FROM integrated_orders WHERE order_number = 'WS-RACE'`);
    expect(orders.n).toBe(1);
  });

  describe('back office', () => {
    let otherOrderId: string;
    let nordOrderId: string;

    beforeAll(async () => {
      const nordId = await companyIdOf(t.db.db, 'ACME-NORD');
      const otherId = await addCompany(t.db.db, `ELSE-${driver}`, await companyIdOf(t.db.db, 'TESSERA'));
      nordOrderId = (await create(shopOrder('NORD-1', digital, 1, { orderedAt: '2026-04-01T08:00:00Z' }), await keyCaller(t.db.db, 'operator@acme.test', nordId))).order.id;
      otherOrderId = (await create(shopOrder('ELSE-1', digital, 1), await keyCaller(t.db.db, 'admin@tessera.test', otherId))).order.id;
      await create(shopOrder('WS-LIST-1', digital, 2, { orderedAt: '2026-05-02T08:00:00Z' }));
      await create(shopOrder('WS-LIST-2', digital, 1, { orderedAt: '2026-05-03T08:00:00Z' }));
    });

    it('lists the subtree newest first, with filters, and never another company tree', async () => {
      const all = await call(operator, 'GET', url(''));
      expect(all.statusCode).toBe(200);
      const numbers = (all.json() as IntegratedOrder[]).map((o) => o.orderNumber);
      expect(numbers.slice(0, 3)).toEqual(['WS-LIST-2', 'WS-LIST-1', 'NORD-1']);
      expect(numbers).not.toContain('ELSE-1');
      const byNumber = (await call(operator, 'GET', url(`?filter=${q({ number: 'WS-LIST' })}`))).json() as IntegratedOrder[];
      expect(byNumber.map((o) => [o.orderNumber, o.itemCount, o.productNames.length])).toEqual([
        ['WS-LIST-2', 1, 1],
        ['WS-LIST-1', 2, 1],
      ]);
      const byDay = (await call(operator, 'GET', url(`?filter=${q({ dateFrom: '2026-05-02', dateTo: '2026-05-02' })}`))).json() as IntegratedOrder[];
      expect(byDay.map((o) => o.orderNumber)).toEqual(['WS-LIST-1']);
      const other = await addCatalogTypology(t.db.db, 'DIGITAL', 1000);
      expect((await call(operator, 'GET', url(`?filter=${q({ typologyId: other })}`))).json()).toEqual([]);
      const page = await call(operator, 'GET', url(`?range=${q([0, 0])}`));
      expect(page.headers['content-range']).toBe('integrated-orders 0-0/*');
      const next = await call(operator, 'GET', url(`?range=${q([0, 0])}&cursor=${String(page.headers['next-cursor'])}`));
      expect((next.json() as IntegratedOrder[]).map((o) => o.orderNumber)).toEqual(['WS-LIST-1']);
      // another company tree: 404, like an unknown company
      expect((await call(operator, 'GET', url('', (await companyIdOf(t.db.db, 'TESSERA'))))).statusCode).toBe(404);
      expect((await call(operator, 'GET', url(`?filter=${q({ state: 'nope' })}`))).statusCode).toBe(400);
    });

    it('refuses a user without the orders permission (403) and shows one order with its items, another tree 404', async () => {
      const noOrders = await userWith(t.app, t.db.db, `no-orders-${driver}@acme.test`, acmeId, ['privative.management.read']);
      expect((await call(noOrders, 'GET', url(''))).statusCode).toBe(403);
      expect((await call(noOrders, 'GET', url('/export'))).statusCode).toBe(403);
      const detail = await call(operator, 'GET', url(`/${nordOrderId}`));
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({ orderNumber: 'NORD-1', items: [{ externalItemId: 'L-1', denominationCents: 2500, priceCents: 2500, pinStatus: expect.any(String) }] });
      const hidden = await call(operator, 'GET', url(`/${otherOrderId}`));
      expect([hidden.statusCode, hidden.json().error.message]).toEqual([404, 'NOT_FOUND']);
      const admin = (await login(t.app, 'admin@tessera.test')).accessToken;
      expect((await call(admin, 'GET', url(`/${otherOrderId}`, await companyIdOf(t.db.db, 'TESSERA')))).statusCode).toBe(200);
    });

    it("exports one line per item in the user's language and zone", async () => {
      const lines = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n');
      const it = await call(operator, 'GET', url(`/export?filter=${q({ number: 'WS-LIST-1' })}&lang=it&tz=Europe/Rome`));
      expect(it.statusCode).toBe(200);
      expect(it.headers['content-type']).toMatch(/^text\/csv/);
      const [itHeader, ...itRows] = lines(it.body);
      expect(itHeader).toBe('Numero ordine;Data;Ora;Nome prodotto;ID articolo esterno;Taglio;Numero di serie;Prezzo;Stato PIN;E-mail di attivazione;Stato ordine');
      expect(itRows.filter(Boolean)).toHaveLength(2);
      expect(itRows[0]).toMatch(/^WS-LIST-1;02\/05\/2026;10:00:00;DIGITAL [^;]+;L-1;25,00;\d+;25,00;(Da inviare|Inviato);buyer@shop\.test;(In lavorazione|Completato)$/);
      expect(itRows[1]).toMatch(/^WS-LIST-1;02\/05\/2026;10:00:00;[^;]+;L-2;/);
      const en = await call(operator, 'GET', url(`/export?filter=${q({ number: 'WS-LIST-1' })}&lang=en&tz=UTC`));
      const [enHeader, enFirst] = lines(en.body);
      expect(enHeader).toBe('Order number,Date,Time,Product name,External item ID,Denomination,Serial number,Price,PIN status,Activation e-mail,Order state');
      expect(enFirst).toMatch(/^WS-LIST-1,02\/05\/2026,08:00:00,DIGITAL [^,]+,L-1,25\.00,\d+,25\.00,(To be sent|Sent),buyer@shop\.test,(Processing|Complete)$/);
    });
  });
});
