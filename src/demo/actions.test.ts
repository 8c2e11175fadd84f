import { beforeEach, describe, expect, it } from 'vitest';
import type { CardRow } from '../test/builders';
import { DEMO_PASSWORD } from './data';
import { freshDemo } from './testSupport';

type Demo = ReturnType<typeof freshDemo>;
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; message: string; body: { error?: { message: string }; errors?: Record<string, string>; instance?: string } };
    return { status: e.status, code: e.body?.error?.message, message: e.message, errors: e.body?.errors, instance: e.body?.instance };
  }
  throw new Error('expected a refusal');
};
let n = 0;
const key = () => `test-key-${++n}`;

describe('demo gift-card actions', () => {
  let demo: Demo;
  const acmeCard = (status: CardRow['status'], min = 0) =>
    demo.db.cards.find((c) => c.companyName === 'Acme S.p.A.' && c.status === status && c.balanceCents - c.frozenCents >= min && (c.expireDate === null || new Date(c.expireDate) > new Date()))!;
  beforeEach(async () => {
    demo = freshDemo(100_000);
    await demo.authProvider.login({ email: 'operator@acme.test', password: DEMO_PASSWORD });
  });

  it('a reload moves the balance and puts a RECHARGE row first in the card ledger', async () => {
    const card = acmeCard('ACTIVE');
    const before = card.availableBalanceCents;
    const { card: after, transaction } = await demo.dataProvider.reloadGiftCard(card.id, 1000, key());
    expect(after.availableBalanceCents).toBe(before + 1000);
    expect(transaction).toMatchObject({ type: 'RECHARGE', result: 'SUCCESS', amountCents: 1000, balanceAfterCents: after.balanceCents, userName: 'Oscar Operatore' });
    const ledger = await demo.dataProvider.getList('privative/giftcard-transactions', { filter: { cardId: card.id }, pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' } });
    expect(ledger.data[0]).toMatchObject({ id: transaction.id, type: 'RECHARGE' });
    expect((await demo.dataProvider.getOne('privative/giftcards', { id: card.id })).data.availableBalanceCents).toBe(before + 1000);
  });

  it('the same idempotency key moves money once; another body under it is refused', async () => {
    const card = acmeCard('ACTIVE');
    const k = key();
    const first = await demo.dataProvider.reloadGiftCard(card.id, 500, k);
    const again = await demo.dataProvider.reloadGiftCard(card.id, 500, k);
    expect(again.transaction.id).toBe(first.transaction.id);
    expect(card.balanceCents).toBe(first.card.balanceCents);
    expect(await refusal(demo.dataProvider.reloadGiftCard(card.id, 600, k))).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('refuses a reload above the maximum, a consume beyond the balance and a move on a locked card, with the server codes and an ERROR row', async () => {
    const card = acmeCard('ACTIVE');
    const rows = () => demo.db.ledgerByCard.get(card.id)!.length;
    const count = rows();
    const tooMuch = await refusal(demo.dataProvider.reloadGiftCard(card.id, 100_001, key()));
    expect(tooMuch).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', errors: { amountCents: 'validation.amountMax?maxCents=100000' } });
    const balance = card.balanceCents;
    const beyond = await refusal(demo.dataProvider.consumeGiftCard(card.id, { amountCents: card.availableBalanceCents + 1, storeCode: 'MI-CENTRO' }, key()));
    expect(beyond).toMatchObject({ status: 422, code: 'INSUFFICIENT_BALANCE' });
    expect(beyond.message).not.toContain('INSUFFICIENT_BALANCE');
    expect(card.balanceCents).toBe(balance);
    expect(rows()).toBe(count + 1);
    expect(demo.db.ledgerByCard.get(card.id)!.at(-1)).toMatchObject({ result: 'ERROR', errorCode: 'INSUFFICIENT_BALANCE', amountCents: 0 });
    expect(await refusal(demo.dataProvider.reloadGiftCard(acmeCard('LOCKED').id, 1000, key()))).toMatchObject({ status: 409, code: 'CARD_LOCKED' });
    expect(await refusal(demo.dataProvider.consumeGiftCard(card.id, { amountCents: 100, storeCode: 'NOWHERE' }, key()))).toMatchObject({ status: 400, errors: { storeCode: 'validation.invalid' } });
  });

  it('a return never exceeds what is left of the consume; cancel and unfreeze once', async () => {
    const card = acmeCard('ACTIVE', 4000);
    const { transaction: consume } = await demo.dataProvider.consumeGiftCard(card.id, { amountCents: 4000, storeCode: 'MI-CENTRO' }, key());
    await demo.dataProvider.returnConsume(consume.id, { amountCents: 1500, returnNumber: 'R-1', storeCode: 'MI-CENTRO' }, key());
    const over = await refusal(demo.dataProvider.returnConsume(consume.id, { amountCents: 2501, returnNumber: 'R-2', storeCode: 'MI-CENTRO' }, key()));
    expect(over).toMatchObject({ status: 422, code: 'RETURN_EXCEEDS_CONSUME' });
    const cancelled = await demo.dataProvider.cancelTransaction(consume.id, key());
    expect(cancelled.transaction).toMatchObject({ type: 'CANCEL', amountCents: 2500 });
    expect(await refusal(demo.dataProvider.cancelTransaction(consume.id, key()))).toMatchObject({ code: 'ALREADY_CANCELLED' });
    const { transaction: hold } = await demo.dataProvider.freezeGiftCard(card.id, { amountCents: 100, storeCode: 'MI-CENTRO' }, key());
    const ledgerRow = async (id: string) => (await demo.dataProvider.getList('privative/transactions', { filter: { cardId: card.id }, pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'DESC' } })).data.find((t) => t.id === id);
    expect(await ledgerRow(hold.id)).toMatchObject({ releasedAt: null });
    const { transaction: release } = await demo.dataProvider.unfreezeTransaction(hold.id, key());
    // the freeze says it was released, so the list no longer offers "unfreeze" on it
    expect(await ledgerRow(hold.id)).toMatchObject({ releasedAt: release.createdAt });
    expect(await refusal(demo.dataProvider.unfreezeTransaction(hold.id, key()))).toMatchObject({ status: 409, code: 'NOT_FROZEN' });
  });

  it('a deactivation releases the holds still standing, as on the server', async () => {
    // a card never consumed (a consumed one cannot be deactivated)
    const card = demo.db.cards.find((c) => c.companyName === 'Acme S.p.A.' && c.status === 'ACTIVE' && !c.everConsumed && c.balanceCents - c.frozenCents >= 1000 && (c.expireDate === null || new Date(c.expireDate) > new Date()))!;
    const { transaction: hold } = await demo.dataProvider.freezeGiftCard(card.id, { amountCents: 500, storeCode: 'MI-CENTRO' }, key());
    const result = await demo.dataProvider.bulkGiftCards({ action: 'deactivate', ids: [card.id] }, key());
    expect(result).toMatchObject({ succeeded: 1, failed: [] });
    expect(demo.db.ledgerByCard.get(card.id)!.find((t) => t.id === hold.id)!.releasedAt).not.toBeNull();
    expect(await refusal(demo.dataProvider.unfreezeTransaction(hold.id, key()))).toMatchObject({ status: 409, code: 'NOT_FROZEN' });
  });

  it('bulk lock answers the summary with per-card refusals', async () => {
    const active = acmeCard('ACTIVE');
    const notActive = acmeCard('NOT_ACTIVE');
    const result = await demo.dataProvider.bulkGiftCards({ action: 'lock', ids: [active.id, notActive.id] }, key());
    expect(result).toMatchObject({ action: 'lock', total: 2, succeeded: 1, failed: [{ id: notActive.id, code: notActive.code, error: 'CARD_NOT_ACTIVE' }] });
    expect(active.status).toBe('LOCKED');
    const locked = await demo.dataProvider.getList('privative/giftcards', { filter: { status: 'locked', code: active.code }, pagination: { page: 1, perPage: 25 }, sort: { field: 'progressive', order: 'ASC' } });
    expect(locked.data.map((c) => c.id)).toEqual([active.id]);
  });

  it('searches a code case-insensitively and answers 404 outside the scope', async () => {
    const card = acmeCard('SOLD');
    expect((await demo.dataProvider.searchGiftCardByCode(` ${card.code.toLowerCase().slice(0, 8)}-${card.code.toLowerCase().slice(8)} `)).id).toBe(card.id);
    const tessera = demo.db.cards.find((c) => c.companyName === 'Tessera')!;
    expect(await refusal(demo.dataProvider.searchGiftCardByCode(tessera.code))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('lists with the API filters: status, code prefix, bad filter field is a 400 on that field', async () => {
    const page = await demo.dataProvider.getList('privative/giftcards', { filter: { status: 'active' }, pagination: { page: 1, perPage: 25 }, sort: { field: 'progressive', order: 'ASC' } });
    expect(page.data).toHaveLength(25);
    expect(page.data.every((c) => c.status === 'ACTIVE')).toBe(true);
    expect(page.pageInfo?.hasNextPage).toBe(true);
    expect(await refusal(demo.dataProvider.getList('privative/giftcards', { filter: { status: 'nope' }, pagination: { page: 1, perPage: 25 }, sort: { field: 'progressive', order: 'ASC' } }))).toMatchObject({ status: 400, errors: { status: 'validation.invalid' } });
    const tx = await demo.dataProvider.getList('privative/transactions', { filter: { type: 'recharge' }, pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'DESC' } });
    expect(tx.data.every((t) => t.type === 'RECHARGE')).toBe(true);
  });
});

describe('demo store import', () => {
  it('saves the good lines and reports a bad line with its number and code', async () => {
    const demo = freshDemo();
    await demo.authProvider.login({ email: 'operator@acme.test', password: DEMO_PASSWORD });
    const csv = 'code;name;storeCategoryId;defaultActivationStore\nNEW-01;Negozio Nuovo;RETAIL;false\nMI-CENTRO;Duplicato;RETAIL;false\nX;Nome;RETAIL;maybe\n';
    const result = await demo.dataProvider.importStores(new File([csv], 'stores.csv', { type: 'text/csv' }));
    expect(result.created).toBe(1);
    expect(result.failed).toEqual([
      expect.objectContaining({ row: 3, code: 'DUPLICATE_CODE', storeCode: 'MI-CENTRO' }),
      expect.objectContaining({ row: 4, code: 'VALIDATION_ERROR', field: 'defaultActivationStore' }),
    ]);
    const stores = await demo.dataProvider.getList('privative/stores', { filter: { q: 'nuovo' }, pagination: { page: 1, perPage: 25 }, sort: { field: 'code', order: 'ASC' } });
    expect(stores.data.map((s) => s.code)).toEqual(['NEW-01']);
  });
});
