/**
 * Deterministic ids and codes for test data and the demo: a counter shaped as a version-4 UUID
 * (the API's filters check ids with `z.uuid()`), and card codes of CARD_CODE_ALPHABET drawn from a
 * caller's random source, so the same seed gives the same data.
 */
import { CARD_CODE_ALPHABET, CARD_CODE_LENGTH } from '../../domain/giftcards';

/** `kind` (0–15) keeps ids of different tables apart; `n` is the row's number. */
export function sequentialId(kind: number, n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8${kind.toString(16)}00-${hex}`;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function cardCode(random: () => number): string {
  let out = '';
  for (let i = 0; i < CARD_CODE_LENGTH; i++) out += CARD_CODE_ALPHABET[Math.floor(random() * CARD_CODE_ALPHABET.length)];
  return out;
}
