import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const AUDIT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'sign_in_throttled',
  'sign_out',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'account_activated',
  'refresh_token_reuse',
  'referent_removed',
  'email_changed',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/**
 * Security-relevant events. Failed sign-ins are counted from here (per e-mail and per address),
 * so the brute-force limit holds across instances and lifts by itself when the window passes.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<AuditKind>().notNull(),
    actorUserId: uuid('actor_user_id'),
    /** lower-cased e-mail the event is about (also for unknown accounts) */
    subject: text('subject'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_subject_idx').on(t.kind, t.subject, t.createdAt),
    index('audit_events_ip_idx').on(t.kind, t.ip, t.createdAt),
    index('audit_events_created_idx').on(t.createdAt),
  ],
);

/**
 * The audit trail (issue 22): one append-only row per change to a business entity, written in the
 * same transaction as the change (by trigger, from the transaction's actor context), and per read
 * of a full card code where codes are masked. On PostgreSQL UPDATE, DELETE and TRUNCATE are
 * refused by trigger; only the retention job removes rows, after exporting them to the file storage.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** user | api_key | job | system */
    actorType: text('actor_type').notNull(),
    /** the user's or key's id, the job's kind */
    actorId: text('actor_id'),
    /** what a reader recognises: e-mail, key name and prefix, job kind */
    actorLabel: text('actor_label'),
    /** the changed entity's company (subtree scope of the audit screen); null: not company-owned */
    companyId: uuid('company_id'),
    /** back_office | integration | job | system */
    origin: text('origin').notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** create | update | delete | read_code */
    action: text('action').notNull(),
    /** the route (`POST /api/company/:companyId/…`) or job kind that made the change */
    operation: text('operation'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id.desc()),
    index('audit_log_company_idx').on(t.companyId, t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.id.desc()),
    index('audit_log_occurred_idx').on(t.occurredAt),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;
