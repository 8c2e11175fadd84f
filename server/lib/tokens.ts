import { sha256 as sha256Bytes } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** URL-safe base64 without padding (RFC 4648 §5), for any host (no Buffer). */
export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `count` random bytes from the platform's CSPRNG (WebCrypto: Node and browsers alike). */
export function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

/** 256 random bits, URL-safe: refresh tokens and one-time link tokens. */
export function randomToken(): string {
  return base64Url(randomBytes(32));
}

/** Tokens are looked up by hash so a database leak does not leak usable tokens. Hex SHA-256 of the UTF-8 text. */
export function sha256(value: string): string {
  return bytesToHex(sha256Bytes(utf8ToBytes(value)));
}
