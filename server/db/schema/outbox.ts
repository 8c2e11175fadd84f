import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const EMAIL_STATUSES = ['queued', 'sent', 'logged', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

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
  },
  (t) => [index('email_outbox_status_idx').on(t.status, t.createdAt)],
);
