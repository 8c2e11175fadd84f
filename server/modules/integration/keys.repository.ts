import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ApiKey, ApiKeyScope, ApiKeyState } from '../../../domain/integration';
import type { Db } from '../../db/client';
import { apiKeys, companies, stores, users, type ApiKeyRow } from '../../db/schema';
import { inIds } from '../../lib/company-scope';
import { escapeLike } from '../../lib/like';

/** The SQL of api_keys: records of the back office's list, the row an integration call presents. */

export interface ApiKeyFilter {
  q?: string;
  state?: ApiKeyState;
  storeId?: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** revoked > expired > active, as the list's state filter reads it. */
export function stateOf(row: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>, now: Date): ApiKeyState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function stateCondition(state: ApiKeyState): SQL {
  const expired = and(isNotNull(apiKeys.expiresAt), sql`${apiKeys.expiresAt} <= now()`)!;
  if (state === 'revoked') return isNotNull(apiKeys.revokedAt);
  if (state === 'expired') return and(isNull(apiKeys.revokedAt), expired)!;
  return and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), sql`${apiKeys.expiresAt} > now()`))!;
}

const recordColumns = {
  key: apiKeys,
  companyName: companies.name,
  storeName: stores.name,
  creatorFirst: users.firstName,
  creatorLast: users.lastName,
};

type RecordRow = { key: ApiKeyRow; companyName: string; storeName: string | null; creatorFirst: string | null; creatorLast: string | null };

function toRecord(row: RecordRow, now: Date): ApiKey {
  const k = row.key;
  return {
    id: k.id,
    companyId: k.companyId,
    companyName: row.companyName,
    storeId: k.storeId,
    storeName: row.storeName,
    name: k.name,
    prefix: `tsk_${k.prefix}`,
    scopes: k.scopes as ApiKeyScope[],
    state: stateOf(k, now),
    createdAt: k.createdAt.toISOString(),
    createdBy: row.creatorFirst === null ? null : `${row.creatorFirst} ${row.creatorLast ?? ''}`.trim(),
    expiresAt: iso(k.expiresAt),
    revokedAt: iso(k.revokedAt),
    lastUsedAt: iso(k.lastUsedAt),
  };
}

function recordQuery(db: Db) {
  return db
    .select(recordColumns)
    .from(apiKeys)
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .leftJoin(stores, eq(stores.id, apiKeys.storeId))
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId));
}

/** Keys of the subtree, newest first; the table is small (a few keys per company), so the total is exact. */
export async function listApiKeys(db: Db, companyIds: readonly string[], filter: ApiKeyFilter, offset: number, limit: number): Promise<{ rows: ApiKey[]; total: number }> {
  if (companyIds.length === 0) return { rows: [], total: 0 };
  const q = filter.q?.trim();
  const where = and(
    inIds(sql`${apiKeys.companyId}`, companyIds),
    q ? or(ilike(apiKeys.name, `%${escapeLike(q)}%`), ilike(sql`'tsk_' || ${apiKeys.prefix}`, `%${escapeLike(q)}%`)) : undefined,
    filter.state ? stateCondition(filter.state) : undefined,
    filter.storeId ? eq(apiKeys.storeId, filter.storeId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    recordQuery(db).where(where).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).offset(offset).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(apiKeys).where(where),
  ]);
  const now = new Date();
  return { rows: rows.map((r) => toRecord(r, now)), total: Number(count.n) };
}


export async function findApiKeyRecord(db: Db, companyIds: readonly string[], id: string): Promise<ApiKey | undefined> {
  const [row] = await recordQuery(db).where(and(eq(apiKeys.id, id), inIds(sql`${apiKeys.companyId}`, companyIds)));
  return row && toRecord(row, new Date());
}

/**
 * The active keys of one company, its row locked first (FOR UPDATE): call it in the transaction
 * that inserts, so two creates at once are counted one after the other.
 */
export async function lockActiveKeyCount(db: Db, companyId: string): Promise<number> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), stateCondition('active')));
  return Number(row?.n ?? 0);
}

export async function insertApiKey(db: Db, values: typeof apiKeys.$inferInsert): Promise<string> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  return row.id;
}

/** Revokes a live key of the subtree: the row, or undefined when unknown, out of the subtree or already revoked (told apart by the caller). */
export async function revokeApiKey(db: Db, companyIds: readonly string[], id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedByUserId: userId })
    .where(and(eq(apiKeys.id, id), inIds(sql`${apiKeys.companyId}`, companyIds), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function storeOfCompany(db: Db, companyId: string, storeId: string): Promise<boolean> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(and(eq(stores.id, storeId), eq(stores.companyId, companyId)));
  return row !== undefined;
}
