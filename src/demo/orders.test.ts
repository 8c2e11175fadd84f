import { beforeEach, describe, expect, it } from 'vitest';
import type { Order, OrderDetail } from '../../domain/orders';
import { DEMO_PASSWORD } from './data';
import { freshDemo } from './testSupport';

type Demo = ReturnType<typeof freshDemo>;
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; message: string; body: { error?: { message: string } } };
    return { status: e.status, code: e.body?.error?.message, message: e.message };
  }
  throw new Error('expected a refusal');
};
/** A blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
let n = 0;
const key = () => `order-key-${++n}`;
const PAGE = { pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };

describe('demo orders', () => {
  let demo: Demo;
  const list = async (resource = 'privative-orders/orders', filter = {}) => (await demo.dataProvider.getList<Order>(resource, { ...PAGE, filter })).data;
  const find = async (predicate: (o: Order) => boolean) => (await list()).find(predicate)!;
  const read = async (id: string) => (await demo.dataProvider.getOne<OrderDetail>('privative-orders/orders', { id })).data;

  beforeEach(async () => {
    demo = freshDemo();
    await demo.authProvider.login({ email: 'operator@acme.test', password: DEMO_PASSWORD });
  });

  it('lists the orders Acme placed in every state, newest first, with the API filters', async () => {
    const orders = await list();
    expect(new Set(orders.map((o) => o.state))).toEqual(new Set(['NEW', 'PENDING', 'COMPLETED', 'SHIPMENT_IN_PROGRESS', 'CANCELLED', 'ERROR']));
    expect(orders.every((o) => o.placedByCompanyName !== 'Tessera')).toBe(true);
    expect([...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(orders);
    expect((await list('privative-orders/orders', { state: 'CANCELLED' })).map((o) => o.state)).toEqual(['CANCELLED']);
    const number = orders[3].number;
    expect((await list('privative-orders/orders', { number })).map((o) => o.number)).toEqual([number]);
    expect(await refusal(demo.dataProvider.getList('privative-orders/orders', { ...PAGE, filter: { state: 'NOPE' } }))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
  });

  it('a confirmed order moves PENDING → IN_PROGRESS → issued as it is read, and then has its cards', async () => {
    const pending = await find((o) => o.state === 'PENDING');
    const states: string[] = [];
    for (let i = 0; i < 5; i++) states.push((await read(pending.id)).state);
    expect(states.at(-1)).toBe('COMPLETED');
    expect(states).toContain('IN_PROGRESS');
    const cards = await demo.dataProvider.listOrderCards('placed', pending.id, { offset: 0, limit: 25 });
    expect(cards.data).toHaveLength(3);
    expect(cards.data.every((c) => c.status === 'SOLD' && c.orderReference === pending.number)).toBe(true);
  });

  it('activates an issued order once (Idempotency-Key replays the answer; a new key is refused ORDER_ALREADY_ACTIVATED)', async () => {
    const issued = await find((o) => o.state === 'COMPLETED' && !o.activated && o.shippingType === 'DIGITAL');
    const k = key();
    const first = await demo.dataProvider.activateOrder(issued.id, k);
    expect(first.activated).toBe(true);
    expect((await demo.dataProvider.activateOrder(issued.id, k)).activated).toBe(true);
    expect(await refusal(demo.dataProvider.activateOrder(issued.id, key()))).toMatchObject({ status: 409, code: 'ORDER_ALREADY_ACTIVATED' });
    const cards = await demo.dataProvider.listOrderCards('placed', issued.id, { offset: 0, limit: 50 });
    expect(cards.data.every((c) => c.status === 'ACTIVE' && c.availableBalanceCents > 0)).toBe(true);
    expect(await refusal(demo.dataProvider.cancelOrder(issued.id, key()))).toMatchObject({ code: 'ORDER_ALREADY_ACTIVATED' });
  });

  it("refuses to cancel an order whose cards were used with SPEC §8's text; cancels another through PENDING_CANCEL → CANCELLED", async () => {
    const orders = await list();
    const physical = orders.find((o) => o.state === 'COMPLETED' && o.shippingType === 'PHYSICAL')!;
    expect(await refusal(demo.dataProvider.cancelOrder(physical.id, key()))).toMatchObject({ status: 409, code: 'ORDER_CARDS_USED', message: 'Unable to cancel the order. GiftCards have already been used.' });
    const digital = orders.find((o) => o.state === 'COMPLETED' && !o.activated && o.shippingType === 'DIGITAL')!;
    expect((await demo.dataProvider.cancelOrder(digital.id, key())).state).toBe('PENDING_CANCEL');
    let state = '';
    for (let i = 0; i < 5; i++) state = (await read(digital.id)).state;
    expect(state).toBe('CANCELLED');
    const cards = await demo.dataProvider.listOrderCards('placed', digital.id, { offset: 0, limit: 50 });
    expect(cards.data.every((c) => c.status === 'DISABLED')).toBe(true);
  });

  it('keeps retry and tracking for provider staff, deletes only drafts, and refuses actions a state has not', async () => {
    const error = await find((o) => o.state === 'ERROR');
    expect(await refusal(demo.dataProvider.retryOrder(error.id))).toMatchObject({ status: 403 });
    const shipment = await find((o) => o.state === 'SHIPMENT_IN_PROGRESS');
    expect(await refusal(demo.dataProvider.setOrderTracking(shipment.id, { carrier: 'BRT', number: '1', link: null }))).toMatchObject({ status: 403 });
    expect(await refusal(demo.dataProvider.markOrderDelivered('placed', shipment.id))).toMatchObject({ status: 409, code: 'ORDER_STATE_INVALID' });
    const issued = await find((o) => o.state === 'COMPLETED');
    expect(await refusal(demo.dataProvider.delete('privative-orders/orders', { id: issued.id }))).toMatchObject({ code: 'ORDER_STATE_INVALID' });
    const draft = await find((o) => o.state === 'NEW');
    expect(await refusal(demo.dataProvider.confirmOrder(draft.id, key()))).toMatchObject({ code: 'ORDER_INCOMPLETE' });
    await demo.dataProvider.delete('privative-orders/orders', { id: draft.id });
    expect((await list()).some((o) => o.id === draft.id)).toBe(false);
  });

  it('provider staff looking at Acme see the orders they placed for it as acquired; tracking then delivered', async () => {
    await demo.authProvider.logout({});
    await demo.authProvider.login({ email: 'admin@tessera.test', password: DEMO_PASSWORD });
    const acme = demo.db.companies.find((c) => c.code === 'ACME')!;
    demo.authProvider.setViewedCompany({ id: acme.id, name: acme.companyName });
    const acquired = await list('privative-orders/acquired-orders');
    expect(acquired.length).toBeGreaterThan(0);
    expect(acquired.every((o) => o.placedByCompanyName === 'Tessera')).toBe(true);
    const shipped = acquired.find((o) => o.state === 'SHIPPED')!;
    expect((await demo.dataProvider.markOrderDelivered('acquired', shipped.id)).state).toBe('SHIPMENT_DELIVERED');
    const shipment = await find((o) => o.state === 'SHIPMENT_IN_PROGRESS');
    expect((await demo.dataProvider.setOrderTracking(shipment.id, { carrier: 'BRT', number: '42', link: 'https://track.example/42' })).state).toBe('SHIPPED');
    const csv = await textOf(await demo.dataProvider.orderCodes('acquired', shipped.id, { format: 'csv', language: 'en', timeZone: 'Europe/London' }));
    const [codesHeader, firstCode] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(codesHeader).toBe('Code,Progressive,Typology,Value,Status,Recipient,E-mail,Expiry date');
    // the card's status in words, as the API writes it
    expect(firstCode).toMatch(/,(Sold|Active),/);
    const pdf = await demo.dataProvider.orderCodes('acquired', shipped.id, { format: 'pdf', language: 'en', timeZone: 'Europe/London' });
    expect(pdf.type).toBe('application/pdf');
    expect((await textOf(pdf)).startsWith('%PDF-')).toBe(true);
    const list_ = await textOf(await demo.dataProvider.exportOrders('placed', {}, { language: 'it', timeZone: 'Europe/Rome' }));
    const [listHeader, ...rows] = list_.replace(/^\uFEFF/, '').split('\r\n');
    expect(listHeader).toBe('Numero ordine;Data di creazione;Azienda;Ordinato da;Tipo di ordine;Stato ordine;Attivazione;Numero ordine aziendale;Carte;Totale');
    // a cancelled order is not "to be activated"
    expect(rows.find((r) => r.includes(';Annullato;'))).toContain(';Annullato;Non attivato;');
  });
});
