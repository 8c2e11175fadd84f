import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdempotencyKeys, newIdempotencyKey } from './idempotencyKey';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reuses the key while the submitted content is the same, and renews it when it changes', () => {
    const keyFor = createIdempotencyKeys();
    const first = keyFor({ amountCents: 1000 });
    expect(keyFor({ amountCents: 1000 })).toBe(first);
    const second = keyFor({ amountCents: 1200 });
    expect(second).not.toBe(first);
    expect(second).toMatch(UUID_V4);
  });

  it('makes a UUID v4 without crypto.randomUUID (plain-HTTP pages are not secure contexts)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
