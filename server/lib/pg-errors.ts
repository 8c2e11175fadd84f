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
