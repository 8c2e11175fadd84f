/**
 * The job queues (issue 41): each job kind belongs to one queue, and each queue runs its own jobs
 * with its own concurrency (JOBS_CONCURRENCY_<QUEUE>), so a slow or stuck job delays only its own
 * queue — a stalled SMTP server holds the mail queue, never a report, a batch or a square order.
 */
export const QUEUES = {
  /** e-mails: the outbox's sends, the square codes' sends, the password-reset requests */
  mail: { concurrency: 2, what: 'e-mails (outbox, square codes, password resets)' },
  /** square orders' create, mint, activate and cancel runs */
  square: { concurrency: 1, what: 'square orders\' runs (create, mint, activate, cancel)' },
  /** generated reports */
  reports: { concurrency: 1, what: 'reports' },
  /** gift-card batches: generation, archive (PDF), activation */
  batches: { concurrency: 1, what: 'gift-card batches: generation, archives, activation' },
  /** reloadable cards' reload runs */
  reloads: { concurrency: 1, what: 'reload runs' },
  /** B2B orders: issue and cancel */
  orders: { concurrency: 1, what: 'B2B orders: issue and cancel' },
  /** the recurring duties: cleanup, dashboard rollup, audit retention, monthly statements, report expiry */
  periodic: { concurrency: 1, what: 'recurring duties (cleanup, rollup, retention, statements, report expiry)' },
} as const satisfies Record<string, { concurrency: number; what: string }>;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];
