/**
 * PostgreSQL error codes behind a failed statement (drizzle wraps the driver's error in
 * `cause`). Unique and foreign-key violations are the last line of defence against races
 * between a check and its write; services turn them into stable API codes.
 */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * What a failed statement says about the database rather than the request: `unavailable` (it
 * cannot be reached, went away mid-statement or did not answer in time: a restart, a crash, a
 * failover, a connection reset or terminated, the pool's wait for a connection run out, a
 * statement cancelled by statement_timeout or by pg's own read timeout) or `busy` (a row or lock
 * the statement needs is held by another transaction past lock_timeout, or the database chose it
 * as a deadlock's or a serialization failure's victim). Both are worth retrying, unchanged, a few
 * seconds later (plugins/errors.ts: 503 DATABASE_UNAVAILABLE, 409 RECORD_BUSY, with Retry-After).
 * Read through the error's `cause` chain as pgErrorCode does (drizzle wraps the driver's error).
 */
export type DatabaseFault = 'unavailable' | 'busy';

/** SQLSTATEs of a database that is not there (class 08 is matched by its prefix). */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown: another backend crashed, every connection is ended
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout: the session was ended
]);
const BUSY_STATES = new Set([
  '55P03', // lock_not_available: lock_timeout, NOWAIT
  '40P01', // deadlock_detected
  '40001', // serialization_failure
]);
/** Node's socket errors of an unreachable or vanished server. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EHOSTDOWN', 'ENETUNREACH', 'ENETDOWN', 'EAI_AGAIN', 'ENOTCONN']);
/** pg's and pg-pool's own messages when the connection failed (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly; due to connection timeout
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection within connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
  /^Query read timeout$/, // pg's query_timeout (db/postgres.ts)
  /^Connection closed$/,
];

export function databaseFault(error: unknown): DatabaseFault | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_FAULT_CAUSES && current && typeof current === 'object'; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (BUSY_STATES.has(code)) return 'busy';
      if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return 'unavailable';
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unavailable';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
const MAX_FAULT_CAUSES = 6;

export const isDatabaseUnavailable = (error: unknown) => databaseFault(error) === 'unavailable';
export const isRecordBusy = (error: unknown) => databaseFault(error) === 'busy';

/** Retry-After of a 503 DATABASE_UNAVAILABLE: about a restart's time. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** Retry-After of a 409 RECORD_BUSY: the other operation is usually a short one. */
export const RECORD_BUSY_RETRY_AFTER_SECONDS = 2;

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id from the path that is not a uuid names nothing: 404 rather than a database error. */
export const isUuid = (value: string) => UUID.test(value);

/** What a database error says about itself without any value it was given (pg's and PGlite's error fields). */
const SAFE_DB_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;
const MAX_CAUSES = 5;

/** A database failure as logged (loggableError): the logger names it by its class. */
class DatabaseError extends Error {
  override name = 'DatabaseError';
}

/**
 * An error as it may be logged: a database error (drizzle's "Failed query" wrapping the driver's
 * error) without the statement's parameters, which hold personal data (names, e-mails, phones,
 * addresses). Drizzle writes them into its message (`params: …`) and keeps them in `params`; the
 * driver's error carries them again (PGlite: `query`, `params`) and may quote a value in its
 * message (`invalid input syntax for type integer: "…"`) or its `detail` (`Key (email)=(…)`).
 * What stays: the SQL text (placeholders only), the code, the constraint, table, column and
 * routine, and the driver's message with every parameter's value replaced. Any other error is
 * returned as it is.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const chain: Array<Record<string, unknown>> = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current && typeof current === 'object'; depth += 1) {
    chain.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  const failed = chain.find((e) => typeof e.query === 'string' && Array.isArray(e.params));
  const driver = chain.find((e) => pgErrorCode(e) !== undefined && e !== failed);
  if (!failed && !driver) return error;
  const values = chain
    .flatMap((e) => (Array.isArray(e.params) ? (e.params as unknown[]) : []))
    .map((value) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)))
    .filter((value) => value.length >= 2)
    .sort((a, b) => b.length - a.length);
  const redact = (text: string) => values.reduce((out, value) => out.split(value).join('[REDACTED]'), text);
  const driverMessage = driver && typeof driver.message === 'string' ? redact(driver.message) : undefined;
  const message = [failed ? `Failed query: ${redact(String(failed.query))}` : null, driverMessage].filter(Boolean).join(' — ');
  const safe = new DatabaseError(message);
  const fields: Record<string, unknown> = {};
  for (const name of SAFE_DB_FIELDS) {
    const value = driver?.[name];
    if (typeof value === 'string' && value) fields[name] = name === 'code' ? value : redact(value);
  }
  // the original frames, without the first line (drizzle's message, parameters included)
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`DatabaseError: ${message}`, ...frames].join('\n');
  return Object.assign(safe, fields);
}

/**
 * The message of an error as it may be stored (a job's `last_error`): a database error's is the
 * redacted one of `loggableError` (SQL with placeholders, no parameter values), any other's as it is.
 */
export function storableMessage(error: unknown): string {
  const safe = loggableError(error);
  return safe instanceof Error ? safe.message : String(safe);
}
