import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATES, orderRecordActions, type OrderState, type OrderView, type ShippingType } from '../../../domain/orders';
import { permissionsFrom, type PermissionKey } from '../../../domain/permissions';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { DRIVERS } from '../../test/db';
import { companyIdOf, userWith } from '../../test/builders';
import { addCatalogTypology, orderCaller } from '../../test/support/orders';

/**
 * An order's detail carries the actions its caller may take now (DESIGN.md §5: records carry
 * them, screens offer exactly those). Through HTTP, for provider staff and a customer's user, in
 * the placed and the acquired view, over every state and both kinds of shipment: the record's
 * `actions` are domain `orderRecordActions` for that caller; and the cases the order page
 * depends on, written out.
 */
describe.each(DRIVERS)("an order's actions for its caller (%s)", (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof orderCaller>;
  let tesseraId: string;
  let acmeId: string;
  let nordId: string;
  let typology: string;
  const BOTH: PermissionKey[] = ['privative.orders', 'privative.acquiredOrders'];
  /** Who asks: provider staff and a customer's user of ACME (placed view) or of ACME-NORD (acquired view), all with both flags. */
  const who = {} as Record<'staff' | 'placer' | 'receiver' | 'acquiredOnly', string>;
  const detailUrl = (view: OrderView, companyId: string, id: string) => `/api/company/${companyId}/giftcard/${view === 'placed' ? 'orders' : 'acquired-orders'}/${id}`;
  const actionsOf = async (token: string, view: OrderView, companyId: string, id: string) => {
    const res = await call(token, 'GET', detailUrl(view, companyId, id));
    expect(res.statusCode, `${view} ${id}`).toBe(200);
    return (res.json() as { actions: string[] }).actions;
  };

  /** An order ACME placed for ACME-NORD in `state`, made in the database: configured, with `items` items. */
  async function orderIn(state: OrderState, shippingType: ShippingType, { items = 1, configured = true, activated = false } = {}) {
    const [order] = await queryRows<{ id: string }>(
      t.db.db,
      sql`INSERT INTO orders (number, company_id, placed_by_company_id, shipping_type, state, activated, referent_name, referent_email, company_order_number, digital_cards, total_cents)
          VALUES ('ORD-A' || nextval('order_number_seq'), ${nordId}, ${acmeId}, ${shippingType}, ${state}, ${activated},
                  ${configured ? 'Mario Rossi' : null}, ${configured ? 'mario@acme.test' : null}, ${configured ? 'PO-A' : null}, ${items}, ${items * 2500})
          RETURNING id`,
    );
    for (let i = 0; i < items; i += 1) await t.db.db.execute(sql`INSERT INTO order_items (order_id, typology_id, quantity, value_cents) VALUES (${order.id}, ${typology}, 1, 2500)`);
    return order.id;
  }

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = orderCaller(t.app);
    tesseraId = await companyIdOf(t.db.db, 'TESSERA');
    acmeId = await companyIdOf(t.db.db, 'ACME');
    nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    typology = await addCatalogTypology(t.db.db, 'DIGITAL', 2500);
    who.staff = await userWith(t.app, t.db.db, `actions-staff-${driver}@tessera.test`, tesseraId, BOTH);
    who.placer = await userWith(t.app, t.db.db, `actions-placer-${driver}@acme.test`, acmeId, BOTH);
    who.receiver = await userWith(t.app, t.db.db, `actions-receiver-${driver}@nord.test`, nordId, BOTH);
    who.acquiredOnly = await userWith(t.app, t.db.db, `actions-acquired-${driver}@acme.test`, acmeId, ['privative.acquiredOrders']);
  });
  afterAll(() => t.close());

  it('answers, in every state and view, what the transition table, the view and the access table leave the caller', async () => {
    const callers = [
      { name: 'staff', token: () => who.staff, isProvider: true, scope: { placed: () => acmeId, acquired: () => nordId } },
      { name: 'customer', token: () => who.placer, isProvider: false, scope: { placed: () => acmeId, acquired: () => nordId } },
    ];
    const permissions = permissionsFrom(BOTH);
    const wrong: string[] = [];
    for (const state of ORDER_STATES) {
      for (const shippingType of ['DIGITAL', 'PHISICAL_SHIPMENT'] as const) {
        const id = await orderIn(state, shippingType);
        const facts = { state, shippingType, activated: false, referentName: 'Mario Rossi', referentEmail: 'mario@acme.test', companyOrderNumber: 'PO-A' };
        for (const caller of callers) {
          for (const view of ['placed', 'acquired'] as const) {
            // the acquired view is NORD's: a customer reads it as NORD's user
            const token = view === 'acquired' && caller.name === 'customer' ? who.receiver : caller.token();
            const expected = orderRecordActions(facts, 1, { permissions, isProvider: caller.isProvider }, view);
            const actual = await actionsOf(token, view, caller.scope[view](), id);
            if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`${state} ${shippingType} ${caller.name} ${view}: ${actual.join(',')} (expected ${expected.join(',')})`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps retry to provider staff on an order in verification', async () => {
    const id = await orderIn('ERROR', 'DIGITAL');
    expect(await actionsOf(who.staff, 'placed', acmeId, id)).toEqual(['resendConfirmation', 'retry', 'cancel']);
    expect(await actionsOf(who.placer, 'placed', acmeId, id)).toEqual(['resendConfirmation', 'cancel']);
    // the answer of an action carries the actions after it, for its caller
    const retried = await call(who.staff, 'POST', `/api/company/${acmeId}/giftcard/orders/${id}/retry`);
    expect(retried.json()).toMatchObject({ state: 'PENDING', actions: ['resendConfirmation', 'cancel'] });
  });

  it('keeps tracking of a third-party shipment to provider staff', async () => {
    const id = await orderIn('SHIPMENT_IN_PROGRESS', 'PHISICAL_SHIPMENT');
    expect(await actionsOf(who.staff, 'placed', acmeId, id)).toEqual(['activate', 'downloadCodes', 'resendConfirmation', 'editExpiry', 'tracking', 'cancel']);
    expect(await actionsOf(who.placer, 'placed', acmeId, id)).toEqual(['activate', 'downloadCodes', 'resendConfirmation', 'editExpiry', 'cancel']);
  });

  it('offers in the acquired view only the codes and "received"', async () => {
    const shipped = await orderIn('SHIPPED', 'PHISICAL_SHIPMENT');
    expect(await actionsOf(who.receiver, 'acquired', nordId, shipped)).toEqual(['downloadCodes', 'delivered']);
    expect(await actionsOf(who.staff, 'acquired', nordId, shipped)).toEqual(['downloadCodes', 'delivered']);
    expect(await actionsOf(who.placer, 'placed', acmeId, shipped)).toEqual(['activate', 'downloadCodes', 'resendConfirmation', 'editExpiry', 'delivered', 'cancel']);
    expect(await actionsOf(who.receiver, 'acquired', nordId, await orderIn('ERROR', 'DIGITAL'))).toEqual([]);
    expect(await actionsOf(who.receiver, 'acquired', nordId, await orderIn('COMPLETED', 'DIGITAL', { activated: true }))).toEqual(['downloadCodes']);
  });

  it('offers confirm only for a draft the server would confirm, and continue for every draft', async () => {
    expect(await actionsOf(who.placer, 'placed', acmeId, await orderIn('NEW', 'DIGITAL'))).toEqual(['continue', 'confirm', 'delete']);
    expect(await actionsOf(who.placer, 'placed', acmeId, await orderIn('NEW', 'DIGITAL', { items: 0 }))).toEqual(['continue', 'delete']);
    expect(await actionsOf(who.placer, 'placed', acmeId, await orderIn('NEW', 'DIGITAL', { configured: false }))).toEqual(['continue', 'delete']);
  });

  it('refuses the placed order to a caller without privative.orders (403), actions or not', async () => {
    const id = await orderIn('COMPLETED', 'DIGITAL');
    const refused = await call(who.acquiredOnly, 'GET', detailUrl('placed', acmeId, id));
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, 'FORBIDDEN']);
  });
});
