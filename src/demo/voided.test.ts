import { beforeEach, describe, expect, it } from 'vitest';
import { BULK_ACTIONS, type GiftCard, type Transaction } from '../../domain/giftcards';
import type { Order, OrderDetail } from '../../domain/orders';
import { DEMO_PASSWORD } from './data';
import { freshDemo } from './testSupport';
import { bulkRequest } from '../../domain/giftcards.test-helper';

type Demo = ReturnType<typeof freshDemo>;
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; body: { error?: { message: string } } };
    return { status: e.status, code: e.body?.error?.message };
  }
  throw new Error('expected a refusal');
};
let n = 0;
const key = () => `void-key-${++n}`;
const PAGE = { pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'DESC' as const } };

/** The demo mirrors the server (server/modules/orders/voided.test.ts): a cancelled order's cards never come back. */
describe("demo: a cancelled order's voided cards", () => {
  let demo: Demo;
  beforeEach(async () => {
    demo = freshDemo();
    await demo.authProvider.login({ email: 'operator@acme.test', password: DEMO_PASSWORD });
  });

  /** An issued digital order of the demo, one card reloaded, cancelled through its job: its cards. */
  async function cancelledCards(): Promise<GiftCard[]> {
    const orders = (await demo.dataProvider.getList<Order>('privative-orders/orders', { ...PAGE, filter: { state: 'COMPLETED', shippingType: 'DIGITAL' } })).data;
    const order = orders.find((o) => !o.activated)!;
    const [first] = (await demo.dataProvider.listOrderCards('placed', order.id, { offset: 0, limit: 50 })).data;
    await demo.dataProvider.reloadGiftCard(first.id, 1000, key());
    expect((await demo.dataProvider.cancelOrder(order.id, key())).state).toBe('PENDING_CANCEL');
    let state = '';
    for (let i = 0; i < 6 && state !== 'CANCELLED'; i++) state = (await demo.dataProvider.getOne<OrderDetail>('privative-orders/orders', { id: order.id })).data.state;
    expect(state).toBe('CANCELLED');
    return (await demo.dataProvider.listOrderCards('placed', order.id, { offset: 0, limit: 50 })).data;
  }

  it('marks them voided, and refuses every bulk action on them with CARD_VOIDED, changing nothing', async () => {
    const cards = await cancelledCards();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.status === 'DISABLED' && c.voided && c.balanceCents === 0)).toBe(true);
    const ids = cards.map((c) => c.id);
    for (const action of BULK_ACTIONS) {
      const result = await demo.dataProvider.bulkGiftCards(bulkRequest(action, ids), key());
      expect([action, result.succeeded, result.failed.map((f) => f.error)]).toEqual([action, 0, ids.map(() => 'CARD_VOIDED')]);
    }
    const after = await Promise.all(ids.map(async (id) => (await demo.dataProvider.getOne<GiftCard>('privative/giftcards', { id })).data));
    expect(after).toEqual(cards.map((c) => ({ ...c })));
  });

  it('refuses every single-card action on them with CARD_VOIDED', async () => {
    const [card] = await cancelledCards();
    expect(await refusal(demo.dataProvider.reloadGiftCard(card.id, 500, key()))).toEqual({ status: 409, code: 'CARD_VOIDED' });
    const rows = (await demo.dataProvider.getList<Transaction>('privative/transactions', { ...PAGE, filter: { cardId: card.id } })).data;
    const recharge = rows.find((r) => r.type === 'RECHARGE' && r.result === 'SUCCESS')!;
    expect(rows.every((r) => !r.actions.unfreeze && !r.actions.return && !r.actions.cancel)).toBe(true);
    expect(await refusal(demo.dataProvider.cancelTransaction(recharge.id, key()))).toEqual({ status: 409, code: 'CARD_VOIDED' });
    expect(await refusal(demo.dataProvider.unfreezeTransaction(recharge.id, key()))).toEqual({ status: 409, code: 'CARD_VOIDED' });
    expect(await refusal(demo.dataProvider.returnConsume(recharge.id, { amountCents: 100, returnNumber: 'R-1', storeCode: 'MI-CENTRO' }, key()))).toEqual({ status: 409, code: 'CARD_VOIDED' });
  });

  it("the seeded cancelled order's cards are voided too", async () => {
    const [cancelled] = (await demo.dataProvider.getList<Order>('privative-orders/orders', { ...PAGE, filter: { state: 'CANCELLED' } })).data;
    const cards = (await demo.dataProvider.listOrderCards('placed', cancelled.id, { offset: 0, limit: 50 })).data;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c) => c.voided && c.status === 'DISABLED')).toBe(true);
    const result = await demo.dataProvider.bulkGiftCards({ action: 'enable', ids: cards.map((c) => c.id) }, key());
    expect(result.succeeded).toBe(0);
  });
});
