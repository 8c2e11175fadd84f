import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { giftcardTransactionsParameters, squareCodesParameters } from '../../../../domain/reports';
import { inIds } from '../../../db/company-scope';
import type { CsvRows } from '../../../lib/csv-export';
import { ORDER_LIST_FROM } from '../../orders/repository';
import { MOVEMENT_FROM, movementKey } from '../../reloadables/wallet.repository';

/**
 * The rows each report type reads (types/: its headers, column kinds and words): where they come
 * from over the report's companies and period, their order, and the values the type's own columns
 * read. A type that is another area's export over other rows takes that export's columns and gives
 * it these rows (support.ts overRows). One file: every type's period is the same requester's days.
 */

/** A type's rows: the file's FROM and order, and the values its columns read (named for what they are). */
type ReportRows = CsvRows & { values: Record<string, SQL> };

/** A period of the requester's days: `dateFrom` 00:00 to `dateTo` 24:00 in their zone; an empty bound is open. */
interface Period {
  dateFrom: string;
  dateTo: string;
}

/** The instant a day of the requester's zone starts (`date` 00:00 there). */
const dayStart = (day: string, timeZone: string): SQL => sql`((${day})::date::timestamp AT TIME ZONE ${timeZone})`;
/** The instant a day of the requester's zone ends (the next day's 00:00 there): "at a day" means before this. */
const dayEnd = (day: string, timeZone: string): SQL => sql`(((${day})::date + 1)::timestamp AT TIME ZONE ${timeZone})`;

/** `column` inside [from 00:00, to 24:00) of the requester's days; an empty bound is open. */
function inPeriod(column: SQL, from: string, to: string, timeZone: string): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (from) parts.push(sql`${column} >= ${dayStart(from, timeZone)}`);
  if (to) parts.push(sql`${column} < ${dayEnd(to, timeZone)}`);
  return sql.join(parts, sql` AND `);
}

/**
 * Every card's balance per company and typology at the END of `date` (the requester's zone), from
 * the ledger: each card's SUCCESS moves before that instant, summed — never today's balances. One
 * GROUP BY ROLLUP: a row per typology, a subtotal per company, a total; `level` tells which
 * (GROUPING(company, typology): '0' a typology's row, '1' a company's subtotal, '3' the total).
 * Ordered companies by name, each one's typologies by name then its subtotal, the total last.
 */
export function balancesAtDayEnd(companyIds: readonly string[], date: string, timeZone: string) {
  const end = dayEnd(date, timeZone);
  const balances = sql`SELECT x.card_id, sum(x.amount_cents) AS cents FROM gift_card_transactions x
    WHERE ${inIds(sql`x.company_id`, companyIds)} AND x.result = 'SUCCESS' AND x.created_at < ${end}
    GROUP BY x.card_id`;
  const grouped = sql`SELECT co.id AS company_id, co.name AS company_name, ty.id AS typology_id, ty.name AS typology_name,
      GROUPING(co.id) AS company_level, GROUPING(co.id, ty.id) AS level,
      count(*) FILTER (WHERE b.cents > 0) AS cards, COALESCE(sum(b.cents), 0) AS cents
    FROM (${balances}) b JOIN gift_cards g ON g.id = b.card_id JOIN companies co ON co.id = g.company_id JOIN card_typologies ty ON ty.id = g.typology_id
    GROUP BY ROLLUP ((co.id, co.name), (ty.id, ty.name))`;
  // a row's place: companies by name, each one's typologies by name then its subtotal, the total last
  const ordered = sql`SELECT s.*, row_number() OVER (ORDER BY s.company_level, s.company_name, s.company_id, s.level, s.typology_name, s.typology_id) AS ord FROM (${grouped}) s`;
  return {
    from: (condition: SQL) => sql`FROM (SELECT o.*, ('00000000-0000-4000-8000-' || lpad(to_hex(o.ord), 12, '0'))::uuid AS id FROM (${ordered}) o) r WHERE ${condition}`,
    key: { column: sql`r.ord`, type: 'bigint', id: sql`r.id`, order: 'ASC' },
    values: {
      companyName: sql`r.company_name`,
      typologyName: sql`r.typology_name`,
      level: sql`r.level`,
      /** cards with a balance (> 0) at that instant */
      cards: sql`r.cards`,
      cents: sql`r.cents`,
    },
  } as const satisfies ReportRows;
}

/** Every ledger row of the companies in the period (optionally of one type), oldest first, with its card, company, typology, store and user. */
export function ledgerRows(companyIds: readonly string[], { dateFrom, dateTo, type }: z.output<typeof giftcardTransactionsParameters>, timeZone: string) {
  const where = sql`${inIds(sql`x.company_id`, companyIds)} AND ${inPeriod(sql`x.created_at`, dateFrom, dateTo, timeZone)}
    ${type ? sql`AND x.type = ${type}` : sql``}`;
  return {
    from: (condition: SQL) => sql`FROM gift_card_transactions x JOIN gift_cards g ON g.id = x.card_id JOIN companies co ON co.id = x.company_id
      JOIN card_typologies ty ON ty.id = g.typology_id LEFT JOIN stores s ON s.id = x.store_id LEFT JOIN users u ON u.id = x.user_id
      WHERE ${where} AND ${condition}`,
    key: { column: sql`x.created_at`, type: 'timestamptz', id: sql`x.id`, order: 'ASC' },
    values: {
      createdAt: sql`x.created_at`,
      code: sql`g.code`,
      progressive: sql`g.progressive`,
      company: sql`co.name`,
      typology: sql`ty.name`,
      type: sql`x.type`,
      result: sql`x.result`,
      amountCents: sql`x.amount_cents`,
      balanceAfterCents: sql`x.balance_after_cents`,
      store: sql`s.name`,
      /** who made the move, first and last name (none for the system's) */
      user: sql`CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END`,
    },
  } as const satisfies ReportRows;
}

/**
 * The orders the companies placed or received (the order list's FROM, orders/repository.ts),
 * created in the period, in one of `states` (stored states) or any when null.
 */
export function ordersInPeriod(companyIds: readonly string[], { dateFrom, dateTo }: Period, states: readonly string[] | null, timeZone: string) {
  const where = sql`(${inIds(sql`o.company_id`, companyIds)} OR ${inIds(sql`o.placed_by_company_id`, companyIds)})
    AND ${inPeriod(sql`o.created_at`, dateFrom, dateTo, timeZone)}
    ${states ? sql`AND o.state IN (${sql.join(states.map((state) => sql`${state}`), sql`, `)})` : sql``}`;
  return { from: (condition: SQL) => sql`FROM ${ORDER_LIST_FROM} WHERE ${where} AND ${condition}` };
}

/** The movements of the companies' wallets in the period (the wallet list's FROM), oldest first, with the wallet's company. */
export function walletMovementsInPeriod(companyIds: readonly string[], { dateFrom, dateTo }: Period, timeZone: string) {
  const where = sql`${inIds(sql`m.company_id`, companyIds)} AND ${inPeriod(sql`m.created_at`, dateFrom, dateTo, timeZone)}`;
  return {
    from: (condition: SQL) => sql`${MOVEMENT_FROM} JOIN companies wc ON wc.id = m.company_id WHERE ${where} AND ${condition}`,
    key: movementKey('ASC'),
    values: { walletCompany: sql`wc.name` },
  } satisfies ReportRows;
}

/**
 * The codes of every square order of the companies with their recipient and delivery (the
 * reconciliation export's aliases), filtered by the code's state, the delivery's state (a code with
 * no e-mail yet has none) and the orders' creation days; by order then file line.
 */
export function squareCodesOfOrders(companyIds: readonly string[], { dateFrom, dateTo, status, delivery }: z.output<typeof squareCodesParameters>, timeZone: string) {
  const where = sql`${inIds(sql`o.company_id`, companyIds)} AND ${inPeriod(sql`o.created_at`, dateFrom, dateTo, timeZone)}
    ${status ? sql`AND k.status = ${status}` : sql``}
    ${delivery ? sql`AND m.status = ${delivery}` : sql``}`;
  return {
    from: (condition: SQL) => sql`FROM square_codes k JOIN square_orders o ON o.id = k.order_id JOIN companies co ON co.id = o.company_id
      JOIN square_order_recipients r ON r.id = k.recipient_id LEFT JOIN square_communications m ON m.code_id = k.id
      WHERE ${where} AND ${condition}`,
    key: { column: sql`o.created_at`, type: 'timestamptz', then: [{ column: sql`r.line`, type: 'integer', order: 'ASC' }], id: sql`k.id`, order: 'ASC' },
    values: { orderNumber: sql`o.order_number`, orderCreatedAt: sql`o.created_at`, company: sql`co.name` },
  } as const satisfies ReportRows;
}
