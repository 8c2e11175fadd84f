import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '../db/client';
import { DRIVERS, createTestDb } from '../test/db';
import { seedDemoData } from './demo';
import { seedIntegratedOrders } from './integratedOrders';

describe.each(DRIVERS)('demo integrated orders (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
  });
  afterAll(() => db.close());

  it("seeds Acme's web-shop orders through the service, their cards active and codes queued, once", async () => {
    await seedDemoData(db.db, { giftcards: true, orders: true });
    expect(await seedIntegratedOrders(db.db)).toEqual({ orders: 0 });
    const rows = await queryRows<{ order_number: string; items: number; active: number; mails: number }>(
      db.db,
      sql`SELECT o.order_number, count(i.id)::int AS items,
            count(*) FILTER (WHERE g.status = 'ACTIVE' AND g.balance_cents = i.denomination_cents)::int AS active,
            count(e.id)::int AS mails
          FROM integrated_orders o JOIN companies c ON c.id = o.company_id AND c.code = 'ACME'
          JOIN integrated_order_items i ON i.order_id = o.id JOIN gift_cards g ON g.id = i.gift_card_id
          LEFT JOIN email_outbox e ON e.id = (i.details->>'outboxId')::uuid
          GROUP BY o.order_number ORDER BY o.order_number`,
    );
    expect(rows).toEqual([
      { order_number: 'SHOP-100231', items: 3, active: 3, mails: 3 },
      { order_number: 'SHOP-100245', items: 1, active: 1, mails: 1 },
      { order_number: 'SHOP-100262', items: 2, active: 2, mails: 2 },
    ]);
  });
});
