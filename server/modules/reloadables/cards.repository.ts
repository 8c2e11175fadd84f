import { sql, type SQL } from 'drizzle-orm';
import { cardActionsFor, periodTotals, reloadRefusal, type CardEvent, type ReloadableCard, type ReloadableCardFilter, type ReloadableCardState, type ReloadableCardStatus, type ReloadCaps } from '../../../domain/reloadables';
import { queryRows, type Db } from '../../db/client';
import { inIds } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';

/** Reads of reloadable cards and their history, always inside the caller's company subtree. */
/** What a card list can be ordered by; the declaration (reloadableCardFields) says which of these the API offers. */
export const CARD_SORT_COLUMNS = { number: sql`c.number`, lastReloadAt: sql`c.last_reload_at`, expirationDate: sql`c.expiration_date`, id: sql`c.id` } satisfies Record<string, SQL>;
export type CardSortField = keyof typeof CARD_SORT_COLUMNS;

/** A card's columns the reload rules read (domain ReloadableCardState), as PostgreSQL answers them. */
export interface CardStateRow {
  status: ReloadableCardStatus;
  expiration_date: Date | string | null;
  month_key: string | null;
  year_key: string | null;
  month_reloaded_cents: string | number;
  year_reloaded_cents: string | number;
}

interface CardRow extends CardStateRow {
  id: string;
  number: string;
  company_id: string;
  company_name: string;
  client_id: string | null;
  user_id: string | null;
  customer_name: string | null;
  balance_cents: string | number;
  activation_date: Date | string | null;
  last_reload_at: Date | string | null;
}

const isoOf = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const dayOf = (v: Date | string | null) => (v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** What the reload rules need of a card, from its row (the expiry as its day): the list, the lock and the run checks read it alike. */
export const cardStateOf = (row: CardStateRow): ReloadableCardState => ({
  status: row.status,
  expirationDate: dayOf(row.expiration_date),
  monthKey: row.month_key,
  yearKey: row.year_key,
  monthReloadedCents: Number(row.month_reloaded_cents),
  yearReloadedCents: Number(row.year_reloaded_cents),
});

/**
 * Who looks at cards: the route's company (`companyId`, whose wallet pays a reload), its subtree
 * (the cards it sees, the companies a card may be linked to) and the reload caps (a card at its
 * cap or expired offers no reload).
 */
export interface CardViewer {
  companyId: string;
  companyIds: readonly string[];
  caps: ReloadCaps;
}

/**
 * `now`: the business clock, for the month and year totals (zero when the card's last reload is of
 * an older period) and the actions that would succeed now.
 */
export function toCard(row: CardRow, now: Date, viewer: CardViewer): ReloadableCard {
  const state = cardStateOf(row);
  const totals = periodTotals(state, now);
  return {
    id: row.id,
    number: row.number,
    companyId: row.company_id,
    companyName: row.company_name,
    clientId: row.client_id,
    userId: row.user_id,
    customerName: row.customer_name,
    status: row.status,
    balanceCents: Number(row.balance_cents),
    activationDate: isoOf(row.activation_date),
    expirationDate: dayOf(row.expiration_date),
    lastReloadAt: isoOf(row.last_reload_at),
    monthReloadedCents: totals.month,
    yearReloadedCents: totals.year,
    actions: cardActionsFor(row.status, {
      paidHere: row.company_id === viewer.companyId,
      otherCompanies: viewer.companyIds.some((id) => id !== row.company_id),
      reloadableNow: reloadRefusal(state, 1, now, viewer.caps) === null,
    }),
  };
}

const CARD_SELECT = sql`SELECT c.id, c.number, c.company_id, co.name AS company_name, c.client_id, c.user_id,
    CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS customer_name,
    c.status, c.balance_cents, c.activation_date, c.expiration_date, c.last_reload_at, c.month_key, c.year_key, c.month_reloaded_cents, c.year_reloaded_cents
  FROM reloadable_cards c
  JOIN companies co ON co.id = c.company_id
  LEFT JOIN reloadable_users u ON u.id = c.user_id`;


function cardWhere(companyIds: readonly string[], filter: ReloadableCardFilter): SQL {
  const parts: SQL[] = [inIds(sql`c.company_id`, filter.companyId ? companyIds.filter((id) => id === filter.companyId) : companyIds)];
  if (filter.q) {
    const q = filter.q.trim();
    const alternatives: SQL[] = [sql`c.client_id ILIKE ${`${escapeLike(q)}%`}`];
    const digits = q.replace(/\s/g, '');
    if (/^\d{4,}$/.test(digits)) alternatives.push(sql`c.number LIKE ${`${digits}%`}`);
    const name = `%${escapeLike(q)}%`;
    alternatives.push(sql`(u.first_name || ' ' || u.last_name) ILIKE ${name}`, sql`(u.last_name || ' ' || u.first_name) ILIKE ${name}`);
    parts.push(sql`(${sql.join(alternatives, sql` OR `)})`);
  }
  if (filter.status) parts.push(sql`c.status = ${filter.status}`);
  if (filter.clientId) parts.push(sql`c.client_id = ${filter.clientId}`);
  if (filter.userId) parts.push(sql`c.user_id = ${filter.userId}`);
  return sql.join(parts, sql` AND `);
}

export interface CardListQuery {
  filter: ReloadableCardFilter;
  sort: { field: CardSortField; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

export async function listReloadableCards(db: Db, viewer: CardViewer, query: CardListQuery, now: Date): Promise<ReloadableCard[]> {
  const direction = query.sort.order === 'ASC' ? sql`ASC NULLS LAST` : sql`DESC NULLS LAST`;
  const rows = await queryRows<CardRow>(
    db,
    sql`${CARD_SELECT} WHERE ${cardWhere(viewer.companyIds, query.filter)} ORDER BY ${CARD_SORT_COLUMNS[query.sort.field]} ${direction}, c.id OFFSET ${query.offset} LIMIT ${query.limit}`,
  );
  return rows.map((row) => toCard(row, now, viewer));
}

/** One card of the subtree; null when it is unknown or outside it. */
export async function findReloadableCard(db: Db, viewer: CardViewer, id: string, now: Date): Promise<ReloadableCard | null> {
  const [row] = await queryRows<CardRow>(db, sql`${CARD_SELECT} WHERE c.id = ${id} AND ${inIds(sql`c.company_id`, viewer.companyIds)}`);
  return row ? toCard(row, now, viewer) : null;
}

/** The cards of one cardholder (a user's page), by number. */
export async function cardsOfUser(db: Db, viewer: CardViewer, userId: string, now: Date): Promise<ReloadableCard[]> {
  const rows = await queryRows<CardRow>(db, sql`${CARD_SELECT} WHERE c.user_id = ${userId} AND ${inIds(sql`c.company_id`, viewer.companyIds)} ORDER BY c.number`);
  return rows.map((row) => toCard(row, now, viewer));
}

interface EventRow {
  id: string;
  card_id: string;
  type: CardEvent['type'];
  amount_cents: string | number | null;
  balance_after_cents: string | number;
  run_id: string | null;
  detail: Record<string, string | null> | string | null;
  user_name: string | null;
  created_at: Date | string;
}

/** A card's history, newest first (insertion order) by default, or by the events' ids. */
export async function cardHistory(db: Db, cardId: string, sort: { field: 'createdAt' | 'id'; order: 'ASC' | 'DESC' }, offset: number, limit: number): Promise<CardEvent[]> {
  const dir = sort.order === 'ASC' ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<EventRow>(
    db,
    sql`SELECT e.id, e.card_id, e.type, e.amount_cents, e.balance_after_cents, e.run_id, e.detail, e.created_at,
          CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS user_name
        FROM reloadable_card_events e LEFT JOIN users u ON u.id = e.user_id
        WHERE e.card_id = ${cardId} ORDER BY ${sort.field === 'id' ? sql`e.id` : sql`e.seq`} ${dir} OFFSET ${offset} LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    cardId: row.card_id,
    type: row.type,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    balanceAfterCents: Number(row.balance_after_cents),
    runId: row.run_id,
    detail: typeof row.detail === 'string' ? (JSON.parse(row.detail) as Record<string, string | null>) : row.detail,
    userName: row.user_name,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

// ---------------------------------------------------------------- a card's non-money writes (cards.service.ts decides on the locked card)

/** Serializes client-ID checks of one company (no unique index: client IDs are per company and optional). */
export async function lockClientIds(tx: Db, companyId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`reloadable-client-id:${companyId}`}))`);
}

export async function clientIdUsed(tx: Db, companyId: string, clientId: string, exceptCardId: string): Promise<boolean> {
  const rows = await queryRows(tx, sql`SELECT 1 FROM reloadable_cards WHERE company_id = ${companyId} AND client_id = ${clientId} AND id <> ${exceptCardId} LIMIT 1`);
  return rows.length > 0;
}

export async function clientIdsOf(tx: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; client_id: string | null }>(tx, sql`SELECT id, client_id FROM reloadable_cards WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.id, r.client_id]));
}

/** The numbers of the cards given, in the subtree. */
export async function cardNumbers(tx: Db, ids: readonly string[], companyIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; number: string }>(tx, sql`SELECT id, number FROM reloadable_cards WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) AND ${inIds(sql`company_id`, companyIds)}`);
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** Company names by id (a company link's history event names both). */
export async function companyNames(tx: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; name: string }>(tx, sql`SELECT id, name FROM companies WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function setCardCompany(tx: Db, id: string, companyId: string): Promise<void> {
  await tx.execute(sql`UPDATE reloadable_cards SET company_id = ${companyId}, updated_at = now() WHERE id = ${id}`);
}

export async function setCardStatus(tx: Db, id: string, status: ReloadableCardStatus): Promise<void> {
  await tx.execute(sql`UPDATE reloadable_cards SET status = ${status}, updated_at = now() WHERE id = ${id}`);
}

export async function setCardClientId(tx: Db, id: string, clientId: string): Promise<void> {
  await tx.execute(sql`UPDATE reloadable_cards SET client_id = ${clientId}, updated_at = now() WHERE id = ${id}`);
}
