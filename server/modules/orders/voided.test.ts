import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_ACTIONS } from '../../../domain/giftcards';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { addStore, caller, companyIdOf, q } from '../../test/builders';
import { addCatalogTypology, cardsOf, CONFIGURATION, orderCaller } from '../../test/support/orders';
import { bulkRequest } from '../../../domain/giftcards.test-helper';

/**
 * Issue 14's left-over: the cards a cancelled order voided (CANCEL rows, DISABLED) can never come
 * back. They carry a void marker, and every bulk action and every single-card action refuses them
 * with CARD_VOIDED, changing nothing.
 */
describe.each(DRIVERS)("a cancelled order's voided cards (%s)", (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof orderCaller>;
  let gift: ReturnType<typeof caller>;
  let admin: string;
  let operator: string;
  let acmeId: string;
  let nordId: string;
  let typologyId: string;
  const url = (companyId: string, path: string) => `/api/company/${companyId}/giftcard${path}`;
  const store = `VOID-${driver}`;

  /** The cards' state and their ledger, to show nothing moved. */
  async function snapshot(ids: string[]) {
    return queryRows(
      t.db.db,
      sql`SELECT g.id, g.status, g.enabled_status, g.balance_cents::int AS balance, g.frozen_cents::int AS frozen, g.expire_date, g.activation_date, g.voided_at,
            (SELECT count(*)::int FROM gift_card_transactions x WHERE x.card_id = g.id AND x.result = 'SUCCESS') AS moves
          FROM gift_cards g WHERE g.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY g.id`,
    );
  }

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = orderCaller(t.app);
    gift = caller(t.app);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    typologyId = await addCatalogTypology(t.db.db, 'DIGITAL', 2500);
    await addStore(t.db.db, nordId, store, true);
  });
  afterAll(() => t.close());

  /** An issued digital order of 3 cards for ACME-NORD, one card reloaded, then cancelled: its cards voided. */
  async function cancelledOrder() {
    const order = (await call(operator, 'POST', url(acmeId, '/orders'), { subCompanyId: nordId, shippingType: 'DIGITAL' })).json() as { id: string; number: string };
    expect((await call(operator, 'POST', url(acmeId, `/orders/${order.id}/items`), { typologyId, quantity: 3 })).statusCode).toBe(201);
    expect((await call(operator, 'PUT', url(acmeId, `/orders/${order.id}`), CONFIGURATION)).statusCode).toBe(200);
    expect((await call(operator, 'POST', url(acmeId, `/orders/${order.id}/confirm`))).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const cards = await cardsOf(t.db.db, order.number);
    // a reload is not a use: the order may still be cancelled, and its RECHARGE row is a row a user could act on
    expect((await gift(admin, 'POST', url(nordId, `/cards/${cards[0].id}/reload`), { amountCents: 1000 })).statusCode).toBe(200);
    expect((await call(operator, 'POST', url(acmeId, `/orders/${order.id}/cancel`))).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect((await call(operator, 'GET', url(acmeId, `/orders/${order.id}`))).json()).toMatchObject({ state: 'CANCELLED' });
    return cardsOf(t.db.db, order.number);
  }

  it('marks the voided cards: DISABLED, nothing on them, `voided` in the card record', async () => {
    const cards = await cancelledOrder();
    expect(cards.map((c) => [c.status, Number(c.balance_cents), c.cancel])).toEqual([
      ['DISABLED', 0, 1],
      ['DISABLED', 0, 1],
      ['DISABLED', 0, 1],
    ]);
    const record = (await gift(admin, 'GET', url(nordId, `/cards/${cards[0].id}`))).json();
    expect(record).toMatchObject({ status: 'DISABLED', voided: true, balanceCents: 0 });
  });

  it.each(BULK_ACTIONS.flatMap((action) => [[action, 'without a key'] as const, [action, 'with an Idempotency-Key'] as const]))('refuses bulk %s (%s) on every voided card with CARD_VOIDED, changing nothing', async (action, keyed) => {
    const cards = await cancelledOrder();
    const ids = cards.map((c) => c.id);
    const before = await snapshot(ids);
    const headers: Record<string, string> = keyed === 'with an Idempotency-Key' ? { 'idempotency-key': randomUUID() } : {};
    const res = await gift(admin, 'POST', url(nordId, '/cards/bulk'), bulkRequest(action, ids), headers);
    expect(res.statusCode).toBe(200);
    const summary = res.json() as { total: number; succeeded: number; failed: Array<{ id: string; code: string; error: string }> };
    expect([summary.total, summary.succeeded]).toEqual([3, 0]);
    expect(summary.failed.map((f) => [f.id, f.code, f.error]).sort()).toEqual(cards.map((c) => [c.id, c.code, 'CARD_VOIDED']).sort());
    expect(await snapshot(ids)).toEqual(before);
  });

  it('refuses a bulk action on the filtered set (the order reference) alike', async () => {
    const cards = await cancelledOrder();
    const [{ order_reference: reference }] = await queryRows<{ order_reference: string }>(t.db.db, sql`SELECT order_reference FROM gift_cards WHERE id = ${cards[0].id}`);
    const res = await gift(admin, 'POST', url(nordId, '/cards/bulk'), { action: 'enable', filter: { orderReference: reference } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, succeeded: 0 });
    expect((res.json() as { failed: Array<{ error: string }> }).failed.map((f) => f.error)).toEqual(['CARD_VOIDED', 'CARD_VOIDED', 'CARD_VOIDED']);
  });

  it('refuses every single-card action (reload, consume, freeze; unfreeze, return, cancel of its rows) with CARD_VOIDED, changing nothing', async () => {
    const cards = await cancelledOrder();
    const card = cards[0];
    const before = await snapshot([card.id]);
    const refusal = async (path: string, body: unknown) => {
      const res = await gift(admin, 'POST', url(nordId, path), body, { 'idempotency-key': randomUUID() });
      return [res.statusCode, res.json().error?.message];
    };
    expect(await refusal(`/cards/${card.id}/reload`, { amountCents: 500 })).toEqual([409, 'CARD_VOIDED']);
    expect(await refusal(`/cards/${card.id}/consume`, { amountCents: 100, storeCode: store })).toEqual([409, 'CARD_VOIDED']);
    expect(await refusal(`/cards/${card.id}/freeze`, { amountCents: 100, storeCode: store })).toEqual([409, 'CARD_VOIDED']);
    const rows = (await gift(admin, 'GET', url(nordId, `/transactions?filter=${q({ cardId: card.id })}&range=${q([0, 49])}`))).json() as Array<{ id: string; type: string; result: string; actions: Record<string, boolean> }>;
    const recharge = rows.find((r) => r.type === 'RECHARGE' && r.result === 'SUCCESS')!;
    // the rows of a voided card offer nothing
    expect(rows.every((r) => !r.actions.unfreeze && !r.actions.return && !r.actions.cancel)).toBe(true);
    expect(await refusal(`/transactions/${recharge.id}/cancel`, {})).toEqual([409, 'CARD_VOIDED']);
    expect(await refusal(`/transactions/${recharge.id}/unfreeze`, {})).toEqual([409, 'CARD_VOIDED']);
    expect(await refusal(`/transactions/${recharge.id}/return`, { amountCents: 100, returnNumber: 'R-1', storeCode: store })).toEqual([409, 'CARD_VOIDED']);
    expect(await snapshot([card.id])).toEqual(before);
  });
});
