import { z } from 'zod';
import type { FieldChoice } from './fields';
import { cardExportQuerySchema, refineDateRanges } from './giftcards';
import { VALIDATION_MESSAGES } from './messages';
import { textField } from './text';

/**
 * The audit trail (issue 22): one append-only row per change to a business entity (written by
 * trigger in the same transaction, server/modules/audit) and per read of a full card code where
 * codes are masked. Read by provider staff and by a company's referent for their subtree:
 *
 *   GET /api/company/{companyId}/audit            AuditRecord[] (filter below; newest first; keyset, Next-Cursor)
 *   GET /api/company/{companyId}/audit/{id}       AuditRecord
 *   GET /api/company/{companyId}/audit/export     CSV of the filtered rows (lang, tz), streamed
 *
 * A record's timeline is the list filtered by its entity and entityId.
 */

/**
 * Audited tables (entity = table name); labels `audit.entities.<entity>`. `email_outbox` has no
 * trigger (every e-mail is a row): a resend, a person's act, is written by the emails service.
 */
export const AUDIT_ENTITIES = [
  'companies',
  'stores',
  'users',
  'card_typologies',
  'card_batches',
  'gift_cards',
  'gift_card_transactions',
  'orders',
  'order_recipients',
  'integrated_orders',
  'api_keys',
  'wallets',
  'reloadable_users',
  'reloadable_cards',
  'reload_runs',
  'square_orders',
  'square_communications',
  'email_outbox',
  'ticket_categories',
  'tickets',
  'generated_reports',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ENTITY_CHOICES: readonly FieldChoice[] = AUDIT_ENTITIES.map((id) => ({ id, name: `audit.entities.${id}` }));

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'read_code'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_CHOICES: readonly FieldChoice[] = AUDIT_ACTIONS.map((id) => ({ id, name: `audit.actions.${id}` }));

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'job', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];
export const AUDIT_ACTOR_TYPE_CHOICES: readonly FieldChoice[] = AUDIT_ACTOR_TYPES.map((id) => ({ id, name: `audit.actorTypes.${id}` }));

export const AUDIT_ORIGINS = ['back_office', 'integration', 'job', 'system'] as const;
export type AuditOrigin = (typeof AUDIT_ORIGINS)[number];
export const AUDIT_ORIGIN_CHOICES: readonly FieldChoice[] = AUDIT_ORIGINS.map((id) => ({ id, name: `audit.origins.${id}` }));

/** One changed field of an update (create: before null; delete: after null). */
export const auditChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditRecordSchema = z.object({
  /** bigint identity, as a string */
  id: z.string(),
  occurredAt: z.string(),
  actorType: z.enum(AUDIT_ACTOR_TYPES),
  actorId: z.string().nullable(),
  /** e-mail, key name and prefix, job kind */
  actorLabel: z.string().nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  origin: z.enum(AUDIT_ORIGINS),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** the route (`PATCH /api/company/:companyId/giftcard/cards/:id`) or job kind */
  operation: z.string().nullable(),
  /** the changed fields only (secret columns never appear) */
  changes: z.array(auditChangeSchema),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: VALIDATION_MESSAGES.invalid });

export const auditFilterSchema = z
  .object({
    entity: z.enum(AUDIT_ENTITIES, { error: VALIDATION_MESSAGES.invalid }).optional(),
    entityId: textField({ max: 64 }).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: VALIDATION_MESSAGES.invalid }).optional(),
    actorType: z.enum(AUDIT_ACTOR_TYPES, { error: VALIDATION_MESSAGES.invalid }).optional(),
    /** the actor's e-mail or key name/prefix: a case-insensitive substring */
    actor: textField({ max: 120 }).optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
  })
  .strict()
  .superRefine(refineDateRanges(['dateFrom', 'dateTo']));
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** Query of GET audit/export: the filter (as the list's), the file's language and the user's time zone. */
export const auditExportQuerySchema = cardExportQuerySchema;
