import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { purgeExpiredKeys } from '../../lib/idempotency';
import { addStore, caller, companyIdOf } from '../../test/builders';
import { addCard, addTypology, ledgerCheck } from '../../test/support/giftcards';

describe.each(DRIVERS)('gift-card money moves and ledger invariants (%s)', (driver) => {
  let t: TestApp;
  let admin: string;
  let acmeId: string;
  let typologyId: string;
  let storeId: string;
  let call: ReturnType<typeof caller>;
  const base = () => `/api/company/${acmeId}/giftcard`;
  const card = (balanceCents = 5000, extra: Partial<Parameters<typeof addCard>[1]> = {}) => addCard(t.db.db, { companyId: acmeId, typologyId, balanceCents, ...extra });
  const post = (url: string, payload: unknown = {}, headers: Record<string, string> = {}) => call(admin, 'POST', `${base()}${url}`, payload, headers);

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    typologyId = await addTypology(t.db.db);
    storeId = await addStore(t.db.db, acmeId, 'ACME-S1', true);
  });
  afterAll(() => t.close());

  it('reloads, consumes and freezes, each a ledger row holding the resulting balance', async () => {
    const { id } = await card(5000);
    const reload = await post(`/cards/${id}/reload`, { amountCents: 1050 });
    expect(reload.statusCode).toBe(200);
    expect(reload.json().card).toMatchObject({ balanceCents: 6050, frozenCents: 0, availableBalanceCents: 6050 });
    expect(reload.json().transaction).toMatchObject({ type: 'RECHARGE', listType: 'recharge', result: 'SUCCESS', amountCents: 1050, balanceAfterCents: 6050, cardId: id });

    const consume = await post(`/cards/${id}/consume`, { amountCents: 2000, storeCode: 'ACME-S1' });
    expect(consume.statusCode).toBe(200);
    expect(consume.json().transaction).toMatchObject({ type: 'CONSUME', amountCents: -2000, balanceAfterCents: 4050, storeCode: 'ACME-S1', storeName: 'Store ACME-S1' });
    expect(consume.json().card.firstUseDate).not.toBeNull();

    const freeze = await post(`/cards/${id}/freeze`, { amountCents: 4000, storeCode: 'ACME-S1' });
    expect(freeze.json().card).toMatchObject({ balanceCents: 4050, frozenCents: 4000, availableBalanceCents: 50 });
    expect(freeze.json().transaction).toMatchObject({ type: 'FREEZE', amountCents: 0, frozenDeltaCents: 4000 });

    // frozen money is not available
    const refused = await post(`/cards/${id}/consume`, { amountCents: 51, storeCode: 'ACME-S1' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('INSUFFICIENT_BALANCE');

    expect(freeze.json().transaction.releasedAt).toBeNull();
    const unfreeze = await post(`/transactions/${freeze.json().transaction.id}/unfreeze`);
    expect(unfreeze.json().card).toMatchObject({ frozenCents: 0, availableBalanceCents: 4050 });
    // the FREEZE row now says it was released, and when
    const ledger = await call(admin, 'GET', `${base()}/cards/${id}/transactions`);
    const freezeRow = ledger.json().find((x: { id: string }) => x.id === freeze.json().transaction.id);
    expect(freezeRow.releasedAt).toBe(unfreeze.json().transaction.createdAt);
    const again = await post(`/transactions/${freeze.json().transaction.id}/unfreeze`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('NOT_FROZEN');

    expect(await ledgerCheck(t.db.db, id)).toEqual({ balance: 4050, frozen: 0, sum: 4050, frozenSum: 0, errors: 2 });
    const atStore = await call(admin, 'GET', `${base()}/transactions?filter=${encodeURIComponent(JSON.stringify({ storeId, cardId: id, type: 'consume' }))}`);
    expect(atStore.json().map((x: { result: string; amountCents: number }) => [x.result, x.amountCents])).toEqual([['ERROR', 0], ['SUCCESS', -2000]]);
  });

  it('marks the holds a deactivation zeroes as released, so their unfreeze is refused (NOT_FROZEN) instead of breaking the ledger', async () => {
    const { id } = await card(5000);
    const freeze = await post(`/cards/${id}/freeze`, { amountCents: 1000, storeCode: 'ACME-S1' });
    expect(freeze.statusCode).toBe(200);
    const deactivate = await post('/cards/bulk', { action: 'deactivate', ids: [id] });
    expect(deactivate.json().succeeded).toBe(1);
    const ledger = await call(admin, 'GET', `${base()}/cards/${id}/transactions`);
    const rows = ledger.json() as Array<{ id: string; type: string; releasedAt: string | null; createdAt: string }>;
    const released = rows.find((x) => x.id === freeze.json().transaction.id)!;
    expect(released.releasedAt).toBe(rows.find((x) => x.type === 'DEACTIVATE')!.createdAt);
    expect(rows.filter((x) => x.type !== 'FREEZE').every((x) => x.releasedAt === null)).toBe(true);
    const unfreeze = await post(`/transactions/${freeze.json().transaction.id}/unfreeze`);
    expect(unfreeze.statusCode).toBe(409);
    expect(unfreeze.json().error.message).toBe('NOT_FROZEN');
    expect(await ledgerCheck(t.db.db, id)).toMatchObject({ balance: 0, frozen: 0, sum: 0, frozenSum: 0 });
  });

  it('records a refused move as an ERROR row with no effect and answers its code', async () => {
    const { id } = await card(1000);
    const res = await post(`/cards/${id}/consume`, { amountCents: 1001, storeCode: 'ACME-S1' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const list = await call(admin, 'GET', `${base()}/cards/${id}/transactions`);
    expect(list.json()[0]).toMatchObject({ type: 'CONSUME', result: 'ERROR', amountCents: 0, balanceAfterCents: 1000, errorCode: 'INSUFFICIENT_BALANCE' });
    expect(await ledgerCheck(t.db.db, id)).toMatchObject({ balance: 1000, sum: 1000, errors: 1 });
  });

  it.each([
    ['DISABLED', 'CARD_DISABLED'],
    ['LOCKED', 'CARD_LOCKED'],
    ['EXPIRED', 'CARD_EXPIRED'],
    ['NOT_ACTIVE', 'CARD_NOT_ACTIVE'],
  ] as const)('a %s card refuses money moves with %s', async (status, code) => {
    const { id } = await card(status === 'NOT_ACTIVE' ? 0 : 3000, { status });
    for (const [url, body] of [
      [`/cards/${id}/reload`, { amountCents: 100 }],
      [`/cards/${id}/consume`, { amountCents: 100, storeCode: 'ACME-S1' }],
      [`/cards/${id}/freeze`, { amountCents: 100, storeCode: 'ACME-S1' }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(code);
    }
    const check = await ledgerCheck(t.db.db, id);
    expect(check.balance).toBe(check.sum);
    expect(check.errors).toBe(3);
  });

  it('treats a card past its expiry date as expired even before its status says so', async () => {
    const { id } = await card(3000, { status: 'ACTIVE', expireDate: new Date(Date.now() - 1000) });
    const res = await post(`/cards/${id}/consume`, { amountCents: 100, storeCode: 'ACME-S1' });
    expect(res.json().error.message).toBe('CARD_EXPIRED');
    expect((await call(admin, 'GET', `${base()}/cards/${id}`)).json().status).toBe('EXPIRED');
  });

  it('returns never more than what the consume has left, and needs a return number and store code', async () => {
    const { id } = await card(5000);
    const consume = (await post(`/cards/${id}/consume`, { amountCents: 3000, storeCode: 'ACME-S1' })).json().transaction;
    const missing = await post(`/transactions/${consume.id}/return`, { amountCents: 100 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ returnNumber: 'validation.required', storeCode: 'validation.required' });

    const first = await post(`/transactions/${consume.id}/return`, { amountCents: 2000, returnNumber: 'R-1', storeCode: 'ACME-S1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().transaction).toMatchObject({ type: 'RETURN', listType: 'returnConsume', amountCents: 2000, returnNumber: 'R-1', relatedTransactionId: consume.id, balanceAfterCents: 4000 });
    const tooMuch = await post(`/transactions/${consume.id}/return`, { amountCents: 1001, returnNumber: 'R-2', storeCode: 'ACME-S1' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe('RETURN_EXCEEDS_CONSUME');
    const rest = await post(`/transactions/${consume.id}/return`, { amountCents: 1000, returnNumber: 'R-2', storeCode: 'ACME-S1' });
    expect(rest.json().card.balanceCents).toBe(5000);
    const list = await call(admin, 'GET', `/api/company/${acmeId}/giftcard/transactions?filter=${encodeURIComponent(JSON.stringify({ cardId: id, type: 'consume' }))}`);
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ id: consume.id, returnedCents: 3000 });
    const notConsume = await post(`/transactions/${first.json().transaction.id}/return`, { amountCents: 1, returnNumber: 'R-3', storeCode: 'ACME-S1' });
    expect(notConsume.json().error.message).toBe('INVALID_TRANSITION');
    expect(await ledgerCheck(t.db.db, id)).toMatchObject({ balance: 5000, sum: 5000 });
  });

  it('cancels a consume, a recharge or a return once, never below zero', async () => {
    const { id } = await card(5000);
    const consume = (await post(`/cards/${id}/consume`, { amountCents: 3000, storeCode: 'ACME-S1' })).json().transaction;
    const ret = (await post(`/transactions/${consume.id}/return`, { amountCents: 1000, returnNumber: 'R-9', storeCode: 'ACME-S1' })).json().transaction;
    const cancelReturn = await post(`/transactions/${ret.id}/cancel`);
    expect(cancelReturn.json().transaction).toMatchObject({ type: 'CANCEL', amountCents: -1000, relatedTransactionId: ret.id });
    const cancelConsume = await post(`/transactions/${consume.id}/cancel`);
    expect(cancelConsume.json().card.balanceCents).toBe(5000);
    const twice = await post(`/transactions/${consume.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('ALREADY_CANCELLED');
    const cancelCancel = await post(`/transactions/${cancelConsume.json().transaction.id}/cancel`);
    expect(cancelCancel.json().error.message).toBe('NOT_CANCELLABLE');
    const afterCancel = await post(`/transactions/${consume.id}/return`, { amountCents: 1, returnNumber: 'R-10', storeCode: 'ACME-S1' });
    expect(afterCancel.json().error.message).toBe('ALREADY_CANCELLED');

    const recharge = (await post(`/cards/${id}/reload`, { amountCents: 2000 })).json().transaction;
    await post(`/cards/${id}/consume`, { amountCents: 6000, storeCode: 'ACME-S1' });
    const negative = await post(`/transactions/${recharge.id}/cancel`);
    expect(negative.statusCode).toBe(422);
    expect(negative.json().error.message).toBe('INSUFFICIENT_BALANCE');
    const check = await ledgerCheck(t.db.db, id);
    expect(check).toMatchObject({ balance: 1000, sum: 1000 });
  });

  it('tells with each transaction which row actions would succeed now, as the ledger then decides', async () => {
    const { id } = await card(5000);
    const rows = async () => {
      const list = await call(admin, 'GET', `${base()}/transactions?filter=${encodeURIComponent(JSON.stringify({ cardId: id }))}&range=[0,49]`);
      return new Map((list.json() as { id: string; actions: Record<string, boolean> }[]).map((row) => [row.id, row.actions]));
    };
    const consume = (await post(`/cards/${id}/consume`, { amountCents: 3000, storeCode: 'ACME-S1' })).json().transaction;
    expect(consume.actions).toEqual({ unfreeze: false, return: true, cancel: true });
    const ret = (await post(`/transactions/${consume.id}/return`, { amountCents: 1000, returnNumber: 'R-20', storeCode: 'ACME-S1' })).json().transaction;
    expect((await rows()).get(ret.id)).toEqual({ unfreeze: false, return: false, cancel: true });
    await post(`/transactions/${consume.id}/cancel`);
    // the consume's cancel already accounts for its return: neither row offers anything more
    const after = await rows();
    expect(after.get(ret.id)).toEqual({ unfreeze: false, return: false, cancel: false });
    expect(after.get(consume.id)).toEqual({ unfreeze: false, return: false, cancel: false });
    expect((await post(`/transactions/${ret.id}/cancel`)).json().error.message).toBe('NOT_CANCELLABLE');

    const recharge = (await post(`/cards/${id}/reload`, { amountCents: 2000 })).json().transaction;
    expect((await rows()).get(recharge.id)?.cancel).toBe(true);
    await post(`/cards/${id}/consume`, { amountCents: 6000, storeCode: 'ACME-S1' });
    // 1000 left: cancelling the 2000 recharge would go below zero
    expect((await rows()).get(recharge.id)?.cancel).toBe(false);
    expect((await post(`/transactions/${recharge.id}/cancel`)).json().error.message).toBe('INSUFFICIENT_BALANCE');

    const hold = (await post(`/cards/${id}/freeze`, { amountCents: 500, storeCode: 'ACME-S1' })).json().transaction;
    expect(hold.actions).toEqual({ unfreeze: true, return: false, cancel: false });
    await post(`/transactions/${hold.id}/unfreeze`);
    expect((await rows()).get(hold.id)?.unfreeze).toBe(false);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const { id } = await card(5000);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ amountCents: '10' }, { amountCents: 'validation.amount' }],
      [{ amountCents: 10.5 }, { amountCents: 'validation.amount' }],
      [{ amountCents: -1 }, { amountCents: 'validation.amount' }],
      [{ amountCents: 0 }, { amountCents: 'validation.amount' }],
      [{ amountCents: 100001 }, { amountCents: 'validation.amountMax?maxCents=100000' }],
      [{ amountCents: 1e20 }, { amountCents: 'validation.amountMax?maxCents=100000' }],
      [{}, { amountCents: 'validation.required' }],
      [{ amountCents: 100, companyId: acmeId }, { companyId: 'validation.invalid' }],
    ];
    for (const [body, errors] of cases) {
      const res = await post(`/cards/${id}/reload`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const unknownStore = await post(`/cards/${id}/consume`, { amountCents: 100, storeCode: 'NOPE' });
    expect(unknownStore.statusCode).toBe(400);
    expect(unknownStore.json().errors).toEqual({ storeCode: 'validation.invalid' });
    expect(await ledgerCheck(t.db.db, id)).toEqual({ balance: 5000, frozen: 0, sum: 5000, frozenSum: 0, errors: 0 });
  });

  it('honours Idempotency-Key: a replay answers the first result and moves nothing twice', async () => {
    const { id } = await card(5000);
    const key = { 'idempotency-key': 'reload-key-1' };
    const first = await post(`/cards/${id}/reload`, { amountCents: 700 }, key);
    const second = await post(`/cards/${id}/reload`, { amountCents: 700 }, key);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const other = await post(`/cards/${id}/reload`, { amountCents: 800 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toBe('IDEMPOTENCY_KEY_REUSED');
    // a refusal is replayed too
    const refusedKey = { 'idempotency-key': 'consume-key-1' };
    const refused = await post(`/cards/${id}/consume`, { amountCents: 99999, storeCode: 'ACME-S1' }, refusedKey);
    const refusedAgain = await post(`/cards/${id}/consume`, { amountCents: 99999, storeCode: 'ACME-S1' }, refusedKey);
    expect([refused.statusCode, refusedAgain.statusCode]).toEqual([422, 422]);
    expect(refusedAgain.json().error.message).toBe('INSUFFICIENT_BALANCE');
    // keys expire: after the retention the same key is a new request
    await t.db.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'reload-key-1'`);
    await purgeExpiredKeys(t.db.db);
    expect((await post(`/cards/${id}/reload`, { amountCents: 800 }, key)).statusCode).toBe(200);
    const bad = await post(`/cards/${id}/reload`, { amountCents: 1 }, { 'idempotency-key': 'bad key with spaces' });
    expect(bad.statusCode).toBe(400);
    expect(await ledgerCheck(t.db.db, id)).toMatchObject({ balance: 6500, sum: 6500, errors: 1 });
  });
});
