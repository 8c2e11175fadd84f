import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../../domain/dashboard';
import { queryRows, type Db } from '../../db/client';

/** The SQL of the dashboard's daily summaries (rollup.ts runs it: which days, when, in chunks). */

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const ZONE = BUSINESS_TIME_ZONE;

/**
 * THE consumption rule (issue 43), for every figure read from the ledger: a consumption stands
 * net of what undid it. `consumed_count` = CONSUME rows − CANCEL rows of a CONSUME;
 * `consumed_cents` = −(CONSUME + RETURN + CANCEL of a CONSUME or of a RETURN) amounts. A cancel
 * counts on its own day, as a return does (the CANCEL row gives back what the returns had not,
 * so consume + returns + cancel nets to 0; cancelling a RETURN, a negative CANCEL, makes that
 * consumption stand again). A CANCEL without a related move (an order's card voided) or of a
 * RECHARGE is no consumption; ERROR rows count nowhere. `t` is the ledger row, `undone` the row
 * a CANCEL reverses (CANCELLED_MOVE joins it, NULL for any other row). Written once, here:
 * migration 0016 holds a frozen copy of it (and names rollup.ts, where it lived then), which stays
 * as written: a migration is history, applied once, never a second source of the rule.
 */
export const CANCELLED_MOVE = sql`LEFT JOIN gift_card_transactions undone ON t.type = 'CANCEL' AND undone.id = t.related_transaction_id`;
export const CONSUMED_COUNT = sql`(count(*) FILTER (WHERE t.type = 'CONSUME') - count(*) FILTER (WHERE undone.type = 'CONSUME'))`;
export const CONSUMED_CENTS = sql`(-COALESCE(sum(t.amount_cents) FILTER (WHERE t.type IN ('CONSUME', 'RETURN') OR undone.type IN ('CONSUME', 'RETURN')), 0))`;
/** the ledger rows some figure reads (the store breakdown needs no other) */
const FIGURE_ROW = sql`(t.type IN ('SOLD', 'ACTIVATE', 'CONSUME', 'RETURN') OR undone.type IN ('CONSUME', 'RETURN'))`;

/**
 * Rewrites the summaries of the business days [from, to] from the ledger, in one transaction: the
 * days' rows are deleted and the aggregates of their SUCCESS rows inserted, so a rewrite is whole
 * whatever it replaces (a late row, a day rewritten twice). A day is [D 00:00, D+1 00:00) in
 * Europe/Rome; a row counts for its ledger company and its card's typology.
 */
export async function rewriteDays(db: Db, from: string, to: string, now: Date): Promise<void> {
  const start = sql`(${from}::date::timestamp AT TIME ZONE ${ZONE})`;
  const end = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${ZONE})`;
  const day = sql`(t.created_at AT TIME ZONE ${ZONE})::date`;
  const figures = sql`count(*) FILTER (WHERE t.type = 'SOLD'),
      count(*) FILTER (WHERE t.type = 'ACTIVATE'),
      COALESCE(sum(t.amount_cents) FILTER (WHERE t.type = 'ACTIVATE'), 0),
      ${CONSUMED_COUNT},
      ${CONSUMED_CENTS}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM giftcard_stats_daily WHERE day BETWEEN ${from} AND ${to}`);
    await tx.execute(sql`DELETE FROM giftcard_store_stats_daily WHERE day BETWEEN ${from} AND ${to}`);
    await tx.execute(sql`INSERT INTO giftcard_stats_daily (day, company_id, typology_id, sold_count, activated_count, activated_cents, consumed_count, consumed_cents, net_cents)
      SELECT ${day}, t.company_id, c.typology_id, ${figures}, COALESCE(sum(t.amount_cents), 0)
      FROM gift_card_transactions t JOIN gift_cards c ON c.id = t.card_id ${CANCELLED_MOVE}
      WHERE t.result = 'SUCCESS' AND t.created_at >= ${start} AND t.created_at < ${end}
      GROUP BY 1, 2, 3`);
    // the store breakdown only needs the rows that are part of a figure (a CANCEL has its move's store)
    await tx.execute(sql`INSERT INTO giftcard_store_stats_daily (day, company_id, store_id, sold_count, activated_count, activated_cents, consumed_count, consumed_cents)
      SELECT ${day}, t.company_id, COALESCE(t.store_id, ${NIL_UUID}::uuid), ${figures}
      FROM gift_card_transactions t ${CANCELLED_MOVE}
      WHERE t.result = 'SUCCESS' AND ${FIGURE_ROW} AND t.created_at >= ${start} AND t.created_at < ${end}
      GROUP BY 1, 2, 3`);
    await tx.execute(sql`INSERT INTO giftcard_stats_days (day, summarized_at)
      SELECT d::date, ${now.toISOString()}::timestamptz FROM generate_series(${from}::date, ${to}::date, interval '1 day') d
      ON CONFLICT (day) DO UPDATE SET summarized_at = EXCLUDED.summarized_at`);
  });
}

/** When the ledger's first move was made, or null for an empty ledger. */
export async function firstLedgerMove(db: Db): Promise<Date | null> {
  const [first] = await queryRows<{ at: Date | string | null }>(db, sql`SELECT min(created_at) AS at FROM gift_card_transactions`);
  return first?.at ? new Date(first.at) : null;
}

/** The business days in [from, to] that no rewrite has summarized yet, in order. */
export function unsummarizedDays(db: Db, from: string, to: string): Promise<Array<{ day: string }>> {
  return queryRows<{ day: string }>(
    db,
    sql`SELECT to_char(d, 'YYYY-MM-DD') AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') d
        WHERE NOT EXISTS (SELECT 1 FROM giftcard_stats_days s WHERE s.day = d::date) ORDER BY 1`,
  );
}
