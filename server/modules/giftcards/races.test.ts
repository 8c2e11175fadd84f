import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { CONCURRENT_DRIVERS, DRIVERS } from '../../test/db';
import { addStore, caller, companyIdOf } from '../../test/builders';
import { addCard, addTypology, ledgerCheck } from '../../test/support/giftcards';

/**
 * Concurrent calls on one card. PGlite serializes everything, so there these only check the
 * arithmetic; on PostgreSQL (CONCURRENT_DRIVERS) the requests really overlap and the card's row
 * lock is what keeps the ledger right.
 */
describe.each(DRIVERS)('gift-card races (%s)', (driver) => {
  const concurrent = CONCURRENT_DRIVERS.includes(driver);
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: string;
  let acmeId: string;
  let typologyId: string;
  const url = (path: string) => `/api/company/${acmeId}/giftcard${path}`;
  const statuses = (responses: Array<{ statusCode: number }>) =>
    responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

  beforeAll(async () => {
    // one pool connection per concurrent request would hide nothing; 20 is what a small instance has
    t = await createTestApp(driver);
    call = caller(t.app);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    typologyId = await addTypology(t.db.db);
    await addStore(t.db.db, acmeId, 'RACE-S', true);
  });
  afterAll(() => t.close());

  it(`lets exactly 50 of 200 concurrent consumes of 1.00 through on a card holding 50.00${concurrent ? ' (truly concurrent)' : ''}`, async () => {
    const { id } = await addCard(t.db.db, { companyId: acmeId, typologyId, balanceCents: 5000 });
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => call(admin, 'POST', url(`/cards/${id}/consume`), { amountCents: 100, storeCode: 'RACE-S' })),
    );
    expect(statuses(responses)).toEqual({ 200: 50, 422: 150 });
    expect(responses.filter((r) => r.statusCode === 422).every((r) => r.json().error.message === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect(await ledgerCheck(t.db.db, id)).toEqual({ balance: 0, frozen: 0, sum: 0, frozenSum: 0, errors: 150 });
    const balances = responses.filter((r) => r.statusCode === 200).map((r) => r.json().transaction.balanceAfterCents);
    expect(new Set(balances).size).toBe(50);
  });

  it('moves money once for 20 concurrent reloads sharing one Idempotency-Key', async () => {
    const { id } = await addCard(t.db.db, { companyId: acmeId, typologyId, balanceCents: 1000 });
    const headers = { 'idempotency-key': `race-${driver}` };
    const responses = await Promise.all(Array.from({ length: 20 }, () => call(admin, 'POST', url(`/cards/${id}/reload`), { amountCents: 500 }, headers)));
    expect(statuses(responses)).toEqual({ 200: 20 });
    expect(new Set(responses.map((r) => r.json().transaction.id)).size).toBe(1);
    expect(await ledgerCheck(t.db.db, id)).toMatchObject({ balance: 1500, sum: 1500 });
  });

  it('runs a bulk reload once for concurrent calls sharing one Idempotency-Key', async () => {
    const cards = await Promise.all(Array.from({ length: 3 }, () => addCard(t.db.db, { companyId: acmeId, typologyId, balanceCents: 1000 })));
    const body = { action: 'reload', ids: cards.map((c) => c.id), params: { amountCents: 300 } };
    const headers = { 'idempotency-key': `bulk-${driver}` };
    const responses = await Promise.all(Array.from({ length: 5 }, () => call(admin, 'POST', url('/cards/bulk'), body, headers)));
    expect(responses.every((r) => r.statusCode === 200 || (r.statusCode === 409 && r.json().error.message === 'CONFLICT'))).toBe(true);
    const replay = await call(admin, 'POST', url('/cards/bulk'), body, headers);
    expect(replay.json()).toEqual({ action: 'reload', total: 3, succeeded: 3, failed: [] });
    const other = await call(admin, 'POST', url('/cards/bulk'), { ...body, params: { amountCents: 1 } }, headers);
    expect(other.json().error.message).toBe('IDEMPOTENCY_KEY_REUSED');
    for (const { id } of cards) expect(await ledgerCheck(t.db.db, id)).toMatchObject({ balance: 1300, sum: 1300 });
  });

  it('never returns more than the consume across concurrent returns, and cancels once', async () => {
    const { id } = await addCard(t.db.db, { companyId: acmeId, typologyId, balanceCents: 5000 });
    const consume = (await call(admin, 'POST', url(`/cards/${id}/consume`), { amountCents: 1000, storeCode: 'RACE-S' })).json().transaction;
    const returns = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(admin, 'POST', url(`/transactions/${consume.id}/return`), { amountCents: 100, returnNumber: `R-${i}`, storeCode: 'RACE-S' })),
    );
    expect(statuses(returns)).toEqual({ 200: 10, 422: 20 });
    expect(await ledgerCheck(t.db.db, id)).toMatchObject({ balance: 5000, sum: 5000 });

    const second = (await call(admin, 'POST', url(`/cards/${id}/consume`), { amountCents: 700, storeCode: 'RACE-S' })).json().transaction;
    const cancels = await Promise.all(Array.from({ length: 10 }, () => call(admin, 'POST', url(`/transactions/${second.id}/cancel`), {})));
    expect(statuses(cancels)).toEqual({ 200: 1, 409: 9 });
    expect(await ledgerCheck(t.db.db, id)).toMatchObject({ balance: 5000, sum: 5000 });
  });

  it('keeps the ledger right when a bulk action and money moves meet on the same cards', async () => {
    const cards = await Promise.all(Array.from({ length: 20 }, () => addCard(t.db.db, { companyId: acmeId, typologyId, balanceCents: 3000 })));
    const moves = cards.flatMap(({ id }) => [
      call(admin, 'POST', url(`/cards/${id}/consume`), { amountCents: 1000, storeCode: 'RACE-S' }),
      call(admin, 'POST', url(`/cards/${id}/reload`), { amountCents: 500 }),
    ]);
    const [bulk] = await Promise.all([call(admin, 'POST', url('/cards/bulk'), { action: 'reload', ids: cards.map((c) => c.id), params: { amountCents: 200 } }), ...moves]);
    expect(bulk.json()).toMatchObject({ total: 20, succeeded: 20, failed: [] });
    for (const { id } of cards) expect(await ledgerCheck(t.db.db, id)).toMatchObject({ balance: 2700, sum: 2700 });
  });
});
