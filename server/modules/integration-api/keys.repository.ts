import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ApiKey, ApiKeyScope, ApiKeyState } from '../../../domain/integration';
import type { grantedKeys } from '../../../domain/permissions';
import type { Db } from '../../db/client';
import { apiKeys, companies, stores, users, type ApiKeyRow } from '../../db/schema';
import type { Actor } from '../../lib/access';
import { companySubtreeJson, inIds } from '../../db/company-scope';
import { escapeLike } from '../../lib/like';
import { countedRead, type RateLimitHit } from '../../lib/rate-limit.repository';
import { findStore } from '../stores/repository';

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

/** What the key list sorts by: when a key was made (newest first by default), or its id. */
export const API_KEY_SORTS = ['createdAt', 'id'] as const;
export type ApiKeySort = { field: (typeof API_KEY_SORTS)[number]; order: 'ASC' | 'DESC' };

/** Keys of the subtree, newest first; the table is small (a few keys per company), so the total is exact. */
export async function listApiKeys(db: Db, companyIds: readonly string[], filter: ApiKeyFilter, sort: ApiKeySort, offset: number, limit: number): Promise<{ rows: ApiKey[]; total: number }> {
  if (companyIds.length === 0) return { rows: [], total: 0 };
  const q = filter.q?.trim();
  const where = and(
    inIds(sql`${apiKeys.companyId}`, companyIds),
    q ? or(ilike(apiKeys.name, `%${escapeLike(q)}%`), ilike(sql`'tsk_' || ${apiKeys.prefix}`, `%${escapeLike(q)}%`)) : undefined,
    filter.state ? stateCondition(filter.state) : undefined,
    filter.storeId ? eq(apiKeys.storeId, filter.storeId) : undefined,
  );
  const dir = sort.order === 'ASC' ? asc : desc;
  const order = sort.field === 'id' ? [dir(apiKeys.id)] : [dir(apiKeys.createdAt), dir(apiKeys.id)];
  const [rows, [count]] = await Promise.all([
    recordQuery(db).where(where).orderBy(...order).offset(offset).limit(limit),
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

/** Whether the store is the company's own (the stores module's lookup, not a copy of it). */
export async function storeOfCompany(db: Db, companyId: string, storeId: string): Promise<boolean> {
  return (await findStore(db, companyId, storeId)) !== undefined;
}

/** A key's rate limit counts its calls per minute (INTEGRATION_RATE_LIMIT_PER_MINUTE). */
const KEY_RATE_WINDOW_MS = 60_000;

/** The row an integration call presents (`keyForCall`). */
export interface KeyForCall {
  id: string;
  company_id: string;
  store_id: string | null;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: ApiKeyScope[];
  created_by_user_id: string;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
  user_status: string;
  permissions: Parameters<typeof grantedKeys>[0];
  language: Actor['language'];
  is_provider: boolean;
  store_code: string | null;
  subtree: string[];
}

/**
 * The key, its creator, its company's subtree (db/company-scope.ts, correlated to the key's row)
 * and its store's code, with the call counted against the key's rate limit in the same statement
 * (lib/rate-limit.repository.ts countedRead): every integration call runs it first, so its text is
 * built once and PostgreSQL plans it once per connection. Only a call that presents the key's
 * secret is counted (`secretHash`, what keys.ts stores: knowing a key's prefix, shown in lists,
 * spends nothing of its budget), under `integration:<key id>`, and only when a limit is set (the
 * key given, `max`); whether the key may call at all is the caller's to decide (keys.service.ts).
 */
const keyForCallStatement = countedRead<KeyForCall>(
  'tessera_integration_key',
  KEY_RATE_WINDOW_MS,
  sql.placeholder('max'),
  sql`SELECT k.id, k.company_id, k.store_id, k.name, k.prefix, k.secret_hash, k.scopes, k.created_by_user_id, k.expires_at, k.revoked_at,
        k.last_used_at, u.status AS user_status, u.permissions, u.language, co.is_provider, s.code AS store_code, ${companySubtreeJson(sql`k.company_id`)} AS subtree
      FROM api_keys k
      JOIN users u ON u.id = k.created_by_user_id
      JOIN companies co ON co.id = k.company_id
      LEFT JOIN stores s ON s.id = k.store_id
      WHERE k.prefix = ${sql.placeholder('prefix')}`,
  { keySuffix: sql`found.id`, when: sql`found.secret_hash = ${sql.placeholder('secretHash')}::text` },
);

/**
 * The key presenting `prefix` (undefined when none does) and the call counted against its limit of
 * `ratePerMinute` (0: no limit, nothing counted, `hit` null; null too when the secret is not the key's).
 */
export async function keyForCall(db: Db, prefix: string, secretHash: string, ratePerMinute: number): Promise<{ row: KeyForCall | undefined; hit: RateLimitHit | null }> {
  const { hit, rows } = await keyForCallStatement(db, ratePerMinute > 0 ? 'integration:' : null, { prefix, secretHash, max: ratePerMinute });
  return { row: rows[0], hit };
}

/** Marks the key used now, unless another instance did within the minute: of several seeing the same stale value, one writes. */
export async function markKeyUsed(db: Db, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), sql`(${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < now() - interval '1 minute')`));
}
