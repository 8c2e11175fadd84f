import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The background job queue, claimed with FOR UPDATE SKIP LOCKED (server/jobs/runner.ts). */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * a failure before this time is retried whatever `max_attempts` says (the runner's back-off
     * still applies): set when queued (`enqueue`'s `retryUntil`) or by a handler that asks to be
     * retried until then (`RetryLater`)
     */
    retryUntil: timestamp('retry_until', { withTimezone: true }),
  },
  (t) => [index('jobs_due_idx').on(t.status, t.runAt), index('jobs_finished_idx').on(t.finishedAt)],
);

export type JobRow = typeof jobs.$inferSelect;
