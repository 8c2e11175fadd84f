import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CardEventType, ReloadSource, ReloadState, ReloadableCardStatus, WalletMovementReason, WalletMovementType } from '../../../domain/reloadables';
import { companies } from './companies';
import { users } from './users';

const money = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A company's wallet (plafond). `balance_cents` is the running sum of its movements (kept here so
 * a row lock on the wallet serializes every change); `reserved_cents` is the part set aside for
 * planned reloads not yet run. Neither goes negative, and reserved never exceeds balance.
 */
export const wallets = pgTable(
  'wallets',
  {
    companyId: uuid('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'restrict' }),
    balanceCents: money('balance_cents').notNull().default(0),
    reservedCents: money('reserved_cents').notNull().default(0),
    lastReloadAt: ts('last_reload_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('wallets_balance_nonnegative', sql`${t.balanceCents} >= 0`),
    check('wallets_reserved_range', sql`${t.reservedCents} >= 0 AND ${t.reservedCents} <= ${t.balanceCents}`),
  ],
);

/** Append-only wallet ledger: every funding, transfer and card reload, with the balance after it. */
export const walletMovements = pgTable(
  'wallet_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** insertion order (two movements of one transaction share created_at) */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    type: text('type').$type<WalletMovementType>().notNull(),
    reason: text('reason').$type<WalletMovementReason>().notNull(),
    /** signed: + into the wallet, − out of it */
    amountCents: money('amount_cents').notNull(),
    balanceAfterCents: money('balance_after_cents').notNull(),
    counterpartCompanyId: uuid('counterpart_company_id').references(() => companies.id, { onDelete: 'restrict' }),
    cardId: uuid('card_id'),
    runId: uuid('run_id'),
    rowId: uuid('row_id'),
    note: text('note'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_movements_company_seq_idx').on(t.companyId, t.seq),
    index('wallet_movements_company_created_idx').on(t.companyId, t.createdAt),
    // a reload row debits its wallet once
    uniqueIndex('wallet_movements_row_key').on(t.rowId),
    check('wallet_movements_balance_nonnegative', sql`${t.balanceAfterCents} >= 0`),
  ],
);

/** The cardholders of a company's reloadable cards. */
export const reloadableUsers = pgTable(
  'reloadable_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    clientId: text('client_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('reloadable_users_company_idx').on(t.companyId, t.lastName, t.firstName)],
);

/**
 * Reloadable prepaid cards. The balance and the month/year reload totals are running sums of the
 * card's events, kept on the card so that a row lock on it serializes every change. The totals
 * belong to the period in `month_key` / `year_key` and restart at zero in a new one.
 */
export const reloadableCards = pgTable(
  'reloadable_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => reloadableUsers.id, { onDelete: 'set null' }),
    clientId: text('client_id'),
    status: text('status').$type<ReloadableCardStatus>().notNull().default('NOT ACTIVE'),
    balanceCents: money('balance_cents').notNull().default(0),
    activationDate: ts('activation_date'),
    expirationDate: date('expiration_date', { mode: 'string' }),
    lastReloadAt: ts('last_reload_at'),
    monthKey: text('month_key'),
    monthReloadedCents: money('month_reloaded_cents').notNull().default(0),
    yearKey: text('year_key'),
    yearReloadedCents: money('year_reloaded_cents').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reloadable_cards_number_key').on(t.number),
    index('reloadable_cards_company_idx').on(t.companyId, t.number),
    index('reloadable_cards_client_idx').on(t.companyId, t.clientId),
    index('reloadable_cards_user_idx').on(t.userId),
    check('reloadable_cards_balance_nonnegative', sql`${t.balanceCents} >= 0`),
  ],
);

/** A card's history, append-only: issue, reloads (with the balance after), lock/unlock, company and client ID changes. */
export const reloadableCardEvents = pgTable(
  'reloadable_card_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => reloadableCards.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    type: text('type').$type<CardEventType>().notNull(),
    amountCents: money('amount_cents'),
    balanceAfterCents: money('balance_after_cents').notNull(),
    runId: uuid('run_id'),
    rowId: uuid('row_id'),
    detail: jsonb('detail').$type<Record<string, string | null>>(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('reloadable_card_events_card_idx').on(t.cardId, t.seq),
    // a reload row credits its card once, whatever happens to the process running it
    uniqueIndex('reloadable_card_events_row_key').on(t.rowId),
  ],
);

export const reloadRunNumberSeq = pgSequence('reload_run_number_seq', { startWith: 1, increment: 1 });

/** A reload run: a manual selection, a CSV, or one card reloaded by hand; now or at `scheduled_at`. */
export const reloadRuns = pgTable(
  'reload_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    source: text('source').$type<ReloadSource>().notNull(),
    fileName: text('file_name'),
    state: text('state').$type<ReloadState>().notNull().default('IN_PROGRESS'),
    scheduledAt: ts('scheduled_at'),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    rowCount: integer('row_count').notNull(),
    totalCents: money('total_cents').notNull(),
    creditedCount: integer('credited_count').notNull().default(0),
    creditedCents: money('credited_cents').notNull().default(0),
    deletedCount: integer('deleted_count').notNull().default(0),
    /** what this run still holds of its wallet's reserved_cents */
    reservedCents: money('reserved_cents').notNull().default(0),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reload_runs_number_key').on(t.number),
    index('reload_runs_company_created_idx').on(t.companyId, t.createdAt),
    index('reload_runs_company_state_idx').on(t.companyId, t.state, t.createdAt),
    check('reload_runs_reserved_nonnegative', sql`${t.reservedCents} >= 0`),
  ],
);

/** A planned reload (SPEC §3): one row of a run, credited exactly once or deleted. */
export const reloadRows = pgTable(
  'reload_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => reloadRuns.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => reloadableCards.id, { onDelete: 'restrict' }),
    amountCents: money('amount_cents').notNull(),
    state: text('state').$type<ReloadState>().notNull().default('IN_PROGRESS'),
    /** why a DELETED row was not credited: null = removed from the queue by a user, else a refusal code */
    reason: text('reason'),
    initialBalanceCents: money('initial_balance_cents').notNull(),
    balanceAfterCents: money('balance_after_cents'),
    insertedAt: ts('inserted_at').notNull().defaultNow(),
    creditedAt: ts('credited_at'),
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reload_rows_run_idx').on(t.runId, t.state, t.position),
    index('reload_rows_company_idx').on(t.companyId, t.state, t.insertedAt),
    index('reload_rows_card_idx').on(t.cardId),
  ],
);

/** Per-company notification settings of the programme; `low_balance_notified` remembers a crossing already told. */
export const reloadNotificationSettings = pgTable('reload_notification_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'restrict' }),
  recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
  lowBalanceEnabled: boolean('low_balance_enabled').notNull().default(false),
  lowBalanceThresholdCents: money('low_balance_threshold_cents').notNull().default(0),
  runCompletedEnabled: boolean('run_completed_enabled').notNull().default(false),
  runFailedEnabled: boolean('run_failed_enabled').notNull().default(false),
  monthlyStatementEnabled: boolean('monthly_statement_enabled').notNull().default(false),
  lowBalanceNotified: boolean('low_balance_notified').notNull().default(false),
  /** the last month (YYYY-MM) whose statement was sent */
  lastStatementMonth: text('last_statement_month'),
  updatedAt: ts('updated_at'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
