import { bytesToHex } from '@noble/hashes/utils.js';
import { base64Url, randomBytes, sha256 } from '../../lib/tokens';

/**
 * API key text: `tsk_<prefix>_<secret>`. The prefix (10 lower-case hex characters) is stored as is
 * and finds the row; the secret (32 random bytes, base64url) is kept only as its SHA-256, so a
 * database leak leaks no usable key. The `tsk_` mark lets the back-office auth refuse a key at once.
 * No Node-only APIs: the in-process host (host/lite.ts, the demo in a browser) serves this API too.
 */
export const API_KEY_MARK = 'tsk_';
const PREFIX_BYTES = 5;
const SECRET_BYTES = 32;
const SHAPE = /^tsk_([0-9a-f]{10})_([A-Za-z0-9_-]{43})$/;

export interface NewApiKey {
  key: string;
  prefix: string;
  secretHash: string;
}

export function newApiKey(): NewApiKey {
  const prefix = bytesToHex(randomBytes(PREFIX_BYTES));
  const secret = base64Url(randomBytes(SECRET_BYTES));
  return { key: `${API_KEY_MARK}${prefix}_${secret}`, prefix, secretHash: sha256(secret) };
}

/** The prefix and secret of a well-formed key text, or null. */
export function parseApiKey(text: string): { prefix: string; secret: string } | null {
  const match = SHAPE.exec(text);
  return match ? { prefix: match[1], secret: match[2] } : null;
}

/** Constant-time comparison of a presented secret with the stored hash (both hex SHA-256): every character is looked at, whatever differs. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = sha256(secret);
  if (presented.length !== storedHash.length) return false;
  let diff = 0;
  for (let i = 0; i < presented.length; i++) diff |= presented.charCodeAt(i) ^ storedHash.charCodeAt(i);
  return diff === 0;
}
