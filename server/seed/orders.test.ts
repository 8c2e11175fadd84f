import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '../db/client';
import { DRIVERS, createTestDb } from '../test/db';
import { seedDemoData } from './demo';
import { seedOrders } from './orders';

describe.each(DRIVERS)('demo orders (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
  });
  afterAll(() => db.close());

  it('seeds orders in every state through the orders service, once', async () => {
    await seedDemoData(db.db, { giftcards: true, orders: true });
    expect(await seedOrders(db.db)).toEqual({ orders: 0 });
    const rows = await queryRows<{ state: string; activated: boolean; error_code: string | null; cards: number; shipping_type: string }>(
      db.db,
      sql`SELECT o.state, o.activated, o.error_code, o.shipping_type,
            (SELECT count(*)::int FROM gift_cards g WHERE g.company_id = o.company_id AND g.order_reference = o.number) AS cards
          FROM orders o ORDER BY o.number`,
    );
    expect(rows.map((r) => r.state)).toEqual(['NEW', 'COMPLETED', 'COMPLETED', 'CANCELLED', 'SHIPPED', 'SHIPMENT_DELIVERED', 'ERROR', 'COMPLETED', 'PENDING', 'SHIPMENT_IN_PROGRESS']);
    expect(rows.map((r) => r.cards)).toEqual([0, 3, 20, 5, 10, 5, 0, 5, 0, 5]);
    expect(rows.filter((r) => r.activated)).toHaveLength(1);
    expect(rows[6].error_code).toBe('ORDER_RANGE_UNAVAILABLE');
    expect(rows[4].shipping_type).toBe('PHISICAL_SHIPMENT');
    const [broken] = await queryRows<{ n: number }>(
      db.db,
      sql`SELECT count(*)::int AS n FROM gift_cards c
          LEFT JOIN (SELECT card_id, sum(amount_cents) AS b FROM gift_card_transactions WHERE result = 'SUCCESS' GROUP BY card_id) l ON l.card_id = c.id
          WHERE c.balance_cents <> coalesce(l.b, 0)`,
    );
    expect(broken.n).toBe(0);
    // the cancelled order's cards, and only they, are voided
    const voided = await queryRows<{ state: string; n: number }>(db.db, sql`SELECT o.state, count(*)::int AS n FROM gift_cards g JOIN orders o ON o.number = g.order_reference WHERE g.voided_at IS NOT NULL GROUP BY o.state`);
    expect(voided).toEqual([{ state: 'CANCELLED', n: 5 }]);
    const [recipients] = await queryRows<{ n: number }>(db.db, sql`SELECT count(*)::int AS n FROM order_recipients WHERE card_id IS NOT NULL`);
    expect(recipients.n).toBe(3);
  });
});
