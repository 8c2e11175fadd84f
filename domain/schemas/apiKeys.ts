import { z } from 'zod';
import { defineFields, type FieldChoice } from '../fields';
import { API_KEY_NAME_MAX, API_KEY_SCOPE_CHOICES, API_KEY_SCOPES, API_KEY_STATES, type ApiKeyState } from '../integration';
import { maxItemsMessage, VALIDATION_MESSAGES } from '../messages';
import { textField } from '../text';
import { STORE_REFERENCE } from './stores-api';

/**
 * The API keys screen (issue 22, /api-keys): the records, body and routes are domain/integration.ts's;
 * here are the list's declaration and the create form's rules (what the user types,
 * turned into `ApiKeyCreateBody` by the screen: the expiry day becomes its last instant).
 */

/** SPEC §4-style badges: a usable key green, an expired one grey, a revoked one red. */
const STATE_TONES: Record<ApiKeyState, FieldChoice['tone']> = { active: 'green', expired: 'grey', revoked: 'red' };
export const API_KEY_STATE_CHOICES: readonly FieldChoice[] = API_KEY_STATES.map((id) => ({ id, name: `apiKeys.states.${id}`, tone: STATE_TONES[id] }));

/** The list: the search sends `q` (name or prefix), the state filter `state` (the API's filter keys, domain/integration.ts). */
export const apiKeyFields = defineFields(
  z.object({}),
  [
    { source: 'name', label: 'apiKeys.fields.name', input: false, column: true },
    { source: 'prefix', label: 'apiKeys.fields.prefix', input: false, column: true },
    { source: 'storeName', label: 'apiKeys.fields.store', input: false, column: true },
    { source: 'scopes', label: 'apiKeys.fields.scopes', input: false, column: true },
    { source: 'state', label: 'apiKeys.fields.state', input: false, kind: 'select', choices: API_KEY_STATE_CHOICES, column: true, filter: true },
    { source: 'lastUsedAt', label: 'apiKeys.fields.lastUsedAt', input: false, kind: 'datetime', column: true },
    { source: 'expiresAt', label: 'apiKeys.fields.expiresAt', input: false, kind: 'datetime', column: true },
    { source: 'createdBy', label: 'apiKeys.fields.createdBy', input: false, column: true },
    { source: 'createdAt', label: 'apiKeys.fields.createdAt', input: false, kind: 'datetime', column: true },
    { source: 'companyName', label: 'apiKeys.fields.company', input: false },
    { source: 'revokedAt', label: 'apiKeys.fields.revokedAt', input: false, kind: 'datetime' },
  ],
  { resource: 'api-keys', primary: 'name', secondary: ['prefix', 'storeName'], sort: { field: 'createdAt', order: 'DESC' }, texts: 'apiKeys.list' },
);

/**
 * The create form: a name, at least one scope, an optional store (a till's key) and an optional
 * expiry day (the key works until the end of that day in the user's zone; none: until revoked).
 */
export const apiKeyFormSchema = z
  .object({
    name: textField({ max: API_KEY_NAME_MAX }),
    scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, 'apiKeys.create.scopesRequired').max(API_KEY_SCOPES.length, maxItemsMessage(API_KEY_SCOPES.length)),
    storeId: z.string().nullable().optional(),
    expiresAt: z.union([z.literal(''), z.iso.date({ error: VALIDATION_MESSAGES.invalid })]).optional(),
  })
  .strict();
export type ApiKeyFormValues = z.infer<typeof apiKeyFormSchema>;

export const apiKeyFormFields = defineFields(
  apiKeyFormSchema,
  [
    { source: 'name', label: 'apiKeys.fields.name' },
    { source: 'scopes', label: 'apiKeys.fields.scopes', kind: 'select', choices: API_KEY_SCOPE_CHOICES },
    { source: 'storeId', label: 'apiKeys.fields.store', kind: 'reference', reference: STORE_REFERENCE, helper: 'apiKeys.create.storeHelper' },
    { source: 'expiresAt', label: 'apiKeys.fields.expiresAt', kind: 'date' },
  ],
  { resource: 'api-keys' },
);
