import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * An outbox row's state (domain/emails.ts's, lower-cased): queued (never tried), sending (a runner
 * holds its job), retrying (deferred or unreachable: `last_error`; its job's `run_at` is the next try), sent,
 * logged (no SMTP: printed), failed (refused, or out of time: `last_error`).
 */
export const EMAIL_STATUSES = ['queued', 'sending', 'retrying', 'sent', 'logged', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
/** the states an outbox row still has to leave: its job delivers it */
export const EMAIL_PENDING_STATUSES: readonly EmailStatus[] = ['queued', 'sending', 'retrying'];
/** The same, as an SQL list: `status IN (${EMAIL_PENDING_SQL})` */
export const EMAIL_PENDING_SQL = sql.join(
  EMAIL_PENDING_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** Every e-mail is a row first; the `email.send` job delivers it (SMTP) or prints it (no SMTP). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    template: text('template').notNull(),
    language: text('language').notNull(),
    status: text('status').$type<EmailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** the `email.send` job delivering it (the outbox sweep re-queues a pending row whose job is gone) */
    jobId: uuid('job_id'),
    /** a resend: the e-mail it sends again */
    resentFrom: uuid('resent_from').references((): AnyPgColumn => emailOutbox.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    index('email_outbox_created_idx').on(t.createdAt, t.id),
    // the e-mails list's recipient filter: the address from its start, any case (emails/repository.ts)
    index('email_outbox_recipient_idx').using('btree', sql`lower(${t.toAddress}) text_pattern_ops`),
  ],
);
