import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegratedOrderDetail } from '../../../domain/integratedOrders';
import { createTestApp, type TestApp } from '../../test/app';
import { addCompany, companyIdOf } from '../../test/builders';
import { DRIVERS } from '../../test/db';
import type { IntegrationCaller } from '../integration-api/caller';
import { addCatalogTypology } from '../../test/support/orders';
import { requireDeclaredScope } from '../integration-api/plugin';
import { integratedOrderIntegrationRoutes } from './integration-routes';
import { keyCaller, shopOrder } from '../../test/support/integrated-orders';

/**
 * The integration routes over HTTP. Authenticating API keys is the integration plugin's work (it
 * mounts these routes under /api/integration/v1); here they are mounted under /itest/v1 with a
 * stand-in (an onRequest hook) that puts the caller of the `x-test-key` header on `request.apiKey`, as the plugin does
 * for a valid key: its creator's principal on the key's company.
 */
describe.each(DRIVERS)('integrated order integration routes (%s)', (driver) => {
  let t: TestApp;
  let acmeId: string;
  let digital: string;
  const keys = new Map<string, IntegrationCaller>();
  const post = (key: string, body: unknown) => t.app.inject({ method: 'POST', url: '/itest/v1/orders', headers: { 'x-test-key': key }, payload: body as object });
  const get = (key: string, number: string) => t.app.inject({ method: 'GET', url: `/itest/v1/orders/${encodeURIComponent(number)}`, headers: { 'x-test-key': key } });

  beforeAll(async () => {
    t = await createTestApp(driver);
    const app: FastifyInstance = t.app;
    await app.register(
      async (scope) => {
        if (!scope.hasRequestDecorator('apiKey')) scope.decorateRequest('apiKey', null);
        scope.addHook('onRequest', async (request) => {
          request.apiKey = keys.get(String(request.headers['x-test-key'])) ?? null;
        });
        scope.addHook('onRequest', requireDeclaredScope);
        await integratedOrderIntegrationRoutes(scope, app.ctx);
      },
      { prefix: '/itest/v1' },
    );
    acmeId = await companyIdOf(t.db.db, 'ACME');
    digital = await addCatalogTypology(t.db.db, 'DIGITAL', 2500);
    keys.set('shop', await keyCaller(t.db.db, 'operator@acme.test', acmeId));
    keys.set('till', await keyCaller(t.db.db, 'operator@acme.test', acmeId, ['giftcards.balance']));
    const otherId = await addCompany(t.db.db, `SHOP2-${driver}`, await companyIdOf(t.db.db, 'TESSERA'));
    keys.set('other', await keyCaller(t.db.db, 'admin@tessera.test', otherId));
  });
  afterAll(() => t.close());

  it('creates with 201, answers the same post 200 with the same order, another body 409, and reads it back by number', async () => {
    const body = shopOrder('HTTP-1', digital, 3);
    const first = await post('shop', body);
    expect(first.statusCode).toBe(201);
    const order = first.json() as IntegratedOrderDetail;
    expect(order.items.map((i) => [i.externalItemId, i.pinStatus, i.serialNumber !== null])).toEqual([
      ['L-1', 'pending', true],
      ['L-2', 'pending', true],
      ['L-3', 'pending', true],
    ]);
    const again = await post('shop', body);
    expect([again.statusCode, (again.json() as IntegratedOrderDetail).id]).toEqual([200, order.id]);
    const conflict = await post('shop', { ...body, orderedAt: '2026-03-15T09:30:00Z' });
    expect([conflict.statusCode, conflict.json().error.message]).toEqual([409, 'INTEGRATED_ORDER_CONFLICT']);
    const read = await get('shop', 'HTTP-1');
    expect([read.statusCode, (read.json() as IntegratedOrderDetail).id]).toEqual([200, order.id]);
  });

  it("answers another company's order number as an unknown one (404, same body)", async () => {
    await post('shop', shopOrder('HTTP-MINE', digital, 1));
    const theirs = await get('other', 'HTTP-MINE');
    const unknown = await get('other', 'HTTP-NOWHERE');
    expect([theirs.statusCode, unknown.statusCode]).toEqual([404, 404]);
    const strip = (body: Record<string, unknown>) => ({ ...body, instance: undefined });
    expect(strip(theirs.json())).toEqual(strip(unknown.json()));
  });

  it('refuses a key without the orders.create scope (403) and no key (401), a bad body (400) and a non-digital typology (422)', async () => {
    const noScope = await post('till', shopOrder('HTTP-2', digital, 1));
    expect([noScope.statusCode, noScope.json().error.message]).toEqual([403, 'API_KEY_SCOPE_MISSING']);
    expect((await get('till', 'HTTP-1')).statusCode).toBe(403);
    // the scope is checked before the body: an unscoped key learns nothing about what it sent
    expect((await post('till', { nonsense: true })).statusCode).toBe(403);
    expect((await post('none', shopOrder('HTTP-2', digital, 1))).statusCode).toBe(401);
    const bad = await post('shop', { ...shopOrder('HTTP-2', digital, 1), buyerEmail: 'not-an-email' });
    expect([bad.statusCode, bad.json().error.message, Object.keys(bad.json().errors)]).toEqual([400, 'VALIDATION_ERROR', ['buyerEmail']]);
    const physical = await addCatalogTypology(t.db.db, 'PHYSICAL', 2500);
    const refused = await post('shop', shopOrder('HTTP-2', physical, 1));
    expect([refused.statusCode, refused.json().error.message, refused.json().errors]).toEqual([422, 'INTEGRATED_ORDER_TYPOLOGY_INVALID', { 'items.0.typologyId': 'validation.invalid' }]);
  });
});
