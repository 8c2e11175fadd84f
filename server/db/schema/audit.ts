import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
