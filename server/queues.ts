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

/**
 * The queue of every job kind the API registers (server/api.ts's registerApi). A handler of a kind
 * missing here is refused when registered (jobs/registry.ts), and queues.test.ts walks the registry
 * registerApi builds, so a new kind never runs in no queue, nor in a queue by chance.
 */
export const JOB_QUEUES: Readonly<Record<string, QueueName>> = {
  'email.send': 'mail',
  'square.mail': 'mail',
  'user.forgot-password': 'mail',
  'square.create': 'square',
  'square.mint': 'square',
  'square.activate': 'square',
  'square.cancel': 'square',
  'reports.generate': 'reports',
  'catalog.batch.generate': 'batches',
  'catalog.batch.archive': 'batches',
  'catalog.batch.activation': 'batches',
  'reloads.run': 'reloads',
  'orders.issue': 'orders',
  'orders.cancel': 'orders',
  'maintenance.cleanup': 'periodic',
  'dashboard.rollup': 'periodic',
  'audit.retention': 'periodic',
  'reloadables.monthlyStatement': 'periodic',
  'reports.expire': 'periodic',
};

/** The queue of a job kind, if it has one. */
export function queueOfKind(kind: string): QueueName | undefined {
  return Object.hasOwn(JOB_QUEUES, kind) ? JOB_QUEUES[kind] : undefined;
}

/**
 * The queue that also claims jobs of a kind this instance has no handler for (a job queued by a
 * newer build, or a kind since removed): it fails them, "no handler registered", as the runner
 * always did, rather than leave them queued for ever. The recurring duties' queue: it is seldom busy.
 */
export const UNHANDLED_KINDS_QUEUE: QueueName = 'periodic';
