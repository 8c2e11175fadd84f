import { CARD_CODE_ALPHABET, normalizeCardCode } from './giftcards';

/**
 * Gift-card codes (issue 9): 16 random characters of CARD_CODE_ALPHABET (31 characters, no
 * look-alikes 0/O, 1/I/L) — 16·log2(31) ≈ 79 bits from the platform CSPRNG — followed by one
 * check character, 17 characters in all: the code's characters weighted by their position
 * (1…17) sum to a multiple of 31. 31 is prime and the weights are distinct and non-zero modulo
 * 31, so the check catches every single mistyped character and every swap of two characters
 * (neighbours or not): a typo is refused before any lookup. (Luhn mod N needs an even N; 31 is
 * odd, so its doubling step would not catch every substitution.)
 *
 * Codes made before this format are CARD_CODE_LENGTH (16) characters with no check character;
 * they stay valid and searchable: only a 17-character string of the alphabet is checked.
 * Pure and browser-safe (globalThis.crypto), shared by the SPA and the server.
 */
export const CODE_ALPHABET = CARD_CODE_ALPHABET;
const N = CODE_ALPHABET.length;
/** random characters of a new code */
export const CODE_PAYLOAD_LENGTH = 16;
/** a new code: payload + check character */
export const CODE_LENGTH = CODE_PAYLOAD_LENGTH + 1;
/** bits of randomness in a code */
export const CODE_ENTROPY_BITS = Math.floor(CODE_PAYLOAD_LENGTH * Math.log2(N));

const INDEX: Record<string, number> = Object.fromEntries([...CODE_ALPHABET].map((c, i) => [c, i]));
const SHAPE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** Σ (position · value) mod 31, positions counted from 1. */
function weightedSum(chars: string): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += (i + 1) * INDEX[chars[i]];
  return sum % N;
}

/** The inverse of the check character's weight (CODE_LENGTH) modulo 31. */
const CHECK_WEIGHT_INVERSE = (() => {
  for (let x = 1; x < N; x++) if ((x * CODE_LENGTH) % N === 1) return x;
  throw new Error('31 is prime');
})();

/** The check character of a payload (CODE_PAYLOAD_LENGTH characters of the alphabet). */
export function checkCharacter(payload: string): string {
  for (const c of payload) if (INDEX[c] === undefined) throw new Error(`not a code character: ${c}`);
  return CODE_ALPHABET[(((N - weightedSum(payload)) % N) * CHECK_WEIGHT_INVERSE) % N];
}

/** A string shaped like a new code: 17 characters of the alphabet (its check is not looked at). */
export const hasNewCodeShape = (code: string) => SHAPE.test(code);

/** A new-format code whose check character is right. */
export function isWellFormedCode(code: string): boolean {
  return hasNewCodeShape(code) && weightedSum(code) === 0;
}

/**
 * Whether a typed code (normalized: upper case, no spaces or hyphens) may be looked up: a
 * well-formed new code, or a code of the older 16-character format. Anything shaped like a new
 * code with a wrong check character is a typo.
 */
export function isSearchableCode(input: string): boolean {
  const code = normalizeCardCode(input);
  if (hasNewCodeShape(code)) return isWellFormedCode(code);
  return true;
}

/** Cryptographically strong random bytes (Web Crypto: Node 20 and browsers). */
function randomBytes(length: number): Uint8Array {
  const out = new Uint8Array(length);
  // getRandomValues fills at most 65,536 bytes per call
  for (let at = 0; at < length; at += 65_536) globalThis.crypto.getRandomValues(out.subarray(at, Math.min(length, at + 65_536)));
  return out;
}

/** Bytes at or above this would make some characters likelier (256 is not a multiple of 31). */
const UNBIASED_LIMIT = 256 - (256 % N);

/**
 * `count` new codes. The random characters are drawn by rejection sampling (a byte ≥ 248 is
 * thrown away, so each character is uniform over the alphabet). Uniqueness across the system is
 * the database's unique index: callers retry the rare collision with a fresh code.
 */
export function generateCardCodes(count: number, random: (length: number) => Uint8Array = randomBytes): string[] {
  const codes: string[] = new Array<string>(count);
  const chars = new Array<string>(CODE_LENGTH);
  let made = 0;
  let length = 0;
  let sum = 0;
  let pool = random(Math.ceil(count * CODE_PAYLOAD_LENGTH * 1.05) + 16);
  let at = 0;
  while (made < count) {
    if (at >= pool.length) {
      pool = random(Math.ceil((count - made) * CODE_PAYLOAD_LENGTH * 1.05) + 16);
      at = 0;
    }
    const byte = pool[at++];
    if (byte >= UNBIASED_LIMIT) continue;
    const value = byte % N;
    chars[length] = CODE_ALPHABET[value];
    length += 1;
    sum += length * value;
    if (length === CODE_PAYLOAD_LENGTH) {
      // the check character (checkCharacter, inlined: this loop makes 100,000 codes per batch)
      chars[CODE_PAYLOAD_LENGTH] = CODE_ALPHABET[(((N - (sum % N)) % N) * CHECK_WEIGHT_INVERSE) % N];
      codes[made++] = chars.join('');
      length = 0;
      sum = 0;
    }
  }
  return codes;
}

export const generateCardCode = (): string => generateCardCodes(1)[0];

/** A code grouped for reading and printing: "ABCD-EFGH-JKMN-PQRST" (search ignores the hyphens). */
export function formatCardCode(code: string): string {
  return code.length <= 4 ? code : `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12)}`;
}
