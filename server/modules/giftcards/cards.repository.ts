import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CardFilter, CardStatus, GiftCard } from '../../../domain/giftcards';
import { queryRows, type Db } from '../../db/client';
import { idList, inIdList, readByIds } from '../../db/id-list';
import { giftCardFields } from '../../../domain/schemas/giftcard';
import { declaredOrder } from '../../lib/list-query';
import { CARD_SORT_COLUMNS, cardFilterConditions } from './card-filter.repository';
import { orderedIds, withRecords, type OrderedQuery, type PageStart } from '../../lib/ordered-pages';
import type { KeyedRows, KeyType } from '../../lib/keyset';
import { effectiveStatus } from '../../../domain/giftcardRules';
import { inCompanySubtree, inIds } from '../../db/company-scope';
import type { CsvRows } from '../../lib/csv-export';
import { epochMillis } from '../../lib/row-stream';

export type CardSortField = keyof typeof CARD_SORT_COLUMNS;
/** The card lists' sorts and default order: the declaration's (giftCardFields), each a column the cards are ordered by. */
export const CARD_ORDER = declaredOrder(giftCardFields, CARD_SORT_COLUMNS);

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const num = (value: number | string | bigint): number => Number(value);

/** The columns of a card record (alias c, joined t = typology, co = company, s = activation store). */
export const CARD_RECORD_COLUMNS = sql`c.id, c.code, c.progressive, c.lot_number, c.order_reference, c.typology_id, t.name AS typology_name,
  c.company_id, co.name AS company_name, c.status, c.balance_cents, c.frozen_cents, c.activation_date, c.expire_date,
  c.first_use_date, c.activation_store_id, s.name AS store_name, c.voided_at IS NOT NULL AS voided, c.created_at`;
export const CARD_RECORD_JOINS = sql`JOIN card_typologies t ON t.id = c.typology_id
  JOIN companies co ON co.id = c.company_id
  LEFT JOIN stores s ON s.id = c.activation_store_id`;

export interface CardRecordRow {
  id: string;
  code: string;
  progressive: number | string;
  lot_number: string | null;
  order_reference: string | null;
  typology_id: string;
  typology_name: string;
  company_id: string;
  company_name: string;
  status: CardStatus;
  balance_cents: number | string;
  frozen_cents: number | string;
  activation_date: Date | string | null;
  expire_date: Date | string | null;
  first_use_date: Date | string | null;
  activation_store_id: string | null;
  store_name: string | null;
  voided: boolean;
  created_at: Date | string;
}

export function toCardRecord(row: CardRecordRow, now = new Date()): GiftCard {
  const balanceCents = num(row.balance_cents);
  const frozenCents = num(row.frozen_cents);
  const expireDate = row.expire_date === null ? null : new Date(row.expire_date);
  return {
    id: row.id,
    code: row.code,
    progressive: num(row.progressive),
    lotNumber: row.lot_number,
    orderReference: row.order_reference,
    typologyId: row.typology_id,
    typologyName: row.typology_name,
    companyId: row.company_id,
    companyName: row.company_name,
    status: effectiveStatus({ status: row.status, expireDate }, now),
    balanceCents,
    frozenCents,
    availableBalanceCents: balanceCents - frozenCents,
    activationDate: iso(row.activation_date),
    expireDate: iso(row.expire_date),
    firstUseDate: iso(row.first_use_date),
    storeId: row.activation_store_id,
    storeName: row.store_name,
    voided: row.voided,
    createdAt: iso(row.created_at) as string,
  };
}

/** Cards by id in the caller's companies (every move answers its card with it). */
const cardRecordsStatement = readByIds<CardRecordRow>(
  'tessera_card_records',
  sql`c.id`,
  (ids) => sql`SELECT ${CARD_RECORD_COLUMNS} FROM gift_cards c ${CARD_RECORD_JOINS} WHERE ${ids} AND ${inIdList(sql`c.company_id`, sql.placeholder('companyIds'))}`,
);

/** Card records by id, in the order of `ids`, only inside the company subtree. */
export async function cardRecordsByIds(db: Db, companyIds: readonly string[], ids: readonly string[]): Promise<GiftCard[]> {
  if (ids.length === 0) return [];
  const rows = await cardRecordsStatement(db, ids, { companyIds: idList(companyIds) });
  const byId = new Map(rows.map((row) => [row.id, toCardRecord(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findCardRecord(db: Db, companyIds: readonly string[], id: string): Promise<GiftCard | undefined> {
  return (await cardRecordsByIds(db, companyIds, [id]))[0];
}

export interface CardPage extends PageStart {
  filter: CardFilter;
  sort: { field: CardSortField; order: 'ASC' | 'DESC' };
}

/** The sort columns' types and whether they may be NULL (the keyset cursor's checks, keyset.ts). */
const CARD_SORT_KEYS: Record<CardSortField, { type: KeyType; nullable: boolean }> = {
  progressive: { type: 'bigint', nullable: false },
  createdAt: { type: 'timestamptz', nullable: false },
  activationDate: { type: 'timestamptz', nullable: true },
  expireDate: { type: 'timestamptz', nullable: true },
  id: { type: 'uuid', nullable: false },
};

function cardOrder(filter: CardFilter, field: CardSortField, order: 'ASC' | 'DESC', filterFirst = false): OrderedQuery {
  const column = CARD_SORT_COLUMNS[field];
  const dir = order === 'ASC' ? sql`ASC` : sql`DESC`;
  const nulls = order === 'ASC' ? sql`NULLS LAST` : sql`NULLS FIRST`;
  const conditions = cardFilterConditions(filter);
  // COALESCE(x, x) sorts the same but no index provides it: the planner then narrows with the filter's index first
  const sortKey = filterFirst ? sql`COALESCE(${column}, ${column})` : column;
  return {
    select: (condition) => sql`SELECT c.id AS id, ${column} AS s FROM gift_cards c WHERE ${condition} AND ${conditions}`,
    innerOrder: sql`${sortKey} ${dir} ${nulls}, c.id ${dir}`,
    outerOrder: sql`u.s ${dir} ${nulls}, u.id ${dir}`,
    companyColumn: sql`c.company_id`,
    key: { column, ...CARD_SORT_KEYS[field], id: sql`c.id`, order },
  };
}

const NARROW = 20_000;

/**
 * Dates follow the progressive (cards are made and activated in order), so a date range walked
 * in progressive order may skip most of the table before its first match. A bounded count on the
 * date index tells a narrow range (sort its few rows) from a wide one (walk the sort order).
 */
async function narrowDateRange(db: Db, companyIds: readonly string[], filter: CardFilter, field: CardSortField): Promise<boolean> {
  const onDates = filter.activationFrom ?? filter.activationTo ?? filter.expiryFrom ?? filter.expiryTo;
  if (onDates === undefined || field === 'activationDate' || field === 'expireDate') return false;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM gift_cards c WHERE ${inIds(sql`c.company_id`, companyIds)} AND ${cardFilterConditions(filter)} LIMIT ${NARROW + 1}) s`,
  );
  return row.n <= NARROW;
}

/** One page of cards (after `offset` rows or after a cursor's row), with their keys: the page is chosen on the indexes alone, the joins run on its rows only. */
export async function listCards(db: Db, companyIds: readonly string[], page: CardPage): Promise<KeyedRows<GiftCard>> {
  const filterFirst = await narrowDateRange(db, companyIds, page.filter, page.sort.field);
  const ids = await orderedIds(db, companyIds, cardOrder(page.filter, page.sort.field, page.sort.order, filterFirst), page);
  return withRecords(ids, (list) => cardRecordsByIds(db, companyIds, list));
}

/**
 * The size of the filtered set, exact up to `cap`: `SELECT count(*) FROM (SELECT 1 … LIMIT cap+1)`
 * on the same conditions and indexes as the list (company subtree first), so the database stops
 * after cap + 1 matching index entries whatever the company's size (bench/ on 1M cards).
 */
export async function countCards(db: Db, companyIds: readonly string[], filter: CardFilter, cap: number): Promise<{ count: number; capped: boolean }> {
  if (companyIds.length === 0) return { count: 0, capped: false };
  const [row] = await queryRows<{ n: number }>(db, cardCountSql(companyIds, filter, cap));
  return row.n > cap ? { count: cap, capped: true } : { count: row.n, capped: false };
}

export function cardCountSql(companyIds: readonly string[], filter: CardFilter, cap: number): SQL {
  return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM gift_cards c WHERE ${inIds(sql`c.company_id`, companyIds)} AND ${cardFilterConditions(filter)} LIMIT ${cap + 1}) s`;
}

/** Ids of the filtered set, in progressive order, at most `max` (bulk actions on a filter). */
export async function filteredCardIds(db: Db, companyIds: readonly string[], filter: CardFilter, max: number): Promise<string[]> {
  const filterFirst = await narrowDateRange(db, companyIds, filter, 'progressive');
  return (await orderedIds(db, companyIds, cardOrder(filter, 'progressive', 'ASC', filterFirst), { limit: max, offset: 0 })).rows;
}

/** The card with this exact code, inside the subtree (one indexed lookup). */
/**
 * The read of a search by code: the card with this exact code in the subtree of `rootId` (the
 * route's company), as CardRecordRow columns. Run with the search's rate-limit count, one statement.
 */
export function cardByCodeRead(rootId: string | Placeholder, code: string | Placeholder): SQL {
  return sql`SELECT ${CARD_RECORD_COLUMNS} FROM gift_cards c ${CARD_RECORD_JOINS} WHERE c.code = ${code} AND ${inCompanySubtree(sql`c.company_id`, rootId)}`;
}

/**
 * The filtered cards of `companyIds` as the CSV download reads them (giftcards/export.ts), in
 * progressive order: each value a card record has (alias c, with CARD_RECORD_JOINS' names).
 */
export function cardExportRows(companyIds: readonly string[], filter: CardFilter) {
  return {
    from: (condition: SQL) => sql`FROM gift_cards c ${CARD_RECORD_JOINS} WHERE ${inIds(sql`c.company_id`, companyIds)} AND ${cardFilterConditions(filter)} AND ${condition}`,
    key: { column: sql`c.progressive`, type: 'bigint', id: sql`c.id`, order: 'ASC' },
    values: {
      code: sql`c.code`,
      progressive: sql`c.progressive`,
      lotNumber: sql`c.lot_number`,
      orderReference: sql`c.order_reference`,
      typologyName: sql`t.name`,
      companyName: sql`co.name`,
      /** the stored state, before expiry is applied */
      storedStatus: sql`c.status`,
      balanceCents: sql`c.balance_cents`,
      frozenCents: sql`c.frozen_cents`,
      activationDate: sql`c.activation_date`,
      expireDate: sql`c.expire_date`,
      /** the expiry as epoch milliseconds (what the state is worked out from) */
      expireMillis: epochMillis(sql`c.expire_date`),
      firstUseDate: sql`c.first_use_date`,
      storeName: sql`s.name`,
      createdAt: sql`c.created_at`,
    },
  } satisfies CsvRows & { values: Record<string, SQL> };
}
