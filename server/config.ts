import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_VERSION_FALLBACK, DEFAULT_TENANT_ID } from '../domain/constants';
import { DEFAULT_MAX_TRANSACTION_CENTS } from '../domain/giftcards';
import { DEFAULT_RELOAD_CAPS } from '../domain/reloadables';
import { QUEUE_NAMES, QUEUES, type QueueName } from './queues';

/**
 * Runtime configuration, read once from the environment. Everything has a default that makes
 * `npm start` work on a laptop; production sets DATABASE_URL, PUBLIC_URL, SMTP_URL and the
 * shared secrets (see `configDoc`).
 */
export interface AppConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  /** the role that owns the tables and runs migrations at start; DATABASE_URL's when not set, null on PGlite */
  databaseMigrationUrl: string | null;
  appEnv: string;
  publicUrl: string;
  smtpUrl: string | null;
  /** the SMTP transport's timeouts (mail/smtp.ts), all well below a send's lease; how long an e-mail is retried before it is failed for good */
  smtp: { connectionTimeoutMs: number; greetingTimeoutMs: number; socketTimeoutMs: number; retryHours: number };
  mailFrom: string;
  demoData: boolean;
  trustProxy: boolean;
  spaDir: string;
  version: string;
  logLevel: string;
  identity: IdentityConfig;
  accessTokenSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  oneTimeTokenTtlSeconds: { activation: number; reset: number; emailChange: number };
  bruteForce: { windowSeconds: number; maxPerAccount: number; maxPerIp: number };
  forgotPasswordRateLimit: { max: number; windowMs: number };
  /** the job runner: polling, the stale lease, each queue's concurrency (server/queues.ts) */
  jobs: { pollIntervalMs: number; staleAfterSeconds: number; concurrency: Record<QueueName, number> };
  /** reloadable cards: per-card caps of reloads per calendar month and year (cents) */
  reloads: { monthlyCapCents: number; yearlyCapCents: number; chunkRows: number };
  /** square vouchers: orders at or above the threshold wait for provider staff's approval (cents) */
  square: { approvalThresholdCents: number; chunkRows: number };
  /** support tickets: the provider's support mailbox (new tickets and customers' messages are e-mailed there, in Italian) */
  tickets: { supportEmail: string };
  /** generated reports: how long a ready file is kept, how many a user may have queued or running at once */
  reports: { retentionDays: number; maxActivePerUser: number };
  /** the dashboard: how often the rollup job rewrites today's and yesterday's summaries; Power BI Embedded when configured */
  dashboard: { rollupMinutes: number; powerBi: PowerBiConfig | null };
  /** TEST_CLOCK=1 (never in production): the app's clock can be moved by POST /api/test/clock, for journeys that wait for a scheduled time */
  testClock: boolean;
  giftCards: { maxTransactionCents: number; searchMaxPerMinute: number; bulkLeaseSeconds: number };
  /** where made files are kept (lib/files.config.ts): a folder under DATA_DIR, or a bucket several instances share */
  files: FileStorageConfig;
  /** what the cleanup job (server/jobs/cleanup.ts) deletes, and how often it runs */
  retention: { intervalMinutes: number; finishedJobsDays: number; expiredRefreshTokensDays: number; idempotencyKeyHours: number; auditDays: number; emailsDays: number };
  /** the integration API (server/modules/integration-api): calls per API key and minute, one budget for every instance; 0: no limit */
  integration: { rateLimitPerMinute: number };
  /** what one caller may have queued (lib/work-limits.ts): requests that queue jobs or e-mails per user and company, e-mails per inbox */
  work: { maxPerUser: number; maxPerCompany: number; mailMaxPerUser: number; mailMaxPerCompany: number; windowSeconds: number; maxPerRecipient: number; recipientWindowSeconds: number };
  /** CSV downloads streamed from the database (plugins/exports.ts): how many at once, per user, and how long a client may stop reading */
  exports: { maxConcurrent: number; maxPerUser: number; writeTimeoutMs: number };
  /** the HTTP server's timeouts (app.ts): a whole request's arrival, a silent socket, an idle keep-alive connection */
  http: { requestTimeoutMs: number; socketTimeoutMs: number; keepAliveTimeoutMs: number };
  /** the audit trail (server/modules/audit): rows older than this are exported to the file storage, then deleted */
  auditTrail: { retentionDays: number };
  /**
   * PostgreSQL (db/postgres.ts): the pool, how long a request waits for one of its connections or a
   * new connection, and the session timeouts every connection of the pool is opened with (a request
   * waits seconds for a locked row, never a minute; an abandoned transaction does not hold its locks)
   */
  database: {
    poolMax: number;
    poolWaitMs: number;
    statementTimeoutMs: number;
    lockTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
  };
  /** GET /metrics (plugins/metrics.ts): refused unless a bearer token is set, or served on a port of its own */
  metrics: { token: string | null; port: number | null };
  /** SIGTERM: /readyz answers 503 at once, the running jobs give their lease back, in-flight requests get this long to finish */
  shutdownGraceMs: number;
}

export interface IdentityConfig {
  provider: 'builtin' | 'external';
  tenantId: string;
  apiKey: string;
  /** `iss` of idTokens: issued by the built-in provider, or expected from the external one. */
  issuer: string;
  /** `aud` of idTokens (the identity project id). */
  audience: string;
  jwksUrl: string | null;
  signInUrl: string;
  privateKeyPem: string | null;
}

/** FILE_STORAGE=s3's settings (S3_*), what lib/files.s3.ts `createS3Storage` takes */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** an S3-compatible store's URL (MinIO, R2…); null: AWS's endpoint for the region */
  endpoint: string | null;
  /** both or neither; neither: the AWS SDK's default credential chain (environment, profile, instance role) */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (most self-hosted stores) */
  forcePathStyle: boolean;
}

/**
 * Power BI Embedded, "app owns data" (server/modules/dashboard/powerbi.ts): a service principal
 * (Entra app registration with a client secret) with access to the workspace; the reports' datasets
 * define a row-level-security role that reads the company ids from CUSTOMDATA().
 */
export interface PowerBiConfig {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  workspaceId: string;
  reportBaseId: string;
  /** the premium report (reportPremium users); null: they get the base one */
  reportPremiumId: string | null;
  /** the RLS role of the effective identity */
  rlsRole: string;
  /** Entra's token endpoint base (https://login.microsoftonline.com) */
  authorityUrl: string;
  /** the Power BI REST API base (https://api.powerbi.com) */
  apiUrl: string;
}

export type FileStorageConfig = { kind: 'disk' } | ({ kind: 's3' } & S3StorageConfig);

export const DEV_IDENTITY_API_KEY = 'tessera-dev-public-key';
export const BUILTIN_SIGN_IN_PATH = '/identity/v1/accounts:signInWithPassword';

/** name, default, meaning: the table the README copies. */
export const configDoc: ReadonlyArray<{ name: string; default: string; meaning: string }> = [
  { name: 'PORT', default: '8080', meaning: 'HTTP port the server listens on.' },
  { name: 'DATA_DIR', default: './data', meaning: 'Folder for the embedded database (DATA_DIR/pglite) and generated keys.' },
  { name: 'DATABASE_URL', default: '(unset)', meaning: 'postgres://… uses a PostgreSQL server; unset uses embedded PGlite in DATA_DIR/pglite.' },
  { name: 'DATABASE_MIGRATION_URL', default: 'DATABASE_URL', meaning: 'PostgreSQL: the role that owns the tables and runs the migrations at start, on its own short-lived connection; it then grants DATABASE_URL\'s role what the server needs (rows, no table owned; the audit trail and ledgers append-only). Unset: DATABASE_URL\'s role does both. Ignored on the embedded PGlite.' },
  { name: 'APP_ENV', default: 'dev', meaning: 'Environment label shown by the SPA (config.js appEnv).' },
  { name: 'PUBLIC_URL', default: 'http://localhost:PORT', meaning: 'Public base URL, used in e-mailed links and the default idToken issuer.' },
  { name: 'SMTP_URL', default: '(unset)', meaning: 'smtp(s)://user:pass@host:port. Unset: e-mails are printed to the server log (info) instead of sent.' },
  { name: 'MAIL_FROM', default: 'Tessera <no-reply@tessera.local>', meaning: 'Sender address of e-mails.' },
  { name: 'DEMO_DATA', default: '(unset)', meaning: 'PostgreSQL: seed demo companies and accounts only when 1. A new embedded database is always seeded.' },
  { name: 'TRUST_PROXY', default: '0', meaning: '1: trust X-Forwarded-For (behind a load balancer), so per-address limits see the client address.' },
  { name: 'SPA_DIR', default: './dist', meaning: 'The built SPA served with history fallback.' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'Server log level.' },
  { name: 'IDENTITY_PROVIDER', default: 'builtin', meaning: 'builtin: /identity/v1 signs users in. external: an Identity-Toolkit-compatible provider does; /identity is off.' },
  { name: 'IDENTITY_TENANT_ID', default: DEFAULT_TENANT_ID, meaning: 'Tenant the SPA sends at sign-in and idTokens must carry (firebase.tenant).' },
  { name: 'IDENTITY_API_KEY', default: DEV_IDENTITY_API_KEY, meaning: 'Public `?key=` the SPA sends to the sign-in URL. The built-in provider accepts any key (it is public, not a secret).' },
  { name: 'IDENTITY_ISSUER', default: 'PUBLIC_URL/identity', meaning: 'idToken `iss`: what the built-in provider issues, or what an external provider must send (required in external mode).' },
  { name: 'IDENTITY_AUDIENCE', default: 'tessera', meaning: 'idToken `aud` (project id).' },
  { name: 'IDENTITY_JWKS_URL', default: '(unset)', meaning: 'External mode: JWKS URL used to verify idTokens (required in external mode).' },
  { name: 'IDENTITY_SIGN_IN_URL', default: BUILTIN_SIGN_IN_PATH, meaning: 'Sign-in URL the SPA calls (required in external mode).' },
  { name: 'IDENTITY_PRIVATE_KEY', default: '(generated)', meaning: 'PEM (PKCS#8, EC P-256) signing key of the built-in provider. Unset: generated into DATA_DIR/keys on first start. Several instances must share it.' },
  { name: 'ACCESS_TOKEN_SECRET', default: '(generated)', meaning: 'HS256 secret (≥ 32 chars) of API access tokens. Unset: generated into DATA_DIR/keys. Several instances must all be given the same value.' },
  { name: 'FILE_STORAGE', default: 'disk', meaning: 'Where made files (batch archives) are kept. disk: in DATA_DIR (DATA_DIR/archives/…) on this machine. s3: in the S3_BUCKET bucket, which several instances share.' },
  { name: 'S3_BUCKET', default: '(unset)', meaning: 'FILE_STORAGE=s3: the bucket (required).' },
  { name: 'S3_REGION', default: 'us-east-1', meaning: 'FILE_STORAGE=s3: the bucket\'s region.' },
  { name: 'S3_ENDPOINT', default: '(unset)', meaning: 'FILE_STORAGE=s3: URL of an S3-compatible store (MinIO, Ceph, R2…). Unset: AWS S3.' },
  { name: 'S3_ACCESS_KEY_ID', default: '(unset)', meaning: 'FILE_STORAGE=s3: access key, given with S3_SECRET_ACCESS_KEY. Unset: the AWS SDK\'s default credentials (AWS_* variables, profile, instance role).' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', meaning: 'FILE_STORAGE=s3: secret of S3_ACCESS_KEY_ID.' },
  { name: 'S3_FORCE_PATH_STYLE', default: 'false', meaning: 'FILE_STORAGE=s3: true addresses the bucket in the path (endpoint/bucket/key), as most self-hosted stores need.' },
  { name: 'ACCESS_TOKEN_TTL_SECONDS', default: '900', meaning: 'Access-token lifetime.' },
  { name: 'REFRESH_TOKEN_TTL_SECONDS', default: '1209600', meaning: 'Refresh-token lifetime (rotated at every use).' },
  { name: 'BRUTE_FORCE_WINDOW_SECONDS', default: '900', meaning: 'Window in which failed sign-ins are counted.' },
  { name: 'BRUTE_FORCE_MAX_PER_ACCOUNT', default: '5', meaning: 'Failed sign-ins per e-mail within the window before TOO_MANY_ATTEMPTS_TRY_LATER.' },
  { name: 'BRUTE_FORCE_MAX_PER_IP', default: '20', meaning: 'Failed sign-ins per client address within the window before TOO_MANY_ATTEMPTS_TRY_LATER.' },
  { name: 'FORGOT_PASSWORD_MAX_PER_IP', default: '5', meaning: 'forgot-password requests per client address per FORGOT_PASSWORD_WINDOW_SECONDS (per instance).' },
  { name: 'FORGOT_PASSWORD_WINDOW_SECONDS', default: '900', meaning: 'Window of the forgot-password rate limit.' },
  { name: 'JOBS_CONCURRENCY_MAIL', default: '2', meaning: 'Jobs of the mail queue (outbox e-mails, square codes, password resets) one instance runs at once. Each queue runs apart, so a stalled SMTP server holds only this one. Every queue\'s job may hold a database connection: keep the sum of the JOBS_CONCURRENCY_* below DB_POOL_MAX.' },
  { name: 'JOBS_CONCURRENCY_SQUARE', default: '1', meaning: 'The same for square orders\' runs (create, mint, activate, cancel).' },
  { name: 'JOBS_CONCURRENCY_REPORTS', default: '1', meaning: 'The same for generated reports.' },
  { name: 'JOBS_CONCURRENCY_BATCHES', default: '1', meaning: 'The same for gift-card batches (generation, PDF archives, activation).' },
  { name: 'JOBS_CONCURRENCY_RELOADS', default: '1', meaning: 'The same for reload runs.' },
  { name: 'JOBS_CONCURRENCY_ORDERS', default: '1', meaning: 'The same for B2B orders (issue, cancel).' },
  { name: 'JOBS_CONCURRENCY_PERIODIC', default: '1', meaning: 'The same for the recurring duties (cleanup, dashboard rollup, audit retention, monthly statements, report expiry).' },
  { name: 'SMTP_CONNECTION_TIMEOUT_SECONDS', default: '10', meaning: 'How long opening a connection to the SMTP server may take; past it the send fails and waits to retry.' },
  { name: 'SMTP_GREETING_TIMEOUT_SECONDS', default: '10', meaning: 'How long the SMTP server may take to greet once connected.' },
  { name: 'SMTP_SOCKET_TIMEOUT_SECONDS', default: '60', meaning: 'A connection to the SMTP server silent this long (a server stalled after the message) is given up: the send fails and waits to retry. Well below a send\'s lease (300 s), so no other instance sends it meanwhile.' },
  { name: 'MAIL_RETRY_HOURS', default: '48', meaning: 'An e-mail the SMTP server defers, or that cannot be handed over (server down), is retried with back-off (at most an hour apart) for this long before it is failed for good; one the server refuses (5xx) fails at once with its answer.' },
  { name: 'JOBS_POLL_INTERVAL_MS', default: '1000', meaning: 'How often the job runner looks for due jobs.' },
  { name: 'JOBS_STALE_AFTER_SECONDS', default: '300', meaning: 'A running job whose worker stopped answering this long ago (a crashed instance) is taken over by another instance.' },
  { name: 'RELOAD_MONTHLY_CAP_CENTS', default: '250000', meaning: 'Reloadable cards: the most (cents) one card may be reloaded in a calendar month (Europe/Rome); a reload over it is refused (RELOAD_MONTHLY_CAP).' },
  { name: 'RELOAD_YEARLY_CAP_CENTS', default: '1000000', meaning: 'Reloadable cards: the most (cents) one card may be reloaded in a calendar year (RELOAD_YEARLY_CAP).' },
  { name: 'RELOAD_CHUNK_ROWS', default: '500', meaning: 'Reloadable cards: rows of a reload run credited per transaction (a crash loses at most one chunk; another instance finishes the run).' },
  { name: 'SQUARE_APPROVAL_THRESHOLD_CENTS', default: '100000', meaning: 'Square vouchers: an order whose total (cents) is at or above this waits for provider staff\'s approval when confirmed; below it approval is skipped.' },
  { name: 'SQUARE_CHUNK_ROWS', default: '1000', meaning: 'Square vouchers: recipients read, codes minted, activated or deleted per transaction by an order\'s jobs (a crash loses at most one chunk; the restarted job finishes the rest).' },
  { name: 'TICKETS_SUPPORT_EMAIL', default: 'support@tessera.test', meaning: 'Support tickets: the provider\'s support mailbox; new tickets and customers\' messages are e-mailed there (in Italian).' },
  { name: 'REPORTS_RETENTION_DAYS', default: '7', meaning: 'Generated reports: a ready file is deleted from the file storage this many days after it was made (the report then shows as expired).' },
  { name: 'REPORTS_MAX_ACTIVE_PER_USER', default: '3', meaning: 'Generated reports: how many reports one user may have queued or running at once (REPORTS_TOO_MANY_ACTIVE beyond).' },
  { name: 'DASHBOARD_ROLLUP_MINUTES', default: '5', meaning: 'Dashboard: how often the rollup job rewrites the daily summaries of today and yesterday (Europe/Rome) from the ledger; the charts are this fresh.' },
  { name: 'POWERBI_TENANT_ID', default: '(unset)', meaning: 'Power BI Embedded: the Entra tenant of the service principal. With POWERBI_CLIENT_ID, POWERBI_CLIENT_SECRET, POWERBI_WORKSPACE_ID and POWERBI_REPORT_BASE_ID set, /dashboard embeds the Power BI report; unset, it shows the built-in charts.' },
  { name: 'POWERBI_CLIENT_ID', default: '(unset)', meaning: 'Power BI Embedded: the service principal\'s application (client) id.' },
  { name: 'POWERBI_CLIENT_SECRET', default: '(unset)', meaning: 'Power BI Embedded: the service principal\'s client secret (never sent to the browser).' },
  { name: 'POWERBI_WORKSPACE_ID', default: '(unset)', meaning: 'Power BI Embedded: the workspace (group) holding the reports.' },
  { name: 'POWERBI_REPORT_BASE_ID', default: '(unset)', meaning: 'Power BI Embedded: the report shown to users with powerBi.reportBase.' },
  { name: 'POWERBI_REPORT_PREMIUM_ID', default: '(unset)', meaning: 'Power BI Embedded: the report shown to users with powerBi.reportPremium (unset: the base report).' },
  { name: 'POWERBI_RLS_ROLE', default: 'Company', meaning: 'Power BI Embedded: the row-level-security role of the embed token\'s effective identity; its rule reads the caller\'s company ids (comma-separated) from CUSTOMDATA().' },
  { name: 'POWERBI_AUTHORITY_URL', default: 'https://login.microsoftonline.com', meaning: 'Power BI Embedded: the Entra token endpoint\'s base (client credentials at /{tenant}/oauth2/v2.0/token).' },
  { name: 'POWERBI_API_URL', default: 'https://api.powerbi.com', meaning: 'Power BI Embedded: the Power BI REST API\'s base (reports and GenerateToken).' },
  { name: 'TEST_CLOCK', default: '(unset)', meaning: 'Tests only, refused when NODE_ENV=production: 1 lets POST /api/test/clock move the server clock (scheduled reloads in the journeys).' },
  { name: 'MAX_TRANSACTION_AMOUNT_CENTS', default: '100000', meaning: 'SPEC §5 "maximum import": the largest amount (cents) of one reload, consume, freeze or return (config.js maxTransactionCents).' },
  { name: 'GIFT_CARD_SEARCH_MAX_PER_MINUTE', default: '30', meaning: 'Searches by card code per user and address per minute, against guessing (counted in the database, one budget for every instance).' },
  { name: 'CLEANUP_INTERVAL_MINUTES', default: '60', meaning: 'How often the cleanup job deletes what the retention settings below let go (first run a minute after start).' },
  { name: 'RETENTION_JOBS_DAYS', default: '30', meaning: 'Finished (done or failed) background jobs are deleted this many days after they finished.' },
  { name: 'RETENTION_REFRESH_TOKENS_DAYS', default: '7', meaning: 'Refresh tokens are deleted this many days after they expired (rotated and revoked ones included).' },
  { name: 'IDEMPOTENCY_KEY_TTL_HOURS', default: '24', meaning: 'Idempotency-Key retention: a replay later than this is a new request; the cleanup job deletes older keys (never a bulk claim still running).' },
  { name: 'RETENTION_EMAILS_DAYS', default: '90', meaning: 'E-mails done (sent, printed, failed) are deleted this many days after they were written: the e-mails screen shows this long a history.' },
  { name: 'RETENTION_AUDIT_DAYS', default: '365', meaning: 'Audit rows (sign-ins, failures, password events) older than this are deleted (never younger than BRUTE_FORCE_WINDOW_SECONDS).' },
  { name: 'WORK_MAX_PER_USER', default: '60', meaning: 'Requests of one user that queue background work (a batch made or activated, an order confirmed, a reload, a report) per WORK_WINDOW_SECONDS; past it 429 RATE_LIMITED with Retry-After and nothing is done. Counted in the database: one budget for every instance.' },
  { name: 'WORK_MAX_PER_COMPANY', default: '300', meaning: 'The same, for all the users of one company together.' },
  { name: 'MAIL_MAX_PER_USER', default: '20', meaning: 'Requests of one user that send e-mail (a user created, an activation resent, a ticket or a message, a voucher resent, a voucher order) per WORK_WINDOW_SECONDS; past it 429 RATE_LIMITED and nothing is sent.' },
  { name: 'MAIL_MAX_PER_COMPANY', default: '100', meaning: 'The same, for all the users of one company together.' },
  { name: 'WORK_WINDOW_SECONDS', default: '300', meaning: 'Window of the WORK_MAX_* and MAIL_MAX_PER_USER/COMPANY budgets.' },
  { name: 'MAIL_MAX_PER_RECIPIENT', default: '5', meaning: 'E-mails that requests (and password resets) may send to one address per MAIL_RECIPIENT_WINDOW_SECONDS, whoever asks; past it 429 RECIPIENT_LIMITED (a reset is just not sent). The support mailbox is exempt.' },
  { name: 'MAIL_RECIPIENT_WINDOW_SECONDS', default: '3600', meaning: 'Window of MAIL_MAX_PER_RECIPIENT.' },
  { name: 'EXPORT_MAX_CONCURRENT', default: '4', meaning: 'CSV downloads streamed from the database at once on this instance; each holds one connection of a pool of its own (PostgreSQL), so requests never wait behind exports. Past it a download answers 429 EXPORTS_BUSY with Retry-After.' },
  { name: 'EXPORT_MAX_PER_USER', default: '2', meaning: 'CSV downloads one user may have streaming at once on this instance (429 EXPORTS_BUSY past it).' },
  { name: 'EXPORT_WRITE_TIMEOUT_SECONDS', default: '30', meaning: 'A download whose client stops reading for this long is ended and its database connection freed.' },
  { name: 'HTTP_REQUEST_TIMEOUT_SECONDS', default: '30', meaning: 'Time a client has to send a whole request (headers and body); a slower one is answered 408 and closed. Below a load balancer\'s usual 60 s.' },
  { name: 'HTTP_SOCKET_TIMEOUT_SECONDS', default: '50', meaning: 'A connection on which nothing is read or written for this long is closed (a stalled upload or download). Below a load balancer\'s usual 60 s idle timeout.' },
  { name: 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', default: '65', meaning: 'An idle keep-alive connection is kept this long. Deliberately above a load balancer\'s idle timeout (60 s on AWS ALB), so the balancer, not the server, closes it and never sends on a closing socket.' },
  { name: 'DB_POOL_MAX', default: '10', meaning: 'PostgreSQL: connections of this instance\'s pool for requests and jobs (CSV downloads have EXPORT_MAX_CONCURRENT of their own). Instances × (DB_POOL_MAX + EXPORT_MAX_CONCURRENT) + a few for migrations must stay below the server\'s max_connections.' },
  { name: 'DB_POOL_WAIT_SECONDS', default: '5', meaning: 'How long a request waits for a free connection of the pool (or a new one to open) before it answers 503 DATABASE_UNAVAILABLE with Retry-After.' },
  { name: 'DB_STATEMENT_TIMEOUT_SECONDS', default: '30', meaning: 'PostgreSQL statement_timeout of the pool\'s sessions: a statement running longer is cancelled (503); a connection that stays silent a few seconds past it (a dead network path) is dropped. Migrations and CSV downloads are not held to it.' },
  { name: 'DB_LOCK_TIMEOUT_SECONDS', default: '5', meaning: 'PostgreSQL lock_timeout: a statement waiting this long for a row another transaction holds (a till retrying a consume) gives up and answers 409 RECORD_BUSY with Retry-After, so the pool stays free for requests that can progress.' },
  { name: 'DB_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS', default: '60', meaning: 'PostgreSQL idle_in_transaction_session_timeout: a session that holds a transaction open without a statement for this long is ended by the server, releasing its locks.' },
  { name: 'METRICS_TOKEN', default: '(unset)', meaning: 'GET /metrics (Prometheus text) answers only with `Authorization: Bearer <METRICS_TOKEN>`. Neither this nor METRICS_PORT: /metrics answers 404 (never public by default).' },
  { name: 'METRICS_PORT', default: '(unset)', meaning: 'Serves /metrics, without a token, on this port of its own (bind it to a private network), instead of or besides the token on PORT.' },
  { name: 'SHUTDOWN_GRACE_SECONDS', default: '10', meaning: 'On SIGTERM/SIGINT: /readyz answers 503 at once (the balancer drains the instance), running jobs stop and give their lease back (another instance takes them over at once), and in-flight requests get this long to finish before the process exits.' },
  { name: 'AUDIT_RETENTION_DAYS', default: '730', meaning: 'Audit trail (changes, code reads): rows older than this are exported to a CSV file in the file storage (audit/retention-….csv), then deleted, by a daily job.' },
  { name: 'BULK_LEASE_SECONDS', default: '30', meaning: 'Lease of a running keyed bulk action, renewed while it works. A retry with the key after the runner died (lease run out) finishes the bulk; before that it answers 409.' },
  { name: 'INTEGRATION_RATE_LIMIT_PER_MINUTE', default: '600', meaning: 'Integration API calls per API key and minute (counted in the database, one budget for every instance); past it 429 RATE_LIMITED. 0: no limit.' },
];

/** Power BI Embedded when its five required settings are all given; none: the built-in charts. Some but not all: a start error. */
function powerBiOf(env: NodeJS.ProcessEnv): PowerBiConfig | null {
  const required = ['POWERBI_TENANT_ID', 'POWERBI_CLIENT_ID', 'POWERBI_CLIENT_SECRET', 'POWERBI_WORKSPACE_ID', 'POWERBI_REPORT_BASE_ID'] as const;
  const given = required.filter((name) => str(env, name));
  if (given.length === 0) return null;
  if (given.length < required.length) throw new Error(`Power BI Embedded needs ${required.filter((name) => !str(env, name)).join(', ')} as well`);
  return {
    tenantId: str(env, 'POWERBI_TENANT_ID')!,
    clientId: str(env, 'POWERBI_CLIENT_ID')!,
    clientSecret: str(env, 'POWERBI_CLIENT_SECRET')!,
    workspaceId: str(env, 'POWERBI_WORKSPACE_ID')!,
    reportBaseId: str(env, 'POWERBI_REPORT_BASE_ID')!,
    reportPremiumId: str(env, 'POWERBI_REPORT_PREMIUM_ID'),
    rlsRole: str(env, 'POWERBI_RLS_ROLE') ?? 'Company',
    authorityUrl: (str(env, 'POWERBI_AUTHORITY_URL') ?? 'https://login.microsoftonline.com').replace(/\/+$/, ''),
    apiUrl: (str(env, 'POWERBI_API_URL') ?? 'https://api.powerbi.com').replace(/\/+$/, ''),
  };
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? APP_VERSION_FALLBACK;
  } catch {
    return APP_VERSION_FALLBACK;
  }
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function str(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

function testClockOf(env: NodeJS.ProcessEnv): boolean {
  if (env.TEST_CLOCK !== '1') return false;
  if (env.NODE_ENV === 'production') throw new Error('TEST_CLOCK cannot be used with NODE_ENV=production');
  return true;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

function fileStorageOf(env: NodeJS.ProcessEnv): FileStorageConfig {
  const kind = str(env, 'FILE_STORAGE') ?? 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORAGE must be disk or s3, got "${kind}"`);
  const bucket = str(env, 'S3_BUCKET');
  if (!bucket) throw new Error('S3_BUCKET is required when FILE_STORAGE=s3');
  const accessKeyId = str(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = str(env, 'S3_SECRET_ACCESS_KEY');
  // one without the other would silently fall back to the default chain and sign as someone else
  if ((accessKeyId === null) !== (secretAccessKey === null)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    kind,
    bucket,
    region: str(env, 'S3_REGION') ?? 'us-east-1',
    endpoint: str(env, 'S3_ENDPOINT'),
    accessKeyId,
    secretAccessKey,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE'),
  };
}

/**
 * The HTTP server's timeouts, as Fastify's options (app.ts). Fastify sets them on a server it
 * makes; main.ts makes its own (it listens before the app is built) and sets the same from here.
 */
export function httpTimeouts(config: Pick<AppConfig, 'http'>) {
  return {
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.socketTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: { headersTimeout: Math.min(config.http.requestTimeoutMs, 60_000), connectionsCheckingInterval: Math.min(1000, config.http.requestTimeoutMs) },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = int(env, 'PORT', 8080);
  const publicUrl = (str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const provider = str(env, 'IDENTITY_PROVIDER') ?? 'builtin';
  if (provider !== 'builtin' && provider !== 'external') throw new Error('IDENTITY_PROVIDER must be builtin or external');
  const identity: IdentityConfig = {
    provider,
    tenantId: str(env, 'IDENTITY_TENANT_ID') ?? DEFAULT_TENANT_ID,
    apiKey: str(env, 'IDENTITY_API_KEY') ?? DEV_IDENTITY_API_KEY,
    issuer: str(env, 'IDENTITY_ISSUER') ?? `${publicUrl}/identity`,
    audience: str(env, 'IDENTITY_AUDIENCE') ?? 'tessera',
    jwksUrl: str(env, 'IDENTITY_JWKS_URL'),
    signInUrl: str(env, 'IDENTITY_SIGN_IN_URL') ?? BUILTIN_SIGN_IN_PATH,
    privateKeyPem: str(env, 'IDENTITY_PRIVATE_KEY')?.replace(/\\n/g, '\n') ?? null,
  };
  if (provider === 'external') {
    for (const name of ['IDENTITY_JWKS_URL', 'IDENTITY_ISSUER', 'IDENTITY_SIGN_IN_URL']) {
      if (!str(env, name)) throw new Error(`${name} is required when IDENTITY_PROVIDER=external`);
    }
  }
  const accessTokenSecret = str(env, 'ACCESS_TOKEN_SECRET');
  if (accessTokenSecret !== null && accessTokenSecret.length < 32) throw new Error('ACCESS_TOKEN_SECRET must be at least 32 characters');
  const databaseUrl = str(env, 'DATABASE_URL');
  return {
    port,
    dataDir: path.resolve(str(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    databaseMigrationUrl: databaseUrl && (str(env, 'DATABASE_MIGRATION_URL') ?? databaseUrl),
    appEnv: str(env, 'APP_ENV') ?? 'dev',
    publicUrl,
    smtpUrl: str(env, 'SMTP_URL'),
    smtp: {
      connectionTimeoutMs: Math.max(1, int(env, 'SMTP_CONNECTION_TIMEOUT_SECONDS', 10)) * 1000,
      greetingTimeoutMs: Math.max(1, int(env, 'SMTP_GREETING_TIMEOUT_SECONDS', 10)) * 1000,
      socketTimeoutMs: Math.max(1, int(env, 'SMTP_SOCKET_TIMEOUT_SECONDS', 60)) * 1000,
      retryHours: Math.max(1, int(env, 'MAIL_RETRY_HOURS', 48)),
    },
    mailFrom: str(env, 'MAIL_FROM') ?? 'Tessera <no-reply@tessera.local>',
    demoData: env.DEMO_DATA === '1',
    trustProxy: env.TRUST_PROXY === '1',
    spaDir: path.resolve(str(env, 'SPA_DIR') ?? path.join(ROOT, 'dist')),
    version: readVersion(),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    identity,
    accessTokenSecret,
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 900),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_SECONDS', 14 * 24 * 3600),
    oneTimeTokenTtlSeconds: { activation: 7 * 24 * 3600, reset: 3600, emailChange: 48 * 3600 },
    bruteForce: {
      windowSeconds: int(env, 'BRUTE_FORCE_WINDOW_SECONDS', 900),
      maxPerAccount: int(env, 'BRUTE_FORCE_MAX_PER_ACCOUNT', 5),
      maxPerIp: int(env, 'BRUTE_FORCE_MAX_PER_IP', 20),
    },
    forgotPasswordRateLimit: {
      max: int(env, 'FORGOT_PASSWORD_MAX_PER_IP', 5),
      windowMs: int(env, 'FORGOT_PASSWORD_WINDOW_SECONDS', 900) * 1000,
    },
    jobs: {
      pollIntervalMs: int(env, 'JOBS_POLL_INTERVAL_MS', 1000),
      staleAfterSeconds: Math.max(1, int(env, 'JOBS_STALE_AFTER_SECONDS', 300)),
      concurrency: Object.fromEntries(QUEUE_NAMES.map((queue) => [queue, Math.max(1, int(env, `JOBS_CONCURRENCY_${queue.toUpperCase()}`, QUEUES[queue].concurrency))])) as Record<QueueName, number>,
    },
    reloads: {
      monthlyCapCents: int(env, 'RELOAD_MONTHLY_CAP_CENTS', DEFAULT_RELOAD_CAPS.monthlyCapCents) || DEFAULT_RELOAD_CAPS.monthlyCapCents,
      yearlyCapCents: int(env, 'RELOAD_YEARLY_CAP_CENTS', DEFAULT_RELOAD_CAPS.yearlyCapCents) || DEFAULT_RELOAD_CAPS.yearlyCapCents,
      chunkRows: Math.max(1, int(env, 'RELOAD_CHUNK_ROWS', 500)),
    },
    square: { approvalThresholdCents: int(env, 'SQUARE_APPROVAL_THRESHOLD_CENTS', 100_000), chunkRows: Math.max(1, int(env, 'SQUARE_CHUNK_ROWS', 1000)) },
    tickets: { supportEmail: str(env, 'TICKETS_SUPPORT_EMAIL') ?? 'support@tessera.test' },
    reports: { retentionDays: Math.max(1, int(env, 'REPORTS_RETENTION_DAYS', 7)), maxActivePerUser: Math.max(1, int(env, 'REPORTS_MAX_ACTIVE_PER_USER', 3)) },
    dashboard: { rollupMinutes: Math.max(1, int(env, 'DASHBOARD_ROLLUP_MINUTES', 5)), powerBi: powerBiOf(env) },
    testClock: testClockOf(env),
    files: fileStorageOf(env),
    giftCards: {
      maxTransactionCents: int(env, 'MAX_TRANSACTION_AMOUNT_CENTS', DEFAULT_MAX_TRANSACTION_CENTS) || DEFAULT_MAX_TRANSACTION_CENTS,
      searchMaxPerMinute: int(env, 'GIFT_CARD_SEARCH_MAX_PER_MINUTE', 30),
      bulkLeaseSeconds: Math.max(1, int(env, 'BULK_LEASE_SECONDS', 30)),
    },
    retention: {
      intervalMinutes: Math.max(1, int(env, 'CLEANUP_INTERVAL_MINUTES', 60)),
      finishedJobsDays: int(env, 'RETENTION_JOBS_DAYS', 30),
      expiredRefreshTokensDays: int(env, 'RETENTION_REFRESH_TOKENS_DAYS', 7),
      idempotencyKeyHours: Math.max(1, int(env, 'IDEMPOTENCY_KEY_TTL_HOURS', 24)),
      auditDays: int(env, 'RETENTION_AUDIT_DAYS', 365),
      emailsDays: Math.max(1, int(env, 'RETENTION_EMAILS_DAYS', 90)),
    },
    integration: { rateLimitPerMinute: Math.max(0, int(env, 'INTEGRATION_RATE_LIMIT_PER_MINUTE', 600)) },
    work: {
      maxPerUser: Math.max(1, int(env, 'WORK_MAX_PER_USER', 60)),
      maxPerCompany: Math.max(1, int(env, 'WORK_MAX_PER_COMPANY', 300)),
      mailMaxPerUser: Math.max(1, int(env, 'MAIL_MAX_PER_USER', 20)),
      mailMaxPerCompany: Math.max(1, int(env, 'MAIL_MAX_PER_COMPANY', 100)),
      windowSeconds: Math.max(1, int(env, 'WORK_WINDOW_SECONDS', 300)),
      maxPerRecipient: Math.max(1, int(env, 'MAIL_MAX_PER_RECIPIENT', 5)),
      recipientWindowSeconds: Math.max(1, int(env, 'MAIL_RECIPIENT_WINDOW_SECONDS', 3600)),
    },
    exports: {
      maxConcurrent: Math.max(1, int(env, 'EXPORT_MAX_CONCURRENT', 4)),
      maxPerUser: Math.max(1, int(env, 'EXPORT_MAX_PER_USER', 2)),
      writeTimeoutMs: Math.max(1, int(env, 'EXPORT_WRITE_TIMEOUT_SECONDS', 30)) * 1000,
    },
    http: {
      requestTimeoutMs: Math.max(1, int(env, 'HTTP_REQUEST_TIMEOUT_SECONDS', 30)) * 1000,
      socketTimeoutMs: Math.max(1, int(env, 'HTTP_SOCKET_TIMEOUT_SECONDS', 50)) * 1000,
      keepAliveTimeoutMs: Math.max(1, int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', 65)) * 1000,
    },
    auditTrail: { retentionDays: Math.max(1, int(env, 'AUDIT_RETENTION_DAYS', 730)) },
    database: {
      poolMax: Math.max(2, int(env, 'DB_POOL_MAX', 10)),
      poolWaitMs: Math.max(1, int(env, 'DB_POOL_WAIT_SECONDS', 5)) * 1000,
      statementTimeoutMs: int(env, 'DB_STATEMENT_TIMEOUT_SECONDS', 30) * 1000,
      lockTimeoutMs: int(env, 'DB_LOCK_TIMEOUT_SECONDS', 5) * 1000,
      idleInTransactionTimeoutMs: int(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS', 60) * 1000,
    },
    metrics: { token: str(env, 'METRICS_TOKEN'), port: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0) : null },
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_SECONDS', 10) * 1000,
  };
}
