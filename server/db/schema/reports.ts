import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReportState, ReportTypeId } from '../../../domain/reports';
import { companies } from './companies';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * A generated report (issue 21): the type and parameters asked, how the file is written (language,
 * zone), the job's progress, and the file in the storage (`file_key`) once ready. Company-scoped:
 * listed to users of that company's ancestors' subtrees as every company-scoped row is.
 */
export const generatedReports = pgTable(
  'generated_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    reportId: text('report_id').$type<ReportTypeId>().notNull(),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    language: text('language').notNull(),
    timeZone: text('time_zone').notNull(),
    notify: boolean('notify').notNull().default(false),
    state: text('state').$type<ReportState>().notNull().default('queued'),
    /** 0–100 */
    progress: integer('progress').notNull().default(0),
    rowCount: bigint('row_count', { mode: 'number' }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    fileKey: text('file_key'),
    errorCode: text('error_code'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    jobId: uuid('job_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    index('generated_reports_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('generated_reports_requester_state_idx').on(t.requestedBy, t.state),
    index('generated_reports_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The dashboard's daily summary of the gift-card ledger per business day (Europe/Rome), company
 * and typology: what the charts read instead of the ledger. `net_cents` is the day's sum of every
 * SUCCESS amount, so the outstanding balance at a day's end is the sum of net_cents up to it.
 * Kept by the rollup job (server/modules/dashboard), which rewrites whole days.
 */
export const giftcardStatsDaily = pgTable(
  'giftcard_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: uuid('company_id').notNull(),
    typologyId: uuid('typology_id').notNull(),
    soldCount: integer('sold_count').notNull().default(0),
    activatedCount: integer('activated_count').notNull().default(0),
    activatedCents: money('activated_cents').notNull().default(0),
    consumedCount: integer('consumed_count').notNull().default(0),
    consumedCents: money('consumed_cents').notNull().default(0),
    netCents: money('net_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.typologyId] })],
);

/** The same per store (the ledger row's store; null: none), for the premium breakdown. */
export const giftcardStoreStatsDaily = pgTable(
  'giftcard_store_stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    companyId: uuid('company_id').notNull(),
    /** the nil uuid for moves without a store (a key column cannot be null) */
    storeId: uuid('store_id').notNull(),
    soldCount: integer('sold_count').notNull().default(0),
    activatedCount: integer('activated_count').notNull().default(0),
    activatedCents: money('activated_cents').notNull().default(0),
    consumedCount: integer('consumed_count').notNull().default(0),
    consumedCents: money('consumed_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.storeId] })],
);

/** Which business days the summaries hold, and when each was last rewritten. */
export const giftcardStatsDays = pgTable('giftcard_stats_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  summarizedAt: ts('summarized_at').notNull().defaultNow(),
});
