import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-address request counts of the rate-limited routes when the server runs on PostgreSQL, so
 * every instance spends one budget (lib/rate-limit-store.ts). One row per route and address,
 * whose window restarts in place; the cleanup job deletes rows long past their reset.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** route (method and URL) and the limiter's key (the address, or what the route's keyGenerator makes) */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
