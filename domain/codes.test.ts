import { describe, expect, it } from 'vitest';
import {
  checkCharacter,
  CODE_ALPHABET,
  CODE_ENTROPY_BITS,
  CODE_LENGTH,
  formatCardCode,
  generateCardCode,
  generateCardCodes,
  isSearchableCode,
  isWellFormedCode,
} from './codes';

describe('card codes', () => {
  it('uses an alphabet without look-alike characters', () => {
    for (const c of '01OIL') expect(CODE_ALPHABET).not.toContain(c);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
  });

  it('carries at least 64 random bits', () => {
    expect(CODE_ENTROPY_BITS).toBeGreaterThanOrEqual(64);
  });

  it('makes well-formed codes of the alphabet, all different', () => {
    const codes = generateCardCodes(20_000);
    expect(new Set(codes).size).toBe(20_000);
    for (const code of codes) {
      expect(code).toHaveLength(CODE_LENGTH);
      expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]+$`));
      expect(isWellFormedCode(code)).toBe(true);
    }
    expect(isWellFormedCode(generateCardCode())).toBe(true);
  });

  it('draws every character about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const code of generateCardCodes(10_000)) for (const c of code.slice(0, -1)) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = (10_000 * (CODE_LENGTH - 1)) / CODE_ALPHABET.length;
    expect(counts.size).toBe(CODE_ALPHABET.length);
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.06);
  });

  it('throws away biased bytes instead of folding them onto the first characters', () => {
    // 248…255 would map onto A…H with a plain modulo
    const bytes = new Uint8Array(64).fill(255);
    bytes.set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], 20);
    const [code] = generateCardCodes(1, () => bytes);
    expect(code.slice(0, 16)).toBe(CODE_ALPHABET.slice(0, 16));
  });

  it('refuses every single mistyped character', () => {
    const code = generateCardCode();
    for (let i = 0; i < code.length; i++) {
      for (const c of CODE_ALPHABET) {
        if (c === code[i]) continue;
        expect(isWellFormedCode(code.slice(0, i) + c + code.slice(i + 1))).toBe(false);
      }
    }
  });

  it('refuses any two characters swapped', () => {
    for (const code of generateCardCodes(100)) {
      for (let i = 0; i < code.length; i++) {
        for (let j = i + 1; j < code.length; j++) {
          if (code[i] === code[j]) continue;
          const chars = [...code];
          [chars[i], chars[j]] = [chars[j], chars[i]];
          expect(isWellFormedCode(chars.join(''))).toBe(false);
        }
      }
    }
  });

  it('computes the position-weighted mod 31 check character', () => {
    // A=0, B=1: "AAAAAAAAAAAAAAAB" sums 16·1 = 16; the check c (weight 17) needs 16 + 17c ≡ 0 (mod 31): c = 10 ("M")
    expect(checkCharacter('AAAAAAAAAAAAAAAB')).toBe(CODE_ALPHABET[10]);
    expect(isWellFormedCode(`AAAAAAAAAAAAAAAB${CODE_ALPHABET[10]}`)).toBe(true);
    expect(checkCharacter('AAAAAAAAAAAAAAAA')).toBe('A');
    expect(() => checkCharacter('AAAA0')).toThrow();
  });

  it('lets older 16-character codes and partial input through, refuses new-format typos', () => {
    const code = generateCardCode();
    const typo = code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A');
    expect(isSearchableCode(code)).toBe(true);
    expect(isSearchableCode(formatCardCode(code).toLowerCase())).toBe(true);
    expect(isSearchableCode(typo)).toBe(false);
    expect(isSearchableCode('ABCDEFGHJKMNPQRS')).toBe(true);
    expect(isSearchableCode('ABCD')).toBe(true);
    expect(isWellFormedCode('ABCDEFGHJKMNPQRS')).toBe(false);
  });

  it('groups a code for print', () => {
    expect(formatCardCode('ABCDEFGHJKMNPQRST')).toBe('ABCD-EFGH-JKMN-PQRST');
  });
});
