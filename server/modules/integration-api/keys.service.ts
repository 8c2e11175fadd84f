import { grantedKeys, permissionsFrom, type PermissionKey } from '../../../domain/permissions';
import { API_KEY_LIMITS, SCOPE_PERMISSIONS, scopeHeld, type ApiKey, type ApiKeyCreateBody, type ApiKeyCreated, type ApiKeyScope } from '../../../domain/integration';
import type { Db } from '../../db/client';
import { assertCan, type Actor } from '../../lib/access';
import { ApiError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/pg-errors';
import type { RateLimitHit } from '../../lib/rate-limit.repository';
import { sha256 } from '../../lib/tokens';
import type { IntegrationCaller } from './caller';
import { findApiKeyRecord, insertApiKey, keyForCall, listApiKeys, lockActiveKeyCount, markKeyUsed, revokeApiKey, stateOf, storeOfCompany, type ApiKeyFilter, type ApiKeySort } from './keys.repository';
import { newApiKey, parseApiKey, secretMatches } from './keys';

/** API keys in the back office (access entry `api-keys`) and their check on every integration call. */

const RESOURCE = 'api-keys';

export function listKeys(db: Db, actor: Actor, filter: ApiKeyFilter, sort: ApiKeySort, offset: number, limit: number) {
  assertCan(actor, RESOURCE, 'list');
  return listApiKeys(db, actor.companyIds, filter, sort, offset, limit);
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

/** How often a key's last use is written at most: a busy till writes once a minute, not once per call. */
const LAST_USE_EVERY_MS = 60_000;

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
  const { row, hit } = await keyForCall(db, parsed.prefix, sha256(parsed.secret), rateLimitPerMinute);
  const now = new Date();
  if (!row || !secretMatches(parsed.secret, row.secret_hash)) throw invalidKey();
  const lastUsedAt = dateOrNull(row.last_used_at);
  if (stateOf({ revokedAt: dateOrNull(row.revoked_at), expiresAt: dateOrNull(row.expires_at) }, now) !== 'active' || row.user_status !== 'ACTIVE') throw invalidKey();
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USE_EVERY_MS) {
    // conditional: of several instances seeing the same stale value, one writes
    await markKeyUsed(db, row.id);
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
  if (rateLimitPerMinute === 0) return { caller, hit: null };
  if (!hit) throw new Error('rate limit: no row returned');
  return { caller, hit };
}
