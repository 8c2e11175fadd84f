import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '../../../domain/integration';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { CONCURRENT_DRIVERS, DRIVERS } from '../../test/db';
import { ledgerCheck } from '../../test/support/giftcards';
import { idem, integrationWorld, type IntegrationWorld } from '../../test/support/integration';

/** A code of the same shape with its check character changed. */
const mistyped = (code: string) => `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;

describe.each(DRIVERS)('integration API gift-card calls (%s)', (driver) => {
  let w: IntegrationWorld;
  let till: ApiKeyCreated;
  let office: ApiKeyCreated;
  beforeAll(async () => {
    w = await integrationWorld(driver);
    till = await w.key({ name: 'Cassa 1', storeId: w.tillStoreId, scopes: ['giftcards.balance', 'giftcards.move'] });
    office = await w.key({ name: 'Shop', scopes: ['giftcards.balance', 'giftcards.move', 'giftcards.sell'] });
  });
  afterAll(() => w.t.close());

  const rows = (cardId: string) =>
    queryRows<{ type: string; result: string; amount_cents: string; user_id: string | null }>(w.t.db.db, sql`SELECT type, result, amount_cents, user_id FROM gift_card_transactions WHERE card_id = ${cardId} ORDER BY created_at, id`);

  it('answers a balance by code, masked; a mistyped check character is 400; another company’s code the same 404 as an unknown one', async () => {
    const card = await w.card(4200);
    const answer = await w.api(till.key, '/giftcards/balance', { code: card.code });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ id: card.id, status: 'ACTIVE', balanceCents: 4200, frozenCents: 0, availableBalanceCents: 4200 });
    expect(answer.json().maskedCode).toBe(`${'•'.repeat(card.code.length - 4)}${card.code.slice(-4)}`);
    expect(answer.body).not.toContain(card.code);

    const typo = await w.api(till.key, '/giftcards/balance', { code: mistyped(card.code) });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().errors).toEqual({ code: 'validation.cardCode' });

    const foreign = await w.card(1000, w.otherId);
    const other = await w.api(till.key, '/giftcards/balance', { code: foreign.code });
    const unknown = await w.api(till.key, '/giftcards/balance', { code: 'Z'.repeat(16) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect(other.body).toBe(unknown.body);
    // nor does a move reveal it
    const move = await w.api(office.key, '/giftcards/consume', { code: foreign.code, amountCents: 100, storeCode: 'OTHER-T1' }, idem());
    expect(move.statusCode).toBe(404);
    expect((await rows(foreign.id)).map((r) => r.type)).toEqual(['ACTIVATE']);
  });

  it('consumes 12.50 once however often the till retries with its Idempotency-Key; the replay says so; the ledger user is the key’s creator', async () => {
    const card = await w.card(5000);
    const key = idem();
    const body = { code: card.code, amountCents: 1250 };
    const first = await w.api(till.key, '/giftcards/consume', body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.json()).toMatchObject({ card: { balanceCents: 3750 }, transaction: { type: 'CONSUME', result: 'SUCCESS', amountCents: -1250, storeCode: 'ACME-T1' } });
    const replay = await w.api(till.key, '/giftcards/consume', body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await ledgerCheck(w.t.db.db, card.id)).toMatchObject({ balance: 3750, sum: 3750 });
    const ledger = await rows(card.id);
    expect(ledger.map((r) => r.type)).toEqual(['ACTIVATE', 'CONSUME']);
    expect(ledger[1].user_id).toBe(w.managerId);

    // the same key with another body is refused; a money move without a key too
    const reused = await w.api(till.key, '/giftcards/consume', { ...body, amountCents: 1300 }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toBe('IDEMPOTENCY_KEY_REUSED');
    const keyless = await w.api(till.key, '/giftcards/consume', body);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error.message).toBe('IDEMPOTENCY_KEY_REQUIRED');
    // the key is the till key's own: another API key may use the same text for its own call
    const otherKey = await w.api(office.key, '/giftcards/consume', { ...body, storeCode: 'ACME-T2' }, key);
    expect(otherKey.statusCode).toBe(200);
    expect(otherKey.headers['idempotent-replayed']).toBeUndefined();
    expect((await rows(card.id)).filter((r) => r.type === 'CONSUME')).toHaveLength(2);
  });

  it('replays a refusal as it was answered: a consumption beyond the balance', async () => {
    const card = await w.card(500);
    const key = idem();
    const first = await w.api(till.key, '/giftcards/consume', { code: card.code, amountCents: 600 }, key);
    expect(first.statusCode).toBe(422);
    expect(first.json().error.message).toBe('INSUFFICIENT_BALANCE');
    const replay = await w.api(till.key, '/giftcards/consume', { code: card.code, amountCents: 600 }, key);
    expect(replay.statusCode).toBe(422);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await rows(card.id)).map((r) => `${r.type}:${r.result}`)).toEqual(['ACTIVATE:SUCCESS', 'CONSUME:ERROR']);
  });

  it('moves a till key’s money at its own store only (403 API_KEY_STORE_MISMATCH); a key without a store names one', async () => {
    const card = await w.card(5000);
    const mismatch = await w.api(till.key, '/giftcards/consume', { code: card.code, amountCents: 100, storeCode: 'ACME-T2' }, idem());
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().error.message).toBe('API_KEY_STORE_MISMATCH');
    expect((await w.api(till.key, '/giftcards/consume', { code: card.code, amountCents: 100, storeCode: 'ACME-T1' }, idem())).statusCode).toBe(200);
    const unnamed = await w.api(office.key, '/giftcards/consume', { code: card.code, amountCents: 100 }, idem());
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors).toEqual({ storeCode: 'validation.required' });
    expect((await rows(card.id)).filter((r) => r.type === 'CONSUME')).toHaveLength(1);
  });

  it('returns 5.00 against a 12.50 consumption, never more than is left of it (RETURN_EXCEEDS_CONSUME)', async () => {
    const card = await w.card(5000);
    const consumed = await w.api(till.key, '/giftcards/consume', { code: card.code, amountCents: 1250 }, idem());
    const transactionId = consumed.json().transaction.id as string;
    const tooMuch = await w.api(till.key, '/giftcards/return', { transactionId, amountCents: 1251, returnNumber: 'R-1' }, idem());
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.message).toBe('RETURN_EXCEEDS_CONSUME');
    const returned = await w.api(till.key, '/giftcards/return', { transactionId, amountCents: 500, returnNumber: 'R-2' }, idem());
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ card: { balanceCents: 4250 }, transaction: { type: 'RETURN', amountCents: 500, returnNumber: 'R-2', relatedTransactionId: transactionId } });
    const rest = await w.api(till.key, '/giftcards/return', { transactionId, amountCents: 751, returnNumber: 'R-3' }, idem());
    expect(rest.json().error.message).toBe('RETURN_EXCEEDS_CONSUME');
    expect(await ledgerCheck(w.t.db.db, card.id)).toMatchObject({ balance: 4250, sum: 4250 });
  });

  it('freezes, unfreezes and cancels through the back office’s services; activates and sells a card', async () => {
    const card = await w.card(5000);
    const frozen = await w.api(till.key, '/giftcards/freeze', { code: card.code, amountCents: 2000 }, idem());
    expect(frozen.json()).toMatchObject({ card: { frozenCents: 2000, availableBalanceCents: 3000 } });
    const released = await w.api(till.key, '/giftcards/unfreeze', { transactionId: frozen.json().transaction.id }, idem());
    expect(released.json()).toMatchObject({ card: { frozenCents: 0 }, transaction: { type: 'UNFREEZE' } });
    const consumed = await w.api(till.key, '/giftcards/consume', { code: card.code, amountCents: 700 }, idem());
    const cancelled = await w.api(till.key, '/giftcards/cancel', { transactionId: consumed.json().transaction.id }, idem());
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ card: { balanceCents: 5000 }, transaction: { type: 'CANCEL', amountCents: 700 } });
    // the till key (no giftcards.sell) cannot activate; the shop's key can, once per Idempotency-Key
    const fresh = await w.card(0, w.acmeId, 'NOT_ACTIVE');
    expect((await w.api(till.key, '/giftcards/activate-and-sell', { code: fresh.code }, idem())).statusCode).toBe(403);
    const key = idem();
    const sold = await w.api(office.key, '/giftcards/activate-and-sell', { code: fresh.code }, key);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({ id: fresh.id, status: 'ACTIVE', balanceCents: 5000 });
    const again = await w.api(office.key, '/giftcards/activate-and-sell', { code: fresh.code }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(sold.json());
    const twice = await w.api(office.key, '/giftcards/activate-and-sell', { code: fresh.code }, idem());
    expect(twice.statusCode).toBe(409);
    expect((await rows(fresh.id)).map((r) => r.type)).toEqual(['ACTIVATE']);
    // a till that sells: the card is activated at the till's store, not the company's default
    const [t2] = await queryRows<{ id: string }>(w.t.db.db, sql`SELECT id FROM stores WHERE code = 'ACME-T2'`);
    const seller = await w.key({ name: 'Till seller', scopes: ['giftcards.sell'], storeId: t2.id });
    const another = await w.card(0, w.acmeId, 'NOT_ACTIVE');
    expect((await w.api(seller.key, '/giftcards/activate-and-sell', { code: another.code, storeCode: 'ACME-T1' }, idem())).statusCode).toBe(403);
    const atTill = await w.api(seller.key, '/giftcards/activate-and-sell', { code: another.code }, idem());
    expect(atTill.statusCode, atTill.body).toBe(200);
    const [activated] = await queryRows<{ activation_store_id: string }>(w.t.db.db, sql`SELECT activation_store_id FROM gift_cards WHERE id = ${another.id}`);
    // ACME-T1 is Acme's default activation store: the till's own is ACME-T2
    expect(activated.activation_store_id).toBe(t2.id);
  });

  it('limits each key’s calls per minute, one budget for every instance (429 RATE_LIMITED with Retry-After)', async () => {
    const env = { INTEGRATION_RATE_LIMIT_PER_MINUTE: '3' };
    const [one, two] = [await createTestApp(driver, { db: w.t.db, env }), await createTestApp(driver, { db: w.t.db, env })];
    try {
      const limited = await w.key({ name: 'Limited' });
      const card = await w.card();
      const statuses = [];
      for (const app of [one, two, one, two]) statuses.push((await w.api(limited.key, '/giftcards/balance', { code: card.code }, undefined, app)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await w.api(limited.key, '/giftcards/balance', { code: card.code }, undefined, one);
      expect(refused.json().error.message).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['x-ratelimit-limit']).toBe('3');
      // another key has its own budget
      const fresh = await w.key({ name: 'Unlimited yet' });
      expect((await w.api(fresh.key, '/giftcards/balance', { code: card.code }, undefined, one)).statusCode).toBe(200);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe.each(CONCURRENT_DRIVERS)('integration API idempotency under concurrency (%s)', (driver) => {
  let w: IntegrationWorld;
  let till: ApiKeyCreated;
  beforeAll(async () => {
    w = await integrationWorld(driver);
    till = await w.key({ name: 'Racing till', storeId: w.tillStoreId });
  });
  afterAll(() => w.t.close());

  it('answers 409 IDEMPOTENCY_IN_PROGRESS to a replay while the first call still runs, then replays its answer', async () => {
    const card = await w.card(5000);
    const pool = w.t.db.pool!;
    const blocker = await pool.connect();
    try {
      // the first call takes the key's lock, then waits for the card's row lock held here
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM gift_cards WHERE id = $1 FOR UPDATE', [card.id]);
      const key = idem();
      const body = { code: card.code, amountCents: 1250 };
      const first = w.api(till.key, '/giftcards/consume', body, key);
      await until(async () => (await blocker.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted`)).rowCount === 1);
      const second = await w.api(till.key, '/giftcards/consume', body, key);
      expect(second.statusCode).toBe(409);
      expect(second.json().error.message).toBe('IDEMPOTENCY_IN_PROGRESS');
      await blocker.query('COMMIT');
      const done = await first;
      expect(done.statusCode, done.body).toBe(200);
      const replay = await w.api(till.key, '/giftcards/consume', body, key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(done.json());
      expect(await ledgerCheck(w.t.db.db, card.id)).toMatchObject({ balance: 3750, sum: 3750 });
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      blocker.release();
    }
  });
});

/** Waits for a condition another connection makes true (a lock taken), checking every few milliseconds. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('condition never held');
}
