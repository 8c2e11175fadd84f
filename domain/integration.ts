import { z } from 'zod';
import type { PermissionKey } from './permissions';
import { hasAnyPermission, type Permissions } from './permissions';
import { maxItemsMessage, VALIDATION_MESSAGES } from './messages';
import { textField } from './text';

/**
 * The integration API (issue 22): tills and web shops call `/api/integration/v1/…` with an API key
 * (`Authorization: Bearer <key>`), never a session; a session never reaches those routes and a key
 * never reaches the back-office API. Keys are managed in the back office:
 *
 *   GET  /api/company/{companyId}/api-keys                 ApiKey[] of the subtree (filter: q, state, storeId;
 *                                                          sort createdAt DESC; Content-Range with a total)
 *   POST /api/company/{companyId}/api-keys                 ApiKeyCreateBody → 201 ApiKeyCreated (the secret, once)
 *   POST /api/company/{companyId}/api-keys/{id}/revoke     → ApiKey (revokedAt set; a revoked key answers 401)
 *
 * Access entry `api-keys` (flag `management`); nobody gives a key a scope whose permissions they
 * lack (API_KEY_SCOPE_NOT_HELD, 403). Calls for tills and shops (server/modules/integration-api/README.md):
 *
 *   POST /api/integration/v1/giftcards/balance            { code } → card state and balance (giftcards.balance)
 *   POST /api/integration/v1/giftcards/consume            { code, amountCents, storeCode? } (giftcards.move)
 *   POST /api/integration/v1/giftcards/freeze             { code, amountCents, storeCode? } (giftcards.move)
 *   POST /api/integration/v1/giftcards/unfreeze           { transactionId } (giftcards.move)
 *   POST /api/integration/v1/giftcards/return             { transactionId, amountCents, returnNumber, storeCode? } (giftcards.move)
 *   POST /api/integration/v1/giftcards/cancel             { transactionId } (giftcards.move)
 *   POST /api/integration/v1/giftcards/activate-and-sell  { code, amountCents?, storeCode? } (giftcards.sell)
 *   POST /api/integration/v1/orders                       IntegratedOrderBody → 201 IntegratedOrder (orders.create)
 *   GET  /api/integration/v1/orders/{orderNumber}         IntegratedOrder (orders.create)
 *
 * Every money move requires `Idempotency-Key` (scoped to the key and the operation); a replay
 * answers the first answer with `Idempotent-Replayed: true`.
 */
export const API_KEY_SCOPES = ['giftcards.balance', 'giftcards.move', 'giftcards.sell', 'orders.create'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a scope lets a key do is what these permissions let a user do: a creator needs one of them. */
export const SCOPE_PERMISSIONS: Record<ApiKeyScope, readonly PermissionKey[]> = {
  'giftcards.balance': ['privative.transactions', 'privative.management.searchByCode'],
  'giftcards.move': ['privative.transactions'],
  'giftcards.sell': ['privative.management.read'],
  'orders.create': ['privative.orders'],
};

export const scopeHeld = (permissions: Permissions | null | undefined, scope: ApiKeyScope) => hasAnyPermission(permissions, SCOPE_PERMISSIONS[scope]);

/** Choices for the scope picker: `apiKeys.scopes.<id>` in both languages. */
export const API_KEY_SCOPE_CHOICES = API_KEY_SCOPES.map((id) => ({ id, name: `apiKeys.scopes.${id}` }));

export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

export const API_KEY_NAME_MAX = 80;

/**
 * Keys one company may hold: at most `maxActivePerCompany` active ones (neither revoked nor
 * expired); past it a create answers 409 API_KEYS_LIMIT (revoke one first).
 */
export const API_KEY_LIMITS = { maxActivePerCompany: 20 } as const;

export const apiKeyCreateBodySchema = z
  .object({
    name: textField({ max: API_KEY_NAME_MAX }),
    scopes: z.array(z.enum(API_KEY_SCOPES, { error: VALIDATION_MESSAGES.invalid })).min(1, VALIDATION_MESSAGES.required).max(API_KEY_SCOPES.length, maxItemsMessage(API_KEY_SCOPES.length)),
    /** a till's key: every move is at this store */
    storeId: z.uuid().nullable().optional(),
    /** ISO instant; none: until revoked */
    expiresAt: z.string().datetime({ offset: true }).nullable().optional(),
  })
  .strict();
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  name: z.string(),
  /** shown in lists: the part of the key before its secret */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  state: z.enum(API_KEY_STATES),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The create answer: the key as listed, and the whole secret key, shown this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;
