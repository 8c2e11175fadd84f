import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_STATUSES } from '../../domain/giftcards';
import { queryRows, type DbHandle } from '../db/client';
import { DRIVERS, createTestDb } from '../test/db';
import { seedDemoData } from './demo';
import { seedGiftcards } from './giftcards';

describe.each(DRIVERS)('demo gift cards (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
  });
  afterAll(() => db.close());

  it('seeds cards in every state with ledgers that obey the invariants, once', async () => {
    await seedDemoData(db.db, { giftcards: true });
    expect(await seedGiftcards(db.db)).toEqual({ cards: 0, transactions: 0 });
    const states = await queryRows<{ status: string; n: number }>(db.db, sql`SELECT status, count(*)::int AS n FROM gift_cards GROUP BY status`);
    expect(states.map((s) => s.status).sort()).toEqual([...CARD_STATUSES].sort());
    expect(states.reduce((sum, s) => sum + s.n, 0)).toBe(3000);
    const [broken] = await queryRows<{ n: number }>(
      db.db,
      sql`SELECT count(*)::int AS n FROM gift_cards c
          LEFT JOIN (SELECT card_id, sum(amount_cents) AS b, sum(frozen_delta_cents) AS f FROM gift_card_transactions WHERE result = 'SUCCESS' GROUP BY card_id) l
            ON l.card_id = c.id
          WHERE c.balance_cents <> coalesce(l.b, 0) OR c.frozen_cents <> coalesce(l.f, 0) OR c.balance_cents < 0 OR c.frozen_cents > c.balance_cents`,
    );
    expect(broken.n).toBe(0);
    const [overReturned] = await queryRows<{ n: number }>(
      db.db,
      sql`SELECT count(*)::int AS n FROM gift_card_transactions x WHERE x.type = 'CONSUME' AND x.returned_cents > -x.amount_cents`,
    );
    expect(overReturned.n).toBe(0);
    const types = await queryRows<{ type: string }>(db.db, sql`SELECT DISTINCT type FROM gift_card_transactions ORDER BY type`);
    expect(types.map((t) => t.type)).toEqual(['ACTIVATE', 'CANCEL', 'CONSUME', 'DISABLE', 'FREEZE', 'LOCK', 'RECHARGE', 'RETURN', 'SOLD', 'UNFREEZE']);
    const [stores] = await queryRows<{ n: number; defaults: number }>(db.db, sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE is_default_activation)::int AS defaults FROM stores`);
    expect(stores).toEqual({ n: 9, defaults: 3 });
  });
});
