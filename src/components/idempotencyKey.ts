/**
 * A random UUID v4 for the `Idempotency-Key` header of money-moving calls. crypto.randomUUID
 * exists only in secure contexts, and plain-HTTP installs are supported (DESIGN.md), so the
 * fallback builds the same format from getRandomValues, which is available everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submitted form content: a double click or a retry of the same values reuses the
 * key (the server then moves money once); changed values get a new key, since the server
 * refuses a key replayed with a different body (IDEMPOTENCY_KEY_REUSED).
 */
export function createIdempotencyKeys() {
  let last: { body: string; key: string } | null = null;
  return (values: unknown): string => {
    const body = JSON.stringify(values);
    if (last?.body !== body) last = { body, key: newIdempotencyKey() };
    return last.key;
  };
}
