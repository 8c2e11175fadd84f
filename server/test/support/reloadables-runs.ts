import { sql } from 'drizzle-orm';
import type { ReloadableCardStatus } from '../../../domain/reloadables';
import { queryRows, type Db } from '../../db/client';
import { applyWalletMoves, lockWallet } from '../../modules/reloadables/ledger.repository';

/** Builders and ledger checks for reload-run tests: rows made straight in the database. */

let serial = 0;
/** A fresh 16-digit card number (unique across the tests of one process and its siblings). */
export function cardNumber(): string {
  serial += 1;
  return `53${String(process.pid % 10_000).padStart(4, '0')}${String(Date.now() % 100_000).padStart(5, '0')}${String(serial).padStart(5, '0')}`.slice(0, 16);
}

export interface ReloadableCardSpec {
  status?: ReloadableCardStatus;
  balanceCents?: number;
  expirationDate?: string | null;
  customer?: { firstName: string; lastName: string };
  /** month/year reloaded totals of the current period (caps) */
  monthReloadedCents?: number;
}

/** Cards of `companyId` (ACTIVE by default), their balance as one ISSUE event so the card ledger sums. */
export async function addReloadableCards(db: Db, companyId: string, count: number, spec: ReloadableCardSpec = {}): Promise<Array<{ id: string; number: string }>> {
  let userId: string | null = null;
  if (spec.customer) {
    [{ id: userId }] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO reloadable_users (company_id, first_name, last_name) VALUES (${companyId}, ${spec.customer.firstName}, ${spec.customer.lastName}) RETURNING id`,
    );
  }
  const now = new Date();
  const period = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
  const cards = Array.from({ length: count }, () => ({ n: cardNumber() }));
  const rows = await queryRows<{ id: string; number: string }>(
    db,
    sql`INSERT INTO reloadable_cards (number, company_id, user_id, status, balance_cents, expiration_date, month_key, month_reloaded_cents, year_key, year_reloaded_cents, activation_date)
        SELECT v.n, ${companyId}, ${userId}, ${spec.status ?? 'ACTIVE'}, ${spec.balanceCents ?? 0}, ${spec.expirationDate ?? null}::date,
          ${period}, ${spec.monthReloadedCents ?? 0}, ${period.slice(0, 4)}, ${spec.monthReloadedCents ?? 0}, now()
        FROM jsonb_to_recordset(${JSON.stringify(cards)}::jsonb) AS v(n text)
        RETURNING id, number`,
  );
  await db.execute(sql`
    INSERT INTO reloadable_card_events (card_id, company_id, type, amount_cents, balance_after_cents)
    SELECT id, company_id, 'ISSUE', balance_cents, balance_cents FROM reloadable_cards WHERE id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb))::uuid)`);
  const order = new Map(cards.map((c, i) => [c.n, i]));
  return rows.sort((a, b) => order.get(a.number)! - order.get(b.number)!);
}

/** Money into a company's wallet, as provider funding would put it. */
export async function fundWallet(db: Db, companyId: string, cents: number): Promise<void> {
  await db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, companyId);
    await applyWalletMoves(tx, wallet, [{ type: 'WALLET_RELOAD', reason: 'FUNDING', amountCents: cents }]);
  });
}

export async function walletOf(db: Db, companyId: string): Promise<{ balance: number; reserved: number; movementsSum: number }> {
  const [row] = await queryRows<{ balance: string; reserved: string; sum: string }>(
    db,
    sql`SELECT w.balance_cents AS balance, w.reserved_cents AS reserved, (SELECT coalesce(sum(amount_cents), 0) FROM wallet_movements m WHERE m.company_id = w.company_id) AS sum
        FROM wallets w WHERE w.company_id = ${companyId}`,
  );
  return row ? { balance: Number(row.balance), reserved: Number(row.reserved), movementsSum: Number(row.sum) } : { balance: 0, reserved: 0, movementsSum: 0 };
}

export async function balanceOf(db: Db, cardId: string): Promise<number> {
  const [row] = await queryRows<{ b: string }>(db, sql`SELECT balance_cents AS b FROM reloadable_cards WHERE id = ${cardId}`);
  return Number(row.b);
}

/** Per run: rows, credited rows, card RELOAD events and CARD_RELOAD movements per row (each must be 1 on a credited row), cards whose balance is not their events' sum. */
export async function runLedger(db: Db, runId: string) {
  const [row] = await queryRows<{ rows: string; completed: string; deleted: string; events_bad: string; moves_bad: string; cards_bad: string; reserved: string }>(
    db,
    sql`SELECT
          (SELECT count(*) FROM reload_rows WHERE run_id = ${runId}) AS rows,
          (SELECT count(*) FROM reload_rows WHERE run_id = ${runId} AND state = 'COMPLETED') AS completed,
          (SELECT count(*) FROM reload_rows WHERE run_id = ${runId} AND state = 'DELETED') AS deleted,
          (SELECT count(*) FROM reload_rows w WHERE w.run_id = ${runId}
             AND (SELECT count(*) FROM reloadable_card_events e WHERE e.row_id = w.id) <> CASE WHEN w.state = 'COMPLETED' THEN 1 ELSE 0 END) AS events_bad,
          (SELECT count(*) FROM reload_rows w WHERE w.run_id = ${runId}
             AND (SELECT count(*) FROM wallet_movements m WHERE m.row_id = w.id AND m.amount_cents = -w.amount_cents) <> CASE WHEN w.state = 'COMPLETED' THEN 1 ELSE 0 END) AS moves_bad,
          (SELECT count(*) FROM reloadable_cards c WHERE c.id IN (SELECT card_id FROM reload_rows WHERE run_id = ${runId})
             AND c.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM reloadable_card_events e WHERE e.card_id = c.id AND e.type IN ('ISSUE', 'RELOAD'))) AS cards_bad,
          (SELECT reserved_cents FROM reload_runs WHERE id = ${runId}) AS reserved`,
  );
  return {
    rows: Number(row.rows),
    completed: Number(row.completed),
    deleted: Number(row.deleted),
    eventsBad: Number(row.events_bad),
    movesBad: Number(row.moves_bad),
    cardsBad: Number(row.cards_bad),
    reserved: Number(row.reserved),
  };
}
