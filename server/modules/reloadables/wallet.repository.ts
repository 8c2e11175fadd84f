import { sql, type SQL } from 'drizzle-orm';
import { rangeEndExclusive, rangeStart } from '../../../domain/giftcards';
import type { Wallet, WalletMovement, WalletMovementFilter } from '../../../domain/reloadables';
import { queryRows, type Db } from '../../db/client';
import { companySubtree } from '../../db/company-scope';
import { afterCondition, keyedRows, keyOrder, type KeyedRows, type SortKey } from '../../lib/keyset';
import type { PageStart } from '../../lib/ordered-pages';
import { escapeLike } from '../../lib/like';

/**
 * Reads of wallets and their movements. A company never funded has no `wallets` row: it reads as
 * zeros (LEFT JOIN), and `lockWallet` (ledger.repository.ts) creates the row the first time money moves.
 */
interface WalletRow {
  id: string;
  name: string;
  code: string;
  parent_id: string | null;
  balance_cents: string | number | null;
  reserved_cents: string | number | null;
  last_reload_at: Date | string | null;
}

const isoOf = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toWallet(row: WalletRow): Wallet {
  const balance = Number(row.balance_cents ?? 0);
  const reserved = Number(row.reserved_cents ?? 0);
  return {
    id: row.id,
    companyId: row.id,
    companyName: row.name,
    companyCode: row.code,
    balanceCents: balance,
    reservedCents: reserved,
    availableCents: balance - reserved,
    lastReloadAt: isoOf(row.last_reload_at),
    parentCompanyId: row.parent_id,
  };
}

const WALLET_COLUMNS = sql`c.id, c.name, c.code, c.parent_id, w.balance_cents, w.reserved_cents, w.last_reload_at`;

/** The wallet of a company (zeros when never funded); null when the company does not exist. */
export async function walletOf(db: Db, companyId: string): Promise<Wallet | null> {
  const [row] = await queryRows<WalletRow>(db, sql`SELECT ${WALLET_COLUMNS} FROM companies c LEFT JOIN wallets w ON w.company_id = c.id WHERE c.id = ${companyId}`);
  return row ? toWallet(row) : null;
}

export interface SubCompanyQuery {
  q?: string;
  /** by the company's name (the default), or by its id (the wallet's) */
  sort: { field: 'companyName' | 'id'; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

const subCompanyWhere = (rootId: string, q: string | undefined): SQL => {
  const like = q ? `%${escapeLike(q)}%` : null;
  return sql`c.id IN (${companySubtree(rootId)}) AND c.id <> ${rootId} ${like ? sql`AND (c.name ILIKE ${like} OR c.code ILIKE ${like})` : sql``}`;
};

/** The wallets of every company below `rootId` (its whole subtree but itself), by name; with the exact total (a subtree is small). */
export async function subCompanyWallets(db: Db, rootId: string, query: SubCompanyQuery): Promise<{ rows: Wallet[]; total: number }> {
  const where = subCompanyWhere(rootId, query.q);
  const dir = query.sort.order === 'ASC' ? sql`ASC` : sql`DESC`;
  const column = query.sort.field === 'id' ? sql`c.id` : sql`c.name`;
  const rows = await queryRows<WalletRow>(
    db,
    sql`SELECT ${WALLET_COLUMNS} FROM companies c LEFT JOIN wallets w ON w.company_id = c.id WHERE ${where} ORDER BY ${column} ${dir}, c.id ${dir} OFFSET ${query.offset} LIMIT ${query.limit}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM companies c WHERE ${where}`);
  return { rows: rows.map(toWallet), total: count.n };
}

interface MovementRow {
  id: string;
  seq: string | number;
  company_id: string;
  type: WalletMovement['type'];
  reason: WalletMovement['reason'];
  amount_cents: string | number;
  balance_after_cents: string | number;
  counterpart_company_id: string | null;
  counterpart_name: string | null;
  card_id: string | null;
  card_number: string | null;
  run_id: string | null;
  run_number: string | null;
  note: string | null;
  user_name: string | null;
  created_at: Date | string;
}

export function toMovement(row: MovementRow): WalletMovement {
  return {
    id: row.id,
    companyId: row.company_id,
    type: row.type,
    reason: row.reason,
    amountCents: Number(row.amount_cents),
    balanceAfterCents: Number(row.balance_after_cents),
    counterpartCompanyId: row.counterpart_company_id,
    counterpartCompanyName: row.counterpart_name,
    cardId: row.card_id,
    cardNumber: row.card_number,
    runId: row.run_id,
    runNumber: row.run_number,
    note: row.note,
    userName: row.user_name,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function movementWhere(companyId: string, filter: WalletMovementFilter): SQL {
  const parts: SQL[] = [sql`m.company_id = ${companyId}`];
  if (filter.type) parts.push(sql`m.type = ${filter.type}`);
  if (filter.reason) parts.push(sql`m.reason = ${filter.reason}`);
  if (filter.dateFrom) parts.push(sql`m.created_at >= ${rangeStart(filter.dateFrom).toISOString()}`);
  if (filter.dateTo) parts.push(sql`m.created_at < ${rangeEndExclusive(filter.dateTo).toISOString()}`);
  // a movement's size, whatever its sign
  if (filter.amountFrom !== undefined) parts.push(sql`abs(m.amount_cents) >= ${filter.amountFrom}`);
  if (filter.amountTo !== undefined) parts.push(sql`abs(m.amount_cents) <= ${filter.amountTo}`);
  return sql.join(parts, sql` AND `);
}

/** A movement's counterpart, card, run and user (the list's and the CSV's). */
export const MOVEMENT_FROM = sql`FROM wallet_movements m
  LEFT JOIN companies cp ON cp.id = m.counterpart_company_id
  LEFT JOIN reloadable_cards rc ON rc.id = m.card_id
  LEFT JOIN reload_runs rr ON rr.id = m.run_id
  LEFT JOIN users u ON u.id = m.user_id`;

/** Who made a movement, as the list and the CSV name them. */
export const MOVEMENT_USER_NAME = sql`CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END`;

/**
 * A wallet's movements in insertion order (seq: unique, and two movements of one transaction
 * share created_at), the way the list and the CSV walk them; the walk on (company_id, seq).
 */
export const movementKey = (order: 'ASC' | 'DESC', field: 'createdAt' | 'id' = 'createdAt'): SortKey =>
  field === 'id' ? { column: sql`m.id`, type: 'uuid', id: sql`m.id`, order } : { column: sql`m.seq`, type: 'bigint', id: sql`m.id`, order };

/**
 * A wallet's movements for the CSV (export.ts says how they are shown): the filtered movements of
 * the company, newest first as the list walks them, and the values a line is made of.
 */
export function movementExportRows(companyId: string, filter: WalletMovementFilter) {
  return {
    from: (condition: SQL) => sql`${MOVEMENT_FROM} WHERE ${movementWhere(companyId, filter)} AND ${condition}`,
    key: movementKey('DESC'),
    values: {
      createdAt: sql`m.created_at`,
      type: sql`m.type`,
      reason: sql`m.reason`,
      amountCents: sql`m.amount_cents`,
      balanceAfterCents: sql`m.balance_after_cents`,
      counterpartName: sql`cp.name`,
      cardNumber: sql`rc.number`,
      runNumber: sql`rr.number`,
      note: sql`m.note`,
      userName: MOVEMENT_USER_NAME,
    },
  };
}

export interface MovementPage extends PageStart {
  filter: WalletMovementFilter;
  field: 'createdAt' | 'id';
  order: 'ASC' | 'DESC';
}

/** A page of a wallet's movements (after `offset` rows or after a cursor's row), newest first by default; with each row's key. */
export async function listMovements(db: Db, companyId: string, page: MovementPage): Promise<KeyedRows<WalletMovement>> {
  const key = movementKey(page.order, page.field);
  const after = afterCondition(key, page.after);
  const rows = await queryRows<MovementRow & { sort_key: string }>(
    db,
    sql`SELECT m.id, m.seq, ${key.column}::text AS sort_key, m.company_id, m.type, m.reason, m.amount_cents, m.balance_after_cents, m.counterpart_company_id,
          cp.name AS counterpart_name, m.card_id, rc.number AS card_number, m.run_id, rr.number AS run_number, m.note,
          ${MOVEMENT_USER_NAME} AS user_name, m.created_at
        ${MOVEMENT_FROM}
        WHERE ${movementWhere(companyId, page.filter)} AND (${after})
        ORDER BY ${keyOrder(key)} LIMIT ${page.limit} OFFSET ${page.after ? 0 : page.offset}`,
  );
  return keyedRows(rows, toMovement);
}

/** In and out of a wallet over [from, to): for the monthly statement. */
export async function movementSummary(db: Db, companyId: string, from: Date, to: Date): Promise<{ count: number; inCents: number; outCents: number; closingCents: number | null; openingCents: number | null }> {
  const [row] = await queryRows<{ n: number; in_cents: string | null; out_cents: string | null }>(
    db,
    sql`SELECT count(*)::int AS n, sum(amount_cents) FILTER (WHERE amount_cents > 0) AS in_cents, -sum(amount_cents) FILTER (WHERE amount_cents < 0) AS out_cents
        FROM wallet_movements WHERE company_id = ${companyId} AND created_at >= ${from.toISOString()} AND created_at < ${to.toISOString()}`,
  );
  const balanceBefore = async (at: Date) => {
    const [last] = await queryRows<{ b: string | number }>(
      db,
      sql`SELECT balance_after_cents AS b FROM wallet_movements WHERE company_id = ${companyId} AND created_at < ${at.toISOString()} ORDER BY seq DESC LIMIT 1`,
    );
    return last ? Number(last.b) : null;
  };
  return {
    count: row.n,
    inCents: Number(row.in_cents ?? 0),
    outCents: Number(row.out_cents ?? 0),
    openingCents: await balanceBefore(from),
    closingCents: await balanceBefore(to),
  };
}

/** What the company's wallet may still pay (balance less reservations; no wallet: 0). */
export async function walletAvailable(db: Db, companyId: string): Promise<number> {
  const [row] = await queryRows<{ available: string | number }>(db, sql`SELECT balance_cents - reserved_cents AS available FROM wallets WHERE company_id = ${companyId}`);
  return row ? Number(row.available) : 0;
}
