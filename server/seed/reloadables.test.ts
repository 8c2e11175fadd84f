import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '../db/client';
import { DRIVERS, createTestDb } from '../test/db';
import { seedDemoData } from './demo';
import { seedReloadables } from './reloadables';

describe.each(DRIVERS)('demo reloadables (%s)', (driver) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb(driver);
    await seedDemoData(db.db);
  });
  afterAll(() => db.close());

  it('seeds wallets, cards in every state and one past run whose ledgers add up, once', async () => {
    expect(await seedReloadables(db.db)).toEqual({ cards: 300 });
    expect(await seedReloadables(db.db)).toEqual({ cards: 0 });

    const wallets = await queryRows<{ code: string; balance: string; reserved: string; sum: string; lowest: string }>(
      db.db,
      sql`SELECT c.code, w.balance_cents AS balance, w.reserved_cents AS reserved,
            (SELECT sum(amount_cents) FROM wallet_movements m WHERE m.company_id = w.company_id) AS sum,
            (SELECT min(balance_after_cents) FROM wallet_movements m WHERE m.company_id = w.company_id) AS lowest
          FROM wallets w JOIN companies c ON c.id = w.company_id ORDER BY c.code`,
    );
    expect(wallets.map((w) => [w.code, Number(w.balance), Number(w.reserved), Number(w.sum)])).toEqual([
      ['ACME', 2_000_000, 0, 2_000_000],
      ['ACME-NORD', 30_000, 0, 30_000],
    ]);
    expect(wallets.every((w) => Number(w.lowest) >= 0)).toBe(true);

    const statuses = await queryRows<{ company: string; status: string; n: number; holders: number }>(
      db.db,
      sql`SELECT c.code AS company, r.status, count(*)::int AS n, count(r.user_id)::int AS holders
          FROM reloadable_cards r JOIN companies c ON c.id = r.company_id GROUP BY c.code, r.status ORDER BY c.code, r.status`,
    );
    expect(statuses.map((s) => [s.company, s.status, s.n, s.holders])).toEqual([
      ['ACME', 'ACTIVE', 60, 60],
      ['ACME-NORD', 'ACTIVE', 230, 220],
      ['ACME-NORD', 'DELETED', 1, 1],
      ['ACME-NORD', 'FREEZED', 1, 1],
      ['ACME-NORD', 'LOCKED', 5, 5],
      ['ACME-NORD', 'NOT ACTIVE', 3, 3],
    ]);
    const numbers = await queryRows<{ first: string; last: string; bad: number }>(
      db.db,
      sql`SELECT min(number) AS first, max(number) AS last, count(*) FILTER (WHERE number !~ '^[0-9]{16}$')::int AS bad FROM reloadable_cards`,
    );
    expect(numbers[0]).toEqual({ first: '5350000000000001', last: '5350000000010060', bad: 0 });

    // card balances are their RELOAD events; only cards 0201–0210 were reloaded
    const [cards] = await queryRows<{ broken: number; reloaded: string }>(
      db.db,
      sql`SELECT count(*) FILTER (WHERE c.balance_cents <> coalesce(e.sum, 0))::int AS broken,
            string_agg(CASE WHEN c.balance_cents > 0 THEN right(c.number, 4) END, ',' ORDER BY c.number) AS reloaded
          FROM reloadable_cards c LEFT JOIN (SELECT card_id, sum(amount_cents) AS sum FROM reloadable_card_events WHERE type = 'RELOAD' GROUP BY card_id) e ON e.card_id = c.id`,
    );
    expect(cards.broken).toBe(0);
    expect(cards.reloaded).toBe('0201,0202,0203,0204,0205,0206,0207,0208,0209,0210');
    const [run] = await queryRows<{ state: string; rows: number; credited: string; moves: number }>(
      db.db,
      sql`SELECT r.state, (SELECT count(*)::int FROM reload_rows x WHERE x.run_id = r.id AND x.state = 'COMPLETED') AS rows, r.credited_cents AS credited,
            (SELECT count(*)::int FROM wallet_movements m WHERE m.run_id = r.id AND m.reason = 'CARD_RELOAD') AS moves
          FROM reload_runs r`,
    );
    expect(run).toEqual({ state: 'COMPLETED', rows: 10, credited: expect.anything(), moves: 10 });
    expect(Number(run.credited)).toBe(25_000);

    const [settings] = await queryRows<{ recipients: string[]; low_balance_enabled: boolean; low_balance_threshold_cents: string; run_completed_enabled: boolean }>(
      db.db,
      sql`SELECT recipients, low_balance_enabled, low_balance_threshold_cents, run_completed_enabled FROM reload_notification_settings s JOIN companies c ON c.id = s.company_id WHERE c.code = 'ACME-NORD'`,
    );
    expect(settings).toMatchObject({ recipients: ['operator@acme-nord.test'], low_balance_enabled: true, run_completed_enabled: true });
    expect(Number(settings.low_balance_threshold_cents)).toBe(10_000);

    const accounts = await queryRows<{ email: string; role: string; code: string; is_referent: boolean }>(
      db.db,
      sql`SELECT u.email, u.role, c.code, c.referent_user_id = u.id AS is_referent FROM users u JOIN companies c ON c.id = u.company_id
          WHERE u.email IN ('referent@acme.test', 'operator@acme-nord.test') ORDER BY u.email`,
    );
    expect(accounts).toEqual([
      { email: 'operator@acme-nord.test', role: 'OPERATOR', code: 'ACME-NORD', is_referent: null },
      { email: 'referent@acme.test', role: 'REFERENT', code: 'ACME', is_referent: true },
    ]);
  });
});
