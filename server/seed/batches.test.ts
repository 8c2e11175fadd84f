import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '../db/client';
import { DRIVERS, createTestDb } from '../test/db';
import { seedBatches } from './batches';
import { seedDemoData } from './demo';

describe.each(DRIVERS)('demo batches (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
  });
  afterAll(() => db.close());

  // thousands of cards minted and activated, each state change written to the audit trail too: on
  // two loaded cores in the full run this passes the default 30 s, alone it takes about 4 s
  it('seeds batches in several states with their cards and ledger, once', async () => {
    await seedDemoData(db.db, { giftcards: true, orders: true });
    expect(await seedBatches(db.db)).toEqual({ batches: 0 });
    const rows = await queryRows<{ lot_number: string; status: string; archive_status: string | null; activated: boolean; cards: number; span: number | null; error_message: string | null }>(
      db.db,
      sql`SELECT b.lot_number, b.status, b.archive_status, b.activated_at IS NOT NULL AS activated, b.error_message,
            (SELECT count(*)::int FROM gift_cards g WHERE g.company_id = b.company_id AND g.lot_number = b.lot_number) AS cards,
            (SELECT (max(progressive) - min(progressive) + 1)::int FROM gift_cards g WHERE g.lot_number = b.lot_number) AS span
          FROM card_batches b ORDER BY b.lot_number`,
    );
    expect(rows.map((r) => [r.lot_number, r.status, r.archive_status, r.activated, r.cards])).toEqual([
      ['LOT-2026-001', 'COMPLETED', 'PENDING', false, 500],
      ['LOT-2026-002', 'COMPLETED', null, true, 200],
      ['LOT-2026-003', 'ERROR_DEACTIVATE', null, true, 120],
      ['LOT-2026-004', 'ERROR', null, false, 0],
      ['LOT-2026-005', 'PENDING', null, false, 0],
    ]);
    // each made batch is one unbroken run of progressives
    expect(rows.filter((r) => r.cards > 0).every((r) => r.span === r.cards)).toBe(true);
    expect(rows[2].error_message).toBe('1 × ALREADY_USED');
    const statuses = await queryRows<{ lot_number: string; status: string; n: number }>(
      db.db,
      sql`SELECT lot_number, status, count(*)::int AS n FROM gift_cards WHERE lot_number LIKE 'LOT-2026-%' GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(statuses).toEqual([
      { lot_number: 'LOT-2026-001', status: 'NOT_ACTIVE', n: 500 },
      { lot_number: 'LOT-2026-002', status: 'ACTIVE', n: 200 },
      { lot_number: 'LOT-2026-003', status: 'ACTIVE', n: 1 },
      { lot_number: 'LOT-2026-003', status: 'NOT_ACTIVE', n: 119 },
    ]);
    const jobs = await queryRows<{ name: string }>(db.db, sql`SELECT name FROM jobs WHERE status = 'queued' AND name LIKE 'catalog.%' ORDER BY name`);
    expect(jobs.map((j) => j.name)).toEqual(['catalog.batch.archive', 'catalog.batch.generate']);
  }, 120_000);
});
