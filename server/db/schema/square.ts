import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SquareCodeActivity, SquareCodeState, SquareCommunicationState, SquareOrderState, SquareTypology } from '../../../domain/square';
import { companies } from './companies';
import { users } from './users';

const money = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** SQ-000001…: one sequence for every company (the number is printed on e-mails and the CSV). */
export const squareOrderNumberSeq = pgSequence('square_order_number_seq', { startWith: 1 });

/**
 * A voucher order (domain/square.ts for its states). `file_key` is the uploaded recipients CSV in
 * the file storage, read by the creation job; `progress_done/total` the running job's progress.
 */
export const squareOrders = pgTable(
  'square_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    host: text('host').notNull(),
    referentEmail: text('referent_email').notNull(),
    typology: text('typology').$type<SquareTypology>().notNull(),
    validMonths: integer('valid_months').notNull(),
    totalAmountCents: money('total_amount_cents').notNull().default(0),
    totalQuantity: integer('total_quantity').notNull().default(0),
    status: text('status').$type<SquareOrderState>().notNull(),
    fileKey: text('file_key'),
    language: text('language').notNull().default('it'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
    approvedAt: ts('approved_at'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    activatedAt: ts('activated_at'),
    cancelledAt: ts('cancelled_at'),
    /** the state a cancellation came from (a job that finds a spent code puts the order back) */
    cancelledFrom: text('cancelled_from').$type<SquareOrderState>(),
    progressDone: integer('progress_done'),
    progressTotal: integer('progress_total'),
    /** why the last job stopped (an i18n key) */
    failure: text('failure'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('square_orders_number_idx').on(t.orderNumber),
    index('square_orders_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('square_orders_status_idx').on(t.status),
  ],
);

/** The recipients a file gave an order, one per line, before and after their codes exist. */
export const squareOrderRecipients = pgTable(
  'square_order_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => squareOrders.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    amountCents: money('amount_cents').notNull(),
  },
  (t) => [uniqueIndex('square_order_recipients_line_idx').on(t.orderId, t.line), check('square_order_recipients_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * One code per recipient, minted when the order is approved (unique per recipient: a restarted
 * job mints nothing twice). `value_cents` is what is left of `amount_cents`.
 */
export const squareCodes = pgTable(
  'square_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => squareOrders.id, { onDelete: 'restrict' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => squareOrderRecipients.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    host: text('host').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    typology: text('typology').$type<SquareTypology>().notNull(),
    amountCents: money('amount_cents').notNull(),
    valueCents: money('value_cents').notNull(),
    status: text('status').$type<SquareCodeState>().notNull(),
    sellDate: ts('sell_date'),
    activationDate: ts('activation_date'),
    expireDate: ts('expire_date'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('square_codes_code_idx').on(t.code),
    uniqueIndex('square_codes_recipient_idx').on(t.recipientId),
    index('square_codes_order_idx').on(t.orderId, t.id),
    index('square_codes_company_idx').on(t.companyId, t.activationDate, t.id),
    index('square_codes_email_idx').on(t.email, t.typology),
    check('square_codes_value_range', sql`${t.valueCents} >= 0 AND ${t.valueCents} <= ${t.amountCents}`),
  ],
);

/** Append-only: every state change of a code, with the value it changed (signed cents). */
export const squareCodeActivities = pgTable(
  'square_code_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => squareCodes.id, { onDelete: 'restrict' }),
    activity: text('activity').$type<SquareCodeActivity>().notNull(),
    fromStatus: text('from_status').$type<SquareCodeState>(),
    toStatus: text('to_status').$type<SquareCodeState>().notNull(),
    amountCents: money('amount_cents').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('square_code_activities_code_idx').on(t.codeId, t.seq)],
);

/**
 * A code's e-mail (domain/square.ts for its states). The table is its own queue: a sender claims
 * due rows (QUEUED, or RETRY_WAITING whose `next_attempt_at` has come, or SENDING whose lease ran
 * out) with FOR UPDATE SKIP LOCKED, so two runners never send one e-mail twice.
 */
export const squareCommunications = pgTable(
  'square_communications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => squareOrders.id, { onDelete: 'restrict' }),
    codeId: uuid('code_id')
      .notNull()
      .references(() => squareCodes.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    recipient: text('recipient').notNull(),
    status: text('status').$type<SquareCommunicationState>().notNull().default('QUEUED'),
    retryNumber: integer('retry_number').notNull().default(1),
    tries: integer('tries').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    /** a SENDING row's claim ends here; past it, another runner may take it */
    leaseUntil: ts('lease_until'),
    lastSmtpAnswer: text('last_smtp_answer'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('square_communications_code_idx').on(t.codeId),
    index('square_communications_company_idx').on(t.companyId, t.createdAt, t.id),
    index('square_communications_due_idx').on(t.status, t.nextAttemptAt),
    index('square_communications_order_idx').on(t.orderId, t.status),
    // the e-mails screen (every company's, newest first)
    index('square_communications_created_idx').on(t.createdAt, t.id),
    // its recipient filter: the address from its start, any case (emails/repository.ts)
    index('square_communications_recipient_idx').using('btree', sql`lower(${t.recipient}) text_pattern_ops`),
  ],
);

/** Every try of every attempt: when, and what the mail server answered. */
export const squareCommunicationSends = pgTable(
  'square_communication_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    communicationId: uuid('communication_id')
      .notNull()
      .references(() => squareCommunications.id, { onDelete: 'cascade' }),
    retryNumber: integer('retry_number').notNull(),
    tryNumber: integer('try_number').notNull(),
    outcome: text('outcome').$type<'sent' | 'temporary' | 'permanent'>().notNull(),
    smtpAnswer: text('smtp_answer'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('square_communication_sends_idx').on(t.communicationId, t.at)],
);
