import { and, eq, sql } from 'drizzle-orm';
import { grantedKeys, permissionsFrom, type PermissionKey } from '../../../domain/permissions';
import { API_KEY_LIMITS, SCOPE_PERMISSIONS, scopeHeld, type ApiKey, type ApiKeyCreateBody, type ApiKeyCreated, type ApiKeyScope } from '../../../domain/integration';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { assertCan, type Actor } from '../../lib/access';
import { companySubtreeJson } from '../../lib/company-scope';
import { ApiError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/pg-errors';
import { countedRead, type RateLimitHit } from '../../lib/rate-limit-store';
import { sha256 } from '../../lib/tokens';
import type { IntegrationCaller } from './caller';
import { findApiKeyRecord, insertApiKey, listApiKeys, lockActiveKeyCount, revokeApiKey, stateOf, storeOfCompany, type ApiKeyFilter } from './keys.repository';
import { newApiKey, parseApiKey, secretMatches } from './keys';

/** API keys in the back office (access entry `api-keys`) and their check on every integration call. */

const RESOURCE = 'api-keys';

export function listKeys(db: Db, actor: Actor, filter: ApiKeyFilter, offset: number, limit: number) {
  assertCan(actor, RESOURCE, 'list');
  return listApiKeys(db, actor.companyIds, filter, offset, limit);
}

/**
 * A key of the route's company: only scopes the creator holds (403 API_KEY_SCOPE_NOT_HELD, before
 * anything else is looked at), a store of that company (404 otherwise). The answer carries the
 * whole key this once; only its prefix and the SHA-256 of its secret are kept. A company holds
 * at most API_KEY_LIMITS.maxActivePerCompany active keys (409 API_KEYS_LIMIT, nothing written),
 * counted with the company's row locked in the transaction of the insert.
 */
export async function createKey(db: Db, actor: Actor, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  assertCan(actor, RESOURCE, 'create');
  const lacking = body.scopes.filter((scope) => !scopeHeld(actor.permissions, scope));
  if (lacking.length > 0) throw new ApiError(403, 'API_KEY_SCOPE_NOT_HELD', `The creator lacks the permissions of ${lacking.join(', ')}`, { scopes: 'validation.apiKeyScopeNotHeld' });
  if (body.expiresAt && new Date(body.expiresAt).getTime() <= Date.now()) throw new ApiError(400, 'VALIDATION_ERROR', 'The expiry is past', { expiresAt: 'validation.invalid' });
  if (body.storeId && !(await storeOfCompany(db, actor.companyId, body.storeId))) throw notFound('Unknown store');
  const made = newApiKey();
  const max = API_KEY_LIMITS.maxActivePerCompany;
  const id = await db.transaction(async (tx) => {
    if ((await lockActiveKeyCount(tx, actor.companyId)) >= max) {
      throw new ApiError(409, 'API_KEYS_LIMIT', `The company holds ${max} active keys already: revoke one first`, undefined, { max });
    }
    return insertApiKey(tx, {
      companyId: actor.companyId,
      storeId: body.storeId ?? null,
      name: body.name,
      prefix: made.prefix,
      secretHash: made.secretHash,
      scopes: [...new Set(body.scopes)],
      createdByUserId: actor.userId,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    });
  });
  const record = await findApiKeyRecord(db, [actor.companyId], id);
  if (!record) throw new Error('created key vanished');
  return { ...record, key: made.key };
}

/** Revokes a key of the subtree: unknown → 404, revoked already → 409 API_KEY_ALREADY_REVOKED. */
export async function revokeKey(db: Db, actor: Actor, id: string): Promise<ApiKey> {
  assertCan(actor, RESOURCE, 'revoke');
  if (!isUuid(id)) throw notFound();
  if (!(await revokeApiKey(db, actor.companyIds, id, actor.userId))) {
    const existing = await findApiKeyRecord(db, actor.companyIds, id);
    if (!existing) throw notFound();
    throw new ApiError(409, 'API_KEY_ALREADY_REVOKED', 'The key is revoked already');
  }
  const record = await findApiKeyRecord(db, actor.companyIds, id);
  if (!record) throw notFound();
  return record;
}

/** What an integration call's key may do: its creator's permission flags, cut to those its scopes need. */
export function keyPermissions(creatorKeys: readonly PermissionKey[], scopes: readonly ApiKeyScope[]) {
  const allowed = new Set<PermissionKey>(scopes.flatMap((scope) => SCOPE_PERMISSIONS[scope] ?? []));
  return permissionsFrom(creatorKeys.filter((key) => allowed.has(key)));
}

const invalidKey = () => new ApiError(401, 'API_KEY_INVALID', 'A valid API key is required');

/** A key's rate limit counts its calls per minute (INTEGRATION_RATE_LIMIT_PER_MINUTE). */
const KEY_RATE_WINDOW_MS = 60_000;

/** How often a key's last use is written at most: a busy till writes once a minute, not once per call. */
const LAST_USE_EVERY_MS = 60_000;

interface KeyRow {
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
 * The key, its creator, its company's subtree (lib/company-scope.ts, correlated to the key's row)
 * and its store's code, with the call counted against the key's rate limit in the same statement
 * (lib/rate-limit-store.ts countedRead): every integration call runs it first, so its text is
 * built once and PostgreSQL plans it once per connection. Only a call that presents the key's
 * secret is counted (`secretHash`, what keys.ts stores: knowing a key's prefix, shown in lists,
 * spends nothing of its budget), under `integration:<key id>`, and only when a limit is set (the
 * key given, `max`); whether the key may call at all is decided below, as before.
 */
const keyByPrefix = countedRead<KeyRow>(
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

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The caller of an integration request: the key found by its prefix, its secret compared in
 * constant time, refused when revoked, expired or its creator is no longer active — every failure
 * the same 401 API_KEY_INVALID. One statement loads the key, its creator, its company's subtree
 * and its store's code, and counts the call against the key's limit (`rateLimitPerMinute`, 0: no
 * limit): the hit is answered with the caller.
 */
export async function authenticateKey(db: Db, header: string | undefined, rateLimitPerMinute = 0): Promise<{ caller: IntegrationCaller; hit: RateLimitHit | null }> {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const parsed = match ? parseApiKey(match[1]) : null;
  if (!parsed) throw invalidKey();
  const limited = rateLimitPerMinute > 0;
  const {
    hit,
    rows: [row],
  } = await keyByPrefix(db, limited ? 'integration:' : null, { prefix: parsed.prefix, secretHash: sha256(parsed.secret), max: rateLimitPerMinute });
  const now = new Date();
  if (!row || !secretMatches(parsed.secret, row.secret_hash)) throw invalidKey();
  const lastUsedAt = dateOrNull(row.last_used_at);
  if (stateOf({ revokedAt: dateOrNull(row.revoked_at), expiresAt: dateOrNull(row.expires_at) }, now) !== 'active' || row.user_status !== 'ACTIVE') throw invalidKey();
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USE_EVERY_MS) {
    // conditional: of several instances seeing the same stale value, one writes
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.id, row.id), sql`(${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < now() - interval '1 minute')`));
  }
  const scopes = row.scopes;
  const actor: Actor = {
    userId: row.created_by_user_id,
    permissions: keyPermissions(grantedKeys(row.permissions), scopes),
    company: { id: row.company_id, isProvider: row.is_provider },
    language: row.language,
    companyId: row.company_id,
    companyIds: row.subtree,
  };
  const caller = { keyId: row.id, keyName: row.name, prefix: row.prefix, scopes, storeId: row.store_id, storeCode: row.store_code, actor };
  if (!limited) return { caller, hit: null };
  if (!hit) throw new Error('rate limit: no row returned');
  return { caller, hit };
}
