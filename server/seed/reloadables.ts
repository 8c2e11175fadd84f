import { sql } from 'drizzle-orm';
import type { ReloadableCardStatus } from '../../domain/reloadables';
import { queryRows, type Db } from '../db/client';
import { applyWalletMoves, appendCardEvent, creditCards, lockReloadableCards, lockWallet } from '../modules/reloadables/ledger.repository';
import { nextPrintedNumber } from '../db/numbering';

/**
 * The reloadable programme's demo data (issue 10), the same picture as the SPA's demo mode
 * (src/demo/reloadables/seed.ts): Acme (parent of Acme Nord) with 20,000.00 € of plafond after
 * funding Acme Nord, Acme Nord with 300.00 € after its one past run; Acme Nord's 240 cards
 * `535000000000` + 0001..0240 in every state (0231–0240 active without a cardholder), Acme's 60
 * cards `535000000001` + 0001..0060; their cardholders; one completed run of 10 reloads of 25.00 €
 * on Acme Nord's cards 0201–0210 (cards 0001–0200 keep no reload, the journeys reload them); Acme
 * Nord's notification settings. Money moves through ledger.repository.ts, so every invariant holds (wallet
 * balance = its movements, card balance = its RELOAD events). Runs once (skipped when any card or
 * wallet exists); times relative to now.
 */
const FIRST = ['Giulia', 'Marco', 'Sara', 'Luca', 'Chiara', 'Paolo', 'Elena', 'Davide', 'Marta', 'Stefano', 'Laura', 'Andrea', 'Francesca', 'Matteo', 'Valentina'];
const LAST = ['Rossi', 'Bianchi', 'Ferrari', 'Esposito', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Gallo', 'Conti', 'Costa', 'Fontana', 'Moretti', 'Barbieri', 'Lombardi'];
const DAY = 86_400_000;
/** cards were issued and activated early in 2026 */
const ISSUED = '2026-02-02T09:00:00.000Z';
const RUN_RELOAD_CENTS = 2_500;

/** Acme Nord's cards by their last four digits. */
function nordStatus(n: number): ReloadableCardStatus {
  if (n <= 220) return 'ACTIVE';
  if (n <= 225) return 'LOCKED';
  if (n <= 228) return 'NOT ACTIVE';
  if (n === 229) return 'FREEZED';
  if (n === 230) return 'DELETED';
  return 'ACTIVE';
}

interface Owner {
  id: string;
  code: string;
}

/** Cards of one company with their cardholders (one each) and ISSUE events; the locked ones with their LOCK. */
async function addCards(db: Db, owner: Owner, prefix: string, count: number, status: (n: number) => ReloadableCardStatus, withHolder: (n: number) => boolean, lockedAt: Date) {
  const specs = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const suffix = String(n).padStart(4, '0');
    const firstName = FIRST[(n * 7 + count) % FIRST.length];
    const lastName = LAST[(n * 5 + prefix.length) % LAST.length];
    const holder = withHolder(n);
    return {
      number: `${prefix}${suffix}`,
      status: status(n),
      client_id: holder ? `${owner.code}-${suffix}` : null,
      first_name: holder ? firstName : null,
      last_name: holder ? lastName : null,
      email: holder ? `${firstName}.${lastName}.${suffix}@${owner.code}.test`.toLowerCase() : null,
      phone: holder ? `+39 333 ${String(1_000_000 + n * 7919).slice(-7)}` : null,
    };
  });
  const json = JSON.stringify(specs);
  await db.execute(sql`
    WITH spec AS (SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS v(number text, status text, client_id text, first_name text, last_name text, email text, phone text)),
    holders AS (
      INSERT INTO reloadable_users (company_id, first_name, last_name, email, phone, client_id, created_at)
      SELECT ${owner.id}, first_name, last_name, email, phone, client_id, ${ISSUED}::timestamptz FROM spec WHERE first_name IS NOT NULL
      RETURNING id, client_id)
    INSERT INTO reloadable_cards (number, company_id, user_id, client_id, status, activation_date, expiration_date, created_at)
    SELECT s.number, ${owner.id}, h.id, s.client_id, s.status, CASE WHEN s.status = 'NOT ACTIVE' THEN NULL ELSE ${ISSUED}::timestamptz END, '2029-12-31', ${ISSUED}::timestamptz
    FROM spec s LEFT JOIN holders h ON h.client_id = s.client_id`);
  await db.execute(sql`
    INSERT INTO reloadable_card_events (card_id, company_id, type, amount_cents, balance_after_cents, created_at)
    SELECT id, company_id, 'ISSUE', 0, 0, ${ISSUED}::timestamptz FROM reloadable_cards WHERE company_id = ${owner.id} ORDER BY number`);
  const locked = await queryRows<{ id: string }>(db, sql`SELECT id FROM reloadable_cards WHERE company_id = ${owner.id} AND status = 'LOCKED' ORDER BY number`);
  for (const card of locked) await appendCardEvent(db, { id: card.id, companyId: owner.id, balanceCents: 0 }, 'LOCK', null, { from: 'ACTIVE', to: 'LOCKED' });
  await db.execute(sql`UPDATE reloadable_card_events SET created_at = ${lockedAt.toISOString()}::timestamptz WHERE company_id = ${owner.id} AND type = 'LOCK'`);
}

export async function seedReloadables(db: Db, now = new Date()): Promise<{ cards: number }> {
  const [existing] = await queryRows<{ n: number }>(db, sql`SELECT (SELECT count(*) FROM reloadable_cards)::int + (SELECT count(*) FROM wallets)::int AS n`);
  if (existing.n > 0) return { cards: 0 };
  const companyRows = await queryRows<{ id: string; code: string }>(db, sql`SELECT id, code FROM companies WHERE code IN ('ACME', 'ACME-NORD')`);
  const company = new Map(companyRows.map((r) => [r.code, r.id]));
  const userRows = await queryRows<{ id: string; email: string }>(
    db,
    sql`SELECT id, email FROM users WHERE email IN ('admin@tessera.test', 'referent@acme.test', 'operator@acme-nord.test')`,
  );
  const user = new Map(userRows.map((r) => [r.email, r.id]));
  if (company.size < 2 || user.size < 3) return { cards: 0 };
  const acme: Owner = { id: company.get('ACME')!, code: 'ACME' };
  const nord: Owner = { id: company.get('ACME-NORD')!, code: 'ACME-NORD' };
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);

  // Acme's referent is the company's contact: the programme's notifications fall back to them
  await db.execute(sql`UPDATE companies SET referent_user_id = ${user.get('referent@acme.test')!} WHERE id = ${acme.id} AND referent_user_id IS NULL`);

  await addCards(db, nord, '535000000000', 240, nordStatus, (n) => n <= 230, at(45));
  await addCards(db, acme, '535000000001', 60, () => 'ACTIVE', () => true, at(45));

  // the money: provider funding of Acme, a transfer down to Acme Nord, Acme Nord's past run
  const runTotal = 10 * RUN_RELOAD_CENTS;
  const transfer = 30_000 + runTotal;
  const acmeWallet = await lockWallet(db, acme.id);
  await applyWalletMoves(db, acmeWallet, [{ type: 'WALLET_RELOAD', reason: 'FUNDING', amountCents: 2_000_000 + transfer, note: 'Plafond 2026', userId: user.get('admin@tessera.test')! }]);
  await db.execute(sql`UPDATE wallet_movements SET created_at = ${at(60).toISOString()}::timestamptz WHERE company_id = ${acme.id}`);
  const referent = user.get('referent@acme.test')!;
  const wallets = new Map([[acme.id, await lockWallet(db, acme.id)], [nord.id, await lockWallet(db, nord.id)]]);
  await applyWalletMoves(db, wallets.get(acme.id)!, [{ type: 'WALLET_RELOAD', reason: 'TRANSFER_OUT', amountCents: -transfer, counterpartCompanyId: nord.id, userId: referent }]);
  await applyWalletMoves(db, wallets.get(nord.id)!, [{ type: 'WALLET_RELOAD', reason: 'TRANSFER_IN', amountCents: transfer, counterpartCompanyId: acme.id, userId: referent }]);
  await db.execute(sql`UPDATE wallet_movements SET created_at = ${at(30).toISOString()}::timestamptz WHERE reason IN ('TRANSFER_OUT', 'TRANSFER_IN')`);
  await db.execute(sql`UPDATE wallets SET last_reload_at = CASE company_id WHEN ${acme.id}::uuid THEN ${at(60).toISOString()}::timestamptz ELSE ${at(30).toISOString()}::timestamptz END`);
  await seedPastRun(db, nord.id, user.get('operator@acme-nord.test')!, at(10));

  await db.execute(sql`
    INSERT INTO reload_notification_settings (company_id, recipients, low_balance_enabled, low_balance_threshold_cents, run_completed_enabled, run_failed_enabled,
      monthly_statement_enabled, updated_at, updated_by)
    VALUES (${nord.id}, ${JSON.stringify(['operator@acme-nord.test'])}::jsonb, TRUE, 10000, TRUE, TRUE, TRUE, ${at(30).toISOString()}::timestamptz, ${user.get('operator@acme-nord.test')!})`);
  return { cards: 300 };
}

/** One completed MANUAL run of 10 reloads of 25.00 € on Acme Nord's cards 0201–0210, credited through the ledger at `at`. */
async function seedPastRun(db: Db, companyId: string, userId: string, at: Date): Promise<void> {
  const cards = await queryRows<{ id: string }>(db, sql`SELECT id FROM reloadable_cards WHERE company_id = ${companyId} AND number BETWEEN '5350000000000201' AND '5350000000000210' ORDER BY number`);
  const total = cards.length * RUN_RELOAD_CENTS;
  const iso = at.toISOString();
  const [run] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO reload_runs (number, company_id, source, state, started_at, completed_at, row_count, total_cents, credited_count, credited_cents, user_id, created_at)
        VALUES (${nextPrintedNumber('RL-', 'reload_run_number_seq')}, ${companyId}, 'MANUAL', 'COMPLETED', ${iso}::timestamptz, ${iso}::timestamptz,
          ${cards.length}, ${total}, ${cards.length}, ${total}, ${userId}, ${iso}::timestamptz)
        RETURNING id`,
  );
  const rows = await queryRows<{ id: string; card_id: string }>(
    db,
    sql`INSERT INTO reload_rows (run_id, company_id, position, card_id, amount_cents, state, initial_balance_cents, balance_after_cents, inserted_at, credited_at)
        SELECT ${run.id}, ${companyId}, v.p, v.c, ${RUN_RELOAD_CENTS}, 'COMPLETED', 0, ${RUN_RELOAD_CENTS}, ${iso}::timestamptz, ${iso}::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(cards.map((c, i) => ({ p: i + 1, c: c.id })))}::jsonb) AS v(p int, c uuid)
        RETURNING id, card_id`,
  );
  // lock order as everywhere: cards (id order), then the wallet
  const locked = await lockReloadableCards(db, [companyId], rows.map((r) => r.card_id));
  await creditCards(
    db,
    rows.map((r) => ({ card: locked.get(r.card_id)!, amountCents: RUN_RELOAD_CENTS, runId: run.id, rowId: r.id, userId })),
    at,
  );
  const wallet = await lockWallet(db, companyId);
  await applyWalletMoves(
    db,
    wallet,
    rows.map((r) => ({ type: 'CARD_RELOAD' as const, reason: 'CARD_RELOAD' as const, amountCents: -RUN_RELOAD_CENTS, cardId: r.card_id, runId: run.id, rowId: r.id, userId })),
  );
  await db.execute(sql`UPDATE wallet_movements SET created_at = ${iso}::timestamptz WHERE run_id = ${run.id}`);
}
