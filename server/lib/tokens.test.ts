import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64Url, randomToken, sha256 } from './tokens';

/** Host-neutral token helpers give what node:crypto gave, so stored token and key hashes still match. */
describe('tokens', () => {
  it('sha256 is the hex SHA-256 of the UTF-8 text', () => {
    for (const text of ['', 'abc', 'città — 1.000,00 €', JSON.stringify(['/api/x', { amountCents: 1 }])]) {
      expect(sha256(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });

  it('base64Url is RFC 4648 URL-safe without padding', () => {
    for (const length of [0, 1, 2, 3, 31, 32, 48]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + 251) % 256);
      expect(base64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    }
  });

  it('randomToken carries 256 bits and differs each time', () => {
    const a = randomToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(randomToken());
  });
});
