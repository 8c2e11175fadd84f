import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  TRANSACTION_LIST_TYPE_MAP,
  listTypeOf,
  rangeEndExclusive,
  rangeStart,
  type LedgerType,
  type Transaction,
  type TransactionFilter,
  type TransactionResult,
} from '../../../domain/giftcards';
import { rowActions } from '../../../domain/giftcardRules';
import type { CardStatus } from '../../../domain/giftcards';
import type { Db } from '../../db/client';
import { giftCardTransactions, type GiftCardTransactionRow } from '../../db/schema';
import { inIds } from '../../db/company-scope';
import { idList, inIdList, readByIds } from '../../db/id-list';
import { orderedIds, withRecords, type PageStart } from '../../lib/ordered-pages';
import type { KeyedRows } from '../../lib/keyset';

interface TransactionRecordRow {
  id: string;
  card_id: string;
  card_code: string;
  type: LedgerType;
  result: TransactionResult;
  amount_cents: number | string;
  balance_after_cents: number | string;
  frozen_delta_cents: number | string;
  store_id: string | null;
  store_name: string | null;
  store_code: string | null;
  return_number: string | null;
  related_transaction_id: string | null;
  cancelled_by_transaction_id: string | null;
  released_at: Date | string | null;
  returned_cents: number | string;
  typology_name: string;
  user_id: string | null;
  user_name: string | null;
  error_code: string | null;
  created_at: Date | string;
  unfrozen_by_transaction_id: string | null;
  card_status: CardStatus;
  card_expire_date: Date | string | null;
  card_balance_cents: number | string;
  card_frozen_cents: number | string;
  card_voided: boolean;
  related_cancelled: boolean;
}

function toTransaction(row: TransactionRecordRow, now: Date): Transaction {
  const amountCents = Number(row.amount_cents);
  const returnedCents = Number(row.returned_cents);
  const frozenDeltaCents = Number(row.frozen_delta_cents);
  const card = {
    status: row.card_status,
    expireDate: row.card_expire_date === null ? null : new Date(row.card_expire_date),
    balanceCents: Number(row.card_balance_cents),
    frozenCents: Number(row.card_frozen_cents),
    voided: row.card_voided,
  };
  const ledgerRow = { type: row.type, result: row.result, amountCents, returnedCents, frozenDeltaCents, cancelledByTransactionId: row.cancelled_by_transaction_id, released: row.unfrozen_by_transaction_id !== null };
  return {
    id: row.id,
    cardId: row.card_id,
    cardCode: row.card_code,
    type: row.type,
    listType: listTypeOf(row.type),
    result: row.result,
    amountCents,
    balanceAfterCents: Number(row.balance_after_cents),
    frozenDeltaCents,
    storeId: row.store_id,
    storeName: row.store_name,
    storeCode: row.store_code,
    returnNumber: row.return_number,
    relatedTransactionId: row.related_transaction_id,
    cancelledByTransactionId: row.cancelled_by_transaction_id,
    releasedAt: row.released_at === null ? null : new Date(row.released_at).toISOString(),
    returnedCents,
    typologyName: row.typology_name,
    userId: row.user_id,
    userName: row.user_name,
    errorCode: row.error_code,
    createdAt: new Date(row.created_at).toISOString(),
    actions: rowActions(ledgerRow, card, row.related_cancelled, now),
  };
}

/** Ledger rows by id in the caller's companies (every move answers its row with it). */
const transactionRecordsStatement = readByIds<TransactionRecordRow>('tessera_transaction_records', sql`x.id`, (ids) =>
  sql`SELECT x.id, x.card_id, c.code AS card_code, x.type, x.result, x.amount_cents, x.balance_after_cents, x.frozen_delta_cents,
        x.store_id, s.name AS store_name, s.code AS store_code, x.return_number, x.related_transaction_id,
        x.cancelled_by_transaction_id, r.created_at AS released_at, x.returned_cents, t.name AS typology_name, x.user_id,
        CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS user_name, x.error_code, x.created_at,
        x.unfrozen_by_transaction_id, c.status AS card_status, c.expire_date AS card_expire_date, c.balance_cents AS card_balance_cents,
        c.frozen_cents AS card_frozen_cents, c.voided_at IS NOT NULL AS card_voided, (rel.cancelled_by_transaction_id IS NOT NULL) AS related_cancelled
      FROM gift_card_transactions x
      JOIN gift_cards c ON c.id = x.card_id
      JOIN card_typologies t ON t.id = c.typology_id
      LEFT JOIN stores s ON s.id = x.store_id
      LEFT JOIN users u ON u.id = x.user_id
      LEFT JOIN gift_card_transactions r ON r.id = x.unfrozen_by_transaction_id
      LEFT JOIN gift_card_transactions rel ON rel.id = x.related_transaction_id AND x.type = 'RETURN'
      WHERE ${ids} AND ${inIdList(sql`x.company_id`, sql.placeholder('companyIds'))}`,
);

/** Transaction records by id, in the order of `ids`, only inside the company subtree. */
export async function transactionRecordsByIds(db: Db, companyIds: readonly string[], ids: readonly string[]): Promise<Transaction[]> {
  if (ids.length === 0) return [];
  const rows = await transactionRecordsStatement(db, ids, { companyIds: idList(companyIds) });
  const now = new Date();
  const byId = new Map(rows.map((row) => [row.id, toTransaction(row, now)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findTransactionRecord(db: Db, companyIds: readonly string[], id: string): Promise<Transaction | undefined> {
  return (await transactionRecordsByIds(db, companyIds, [id]))[0];
}

function transactionConditions(filter: TransactionFilter): SQL {
  const types = filter.type ? TRANSACTION_LIST_TYPE_MAP[filter.type] : null;
  const parts: (SQL | null)[] = [
    types === null
      ? null
      : types.length === 0
        ? sql`FALSE`
        : sql`x.type IN (${sql.join(
            types.map((t) => sql`${t}`),
            sql`, `,
          )})`,
    filter.dateFrom !== undefined ? sql`x.created_at >= ${rangeStart(filter.dateFrom).toISOString()}` : null,
    filter.dateTo !== undefined ? sql`x.created_at < ${rangeEndExclusive(filter.dateTo).toISOString()}` : null,
    filter.storeId !== undefined ? sql`x.store_id = ${filter.storeId}` : null,
    filter.cardId !== undefined ? sql`x.card_id = ${filter.cardId}` : null,
  ];
  const present = parts.filter((p): p is SQL => p !== null);
  return present.length > 0 ? sql.join(present, sql` AND `) : sql`TRUE`;
}

export interface TransactionPage extends PageStart {
  filter: TransactionFilter;
  /** by when the row was written (the default), or by its id */
  field: 'createdAt' | 'id';
  order: 'ASC' | 'DESC';
}

/** One page (after `offset` rows or after a cursor's row), newest first by default, chosen on (company_id, created_at, id) before any join; with each row's key. */
export async function listTransactions(db: Db, companyIds: readonly string[], page: TransactionPage): Promise<KeyedRows<Transaction>> {
  // the indexes are (created_at DESC NULLS LAST, id DESC NULLS LAST): the ORDER BY must say the same to walk them
  const dir = page.order === 'ASC' ? sql`ASC NULLS FIRST` : sql`DESC NULLS LAST`;
  const conditions = transactionConditions(page.filter);
  const byId = page.field === 'id';
  const column = byId ? sql`x.id` : sql`x.created_at`;
  const ids = await orderedIds(
    db,
    companyIds,
    {
      select: (condition) => sql`SELECT x.id AS id, ${column} AS s FROM gift_card_transactions x WHERE ${condition} AND ${conditions}`,
      innerOrder: sql`${column} ${dir}, x.id ${dir}`,
      outerOrder: sql`u.s ${dir}, u.id ${dir}`,
      companyColumn: sql`x.company_id`,
      key: { column, type: byId ? 'uuid' : 'timestamptz', id: sql`x.id`, order: page.order },
    },
    page,
  );
  return withRecords(ids, (list) => transactionRecordsByIds(db, companyIds, list));
}

/**
 * One ledger row within the companies given (none: not there). The actions on a row read it again
 * after its card is locked: the fields their rules look at only change under that lock.
 */
export async function findTransactionRow(db: Db, companyIds: readonly string[], id: string): Promise<GiftCardTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(giftCardTransactions)
    .where(and(eq(giftCardTransactions.id, id), inIds(sql`${giftCardTransactions.companyId}`, companyIds)));
  return row;
}

/** Marks on a ledger row (cancelled_by, unfrozen_by, returned_cents), under its card's lock. */
export async function setTransactionRow(tx: Db, id: string, values: Partial<GiftCardTransactionRow>): Promise<void> {
  await tx.update(giftCardTransactions).set(values).where(eq(giftCardTransactions.id, id));
}
