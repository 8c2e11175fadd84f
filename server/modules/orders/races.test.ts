import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { CONCURRENT_DRIVERS, DRIVERS } from '../../test/db';
import { addStore, caller, companyIdOf } from '../../test/builders';
import { ledgerCheck } from '../../test/support/giftcards';
import { addCatalogTypology, cardsOf, CONFIGURATION, orderCaller } from '../../test/support/orders';

/**
 * Concurrent calls on one order. On PGlite (one connection) they only check the outcome; on
 * PostgreSQL the requests really overlap and the order's and cards' row locks decide.
 */
describe.each(DRIVERS)('order races (%s)', (driver) => {
  const concurrent = CONCURRENT_DRIVERS.includes(driver);
  let t: TestApp;
  let call: ReturnType<typeof orderCaller>;
  let admin: string;
  let acmeId: string;
  let typologyId: string;
  const url = (path: string) => `/api/company/${acmeId}/giftcard${path}`;

  async function issuedOrder(quantity: number, headers: Record<string, string> = {}) {
    const order = (await call(admin, 'POST', url('/orders'), { subCompanyId: acmeId, shippingType: 'DIGITAL' })).json() as { id: string; number: string };
    await call(admin, 'POST', url(`/orders/${order.id}/items`), { typologyId, quantity });
    await call(admin, 'PUT', url(`/orders/${order.id}`), CONFIGURATION);
    const confirms = await Promise.all(Array.from({ length: 5 }, () => call(admin, 'POST', url(`/orders/${order.id}/confirm`), undefined, headers)));
    await t.app.ctx.jobs.drain();
    return { order, confirms };
  }

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = orderCaller(t.app);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    typologyId = await addCatalogTypology(t.db.db, 'DIGITAL', 2000);
    await addStore(t.db.db, acmeId, `RACE-${driver}`, true);
  });
  afterAll(() => t.close());

  it(`confirms once for concurrent confirms sharing an Idempotency-Key${concurrent ? ' (truly concurrent)' : ''}`, async () => {
    const { order, confirms } = await issuedOrder(2, { 'idempotency-key': `confirm-race-${driver}` });
    expect(confirms.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const [jobs] = await queryRows<{ n: number }>(t.db.db, sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'orders.issue' AND payload->>'orderId' = ${order.id}`);
    expect(jobs.n).toBe(1);
    expect(await cardsOf(t.db.db, order.number)).toHaveLength(2);
  });

  it(`lets one of ten concurrent activations of an order through${concurrent ? ' (truly concurrent)' : ''}`, async () => {
    const { order } = await issuedOrder(20);
    const responses = await Promise.all(Array.from({ length: 10 }, () => call(admin, 'POST', url(`/orders/${order.id}/activate`))));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().error.message)).toEqual(Array(9).fill('ORDER_ALREADY_ACTIVATED'));
    const cards = await cardsOf(t.db.db, order.number);
    expect(cards.every((c) => c.activate === 1 && Number(c.balance_cents) === 2000 && c.status === 'ACTIVE')).toBe(true);
  });

  it(`never applies both a cancel and a consume racing on one of the order's cards${concurrent ? ' (truly concurrent)' : ''}`, async () => {
    const gift = caller(t.app);
    const outcomes = { consumed: 0, cancelled: 0 };
    for (let round = 0; round < 8; round += 1) {
      const { order } = await issuedOrder(3);
      const [card] = await cardsOf(t.db.db, order.number);
      expect((await gift(admin, 'POST', url(`/cards/${card.id}/reload`), { amountCents: 1000 })).statusCode).toBe(200);
      const consumeCall = () => gift(admin, 'POST', url(`/cards/${card.id}/consume`), { amountCents: 300, storeCode: `RACE-${driver}` });
      let cancel;
      let consume;
      if (round % 2 === 0) {
        // the cancel request against the consume
        [cancel, consume] = await Promise.all([call(admin, 'POST', url(`/orders/${order.id}/cancel`)), consumeCall()]);
      } else {
        // the cancel job (voiding under the card locks) against the consume
        cancel = await call(admin, 'POST', url(`/orders/${order.id}/cancel`));
        [consume] = await Promise.all([consumeCall(), t.app.ctx.jobs.drain()]);
      }
      await t.app.ctx.jobs.drain();
      const state = (await call(admin, 'GET', url(`/orders/${order.id}`))).json();
      const consumed = consume.statusCode === 200;
      const cancelled = state.state === 'CANCELLED';
      expect(consumed && cancelled, `round ${round}`).toBe(false);
      expect(consumed || cancelled, `round ${round}`).toBe(true);
      if (consumed) {
        expect(state).toMatchObject({ state: 'COMPLETED' });
        expect(cancel.statusCode === 409 ? cancel.json().error.message : state.errorCode).toBe('ORDER_CARDS_USED');
        expect(await ledgerCheck(t.db.db, card.id)).toMatchObject({ balance: 700, sum: 700 });
        outcomes.consumed += 1;
      } else {
        expect(consume.json().error.message).toMatch(/^(CARD_VOIDED|INSUFFICIENT_BALANCE)$/);
        expect(await ledgerCheck(t.db.db, card.id)).toMatchObject({ balance: 0, sum: 0 });
        outcomes.cancelled += 1;
      }
    }
    expect(outcomes.consumed + outcomes.cancelled).toBe(8);
  });
});
