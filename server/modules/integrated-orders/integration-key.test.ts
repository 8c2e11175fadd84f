import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegratedOrderDetail } from '../../../domain/integratedOrders';
import { queryRows } from '../../db/client';
import { DRIVERS } from '../../test/db';
import { INTEGRATION_PREFIX } from '../integration-api/plugin';
import { integrationWorld, type IntegrationWorld } from '../../test/support/integration';
import { addCatalogTypology } from '../../test/support/orders';
import { shopOrder } from '../../test/support/integrated-orders';

/**
 * A web shop's order through the whole integration API: a real key made in the back office, the
 * integration plugin's authentication and scope check, and the routes mounted under /api/integration/v1.
 */
describe.each(DRIVERS)('integrated orders with an API key (%s)', (driver) => {
  let w: IntegrationWorld;
  let shopKey: string;
  let tillKey: string;
  let digital: string;
  const get = (key: string, number: string) => w.t.app.inject({ method: 'GET', url: `${INTEGRATION_PREFIX}/orders/${encodeURIComponent(number)}`, headers: { authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    w = await integrationWorld(driver);
    digital = await addCatalogTypology(w.t.db.db, 'DIGITAL', 2500);
    // provider staff make the shop's key on Acme (they hold privative.orders); the manager a till's
    shopKey = (await w.key({ name: 'Web shop', scopes: ['orders.create'] }, w.admin)).key;
    tillKey = (await w.key({ name: 'Till', scopes: ['giftcards.balance'] })).key;
  });
  afterAll(() => w.t.close());

  it('creates the order once: 201, then the same post answers 200 with the same order and nothing new', async () => {
    const first = await w.api(shopKey, '/orders', shopOrder('KEY-1', digital, 3));
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json<IntegratedOrderDetail>();
    expect(order).toMatchObject({ orderNumber: 'KEY-1', companyId: w.acmeId, itemCount: 3, apiKeyName: 'Web shop' });
    expect(order.items.every((item) => item.serialNumber && item.giftCardId && item.pinStatus === 'pending')).toBe(true);
    const cards = async () => (await queryRows<{ n: number }>(w.t.db.db, sql`SELECT count(*)::int AS n FROM gift_cards`))[0].n;
    const before = await cards();
    const again = await w.api(shopKey, '/orders', shopOrder('KEY-1', digital, 3));
    expect(again.statusCode).toBe(200);
    expect(again.json<IntegratedOrderDetail>().id).toBe(order.id);
    expect(await cards()).toBe(before);
    // read back by the shop's number, and seen by the back office
    const read = await get(shopKey, 'KEY-1');
    expect(read.statusCode).toBe(200);
    expect(read.json<IntegratedOrderDetail>().items.map((item) => item.serialNumber)).toEqual(order.items.map((item) => item.serialNumber));
    const listed = await w.call(w.admin, 'GET', `/api/company/${w.acmeId}/giftcard/integrated-orders?filter=${encodeURIComponent(JSON.stringify({ number: 'KEY-1' }))}`);
    expect(listed.json<Array<{ id: string }>>().map((row) => row.id)).toEqual([order.id]);
  });

  it('refuses a key without orders.create (403 before the body is read), no key (401) and an unknown number (404)', async () => {
    const scopeless = await w.api(tillKey, '/orders', { nonsense: true });
    expect(scopeless.statusCode).toBe(403);
    expect(scopeless.json().error.message).toBe('API_KEY_SCOPE_MISSING');
    const anonymous = await w.api(null, '/orders', shopOrder('KEY-2', digital, 1));
    expect(anonymous.statusCode).toBe(401);
    expect((await queryRows(w.t.db.db, sql`SELECT id FROM integrated_orders WHERE order_number = 'KEY-2'`)).length).toBe(0);
    expect((await get(shopKey, 'NO-SUCH')).statusCode).toBe(404);
  });
});
