import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordCriteria, passwordLevel, strengthBarWidth, strengthLabelKey } from './password';

describe('password meter', () => {
  it('counts one level per satisfied criterion', () => {
    expect(passwordLevel('')).toBe(0);
    expect(passwordLevel('aB')).toBe(1);
    expect(passwordLevel('aB1')).toBe(2);
    expect(passwordLevel('aB1!')).toBe(3);
    expect(passwordLevel('aB1!aB1!aB1!')).toBe(4);
  });

  it('needs both cases for the case criterion', () => {
    expect(passwordCriteria('abcdefghijkl').upperAndLower).toBe(false);
    expect(passwordCriteria('ABCDEFGHIJKL').upperAndLower).toBe(false);
    expect(passwordCriteria('Àbcdefghijkl').upperAndLower).toBe(true);
  });

  it('counts length in characters, from 12', () => {
    expect(passwordCriteria('a'.repeat(11)).length).toBe(false);
    expect(passwordCriteria('a'.repeat(12)).length).toBe(true);
  });

  it('draws 5% at level 0 and 25% per level', () => {
    expect([0, 1, 2, 3, 4].map(strengthBarWidth)).toEqual([5, 25, 50, 75, 100]);
  });

  it('labels the five levels', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabelKey)).toEqual(['veryWeak', 'weak', 'medium', 'strong', 'veryStrong']);
  });

  it('accepts a password only when every criterion holds and it fits 255 characters', () => {
    expect(isStrongPassword('Tessera-Demo-2026!')).toBe(true);
    expect(isStrongPassword('Tessera-Demo')).toBe(false);
    expect(isStrongPassword('Aa1!' + 'x'.repeat(251))).toBe(true);
    expect(isStrongPassword('Aa1!' + 'x'.repeat(252))).toBe(false);
  });
});
