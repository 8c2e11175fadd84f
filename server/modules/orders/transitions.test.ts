import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canOrder, ORDER_ACTIONS, ORDER_STATES, orderRefusalStatus, type OrderAction, type OrderState } from '../../../domain/orders';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { companyIdOf } from '../../test/builders';
import { addCatalogTypology, addStock, CONFIGURATION, orderCaller } from '../../test/support/orders';

/**
 * The server enforces domain/orders.ts's table: every action route on an order in every state
 * answers what `canOrder` says (provider staff on a third-party shipment, so no action is ruled
 * out by who asks or by the shipping type), and an allowed action leaves the order in the state
 * the table names.
 */
describe.each(DRIVERS)('order transition table through the API (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof orderCaller>;
  let admin: string;
  let tesseraId: string;
  let acmeId: string;
  let physical: string;
  const url = (path: string) => `/api/company/${tesseraId}/giftcard${path}`;

  /** An order of the provider for ACME in `state`, with one item and its configuration, made in the database. */
  async function orderIn(state: OrderState): Promise<{ id: string; itemId: string }> {
    const [order] = await queryRows<{ id: string }>(
      t.db.db,
      sql`INSERT INTO orders (number, company_id, placed_by_company_id, shipping_type, state, referent_name, referent_email, company_order_number, physical_cards, total_cents)
          VALUES ('ORD-T' || nextval('order_number_seq'), ${acmeId}, ${tesseraId}, 'PHISICAL_SHIPMENT', ${state}, 'Mario Rossi', 'mario@acme.test', 'PO-T', 1, 5000)
          RETURNING id`,
    );
    const [item] = await queryRows<{ id: string }>(
      t.db.db,
      sql`INSERT INTO order_items (order_id, typology_id, quantity, value_cents, ranges) VALUES (${order.id}, ${physical}, 1, 5000, '[{"from":1,"to":1}]'::jsonb) RETURNING id`,
    );
    return { id: order.id, itemId: item.id };
  }

  const request = (action: OrderAction, id: string, itemId: string) => {
    const item = { typologyId: physical, ranges: [{ from: 1, to: 1 }] };
    switch (action) {
      case 'editConfiguration':
        return call(admin, 'PUT', url(`/orders/${id}`), CONFIGURATION);
      case 'addItem':
        return call(admin, 'POST', url(`/orders/${id}/items`), item);
      case 'editItem':
        return call(admin, 'PUT', url(`/orders/${id}/items/${itemId}`), item);
      case 'removeItem':
        return call(admin, 'DELETE', url(`/orders/${id}/items/${itemId}`));
      case 'delete':
        return call(admin, 'DELETE', url(`/orders/${id}`));
      case 'editExpiry':
        return call(admin, 'POST', url(`/orders/${id}/expiry`), { expireDate: '2099-01-01' });
      case 'tracking':
        return call(admin, 'POST', url(`/orders/${id}/tracking`), { carrier: 'BRT', number: '1' });
      case 'resendConfirmation':
        return call(admin, 'POST', url(`/orders/${id}/resend-confirmation`));
      case 'downloadCodes':
        return call(admin, 'GET', url(`/orders/${id}/codes?format=csv`));
      default:
        return call(admin, 'POST', url(`/orders/${id}/${action}`));
    }
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = orderCaller(t.app);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    tesseraId = await companyIdOf(t.db.db, 'TESSERA');
    acmeId = await companyIdOf(t.db.db, 'ACME');
    physical = await addCatalogTypology(t.db.db, 'PHYSICAL', 5000);
    await addStock(t.db.db, tesseraId, physical, 1, 1);
  });
  afterAll(() => t.close());

  it('answers every state × action as the table says', async () => {
    const wrong: string[] = [];
    for (const state of ORDER_STATES) {
      for (const action of ORDER_ACTIONS) {
        const { id, itemId } = await orderIn(state);
        const expected = canOrder(action, { state, shippingType: 'PHISICAL_SHIPMENT', activated: false }, { isProvider: true });
        const res = await request(action, id, itemId);
        const [after] = await queryRows<{ state: OrderState }>(t.db.db, sql`SELECT state FROM orders WHERE id = ${id}`);
        if (expected.allowed) {
          const landed = action === 'delete' ? after === undefined : after?.state === expected.to;
          if (res.statusCode >= 300 || !landed) wrong.push(`${state}:${action} → ${res.statusCode} ${after?.state ?? 'deleted'} (expected ${expected.to})`);
        } else {
          const code = res.statusCode < 300 ? null : res.json().error.message;
          if (res.statusCode !== orderRefusalStatus(expected.reason) || code !== expected.reason || after.state !== state) {
            wrong.push(`${state}:${action} → ${res.statusCode} ${code} (expected ${expected.reason})`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
