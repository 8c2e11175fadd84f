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
