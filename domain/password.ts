import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * The password strength meter of SPEC §4–§5: four criteria, levels 0–4 (the count of satisfied
 * criteria). The value counts as chosen only when all four hold.
 */
export const PASSWORD_CRITERIA = ['upperAndLower', 'symbol', 'digit', 'length'] as const;
export type PasswordCriterion = (typeof PASSWORD_CRITERIA)[number];

export const STRENGTH_LABEL_KEYS = ['veryWeak', 'weak', 'medium', 'strong', 'veryStrong'] as const;

export function passwordCriteria(password: string): Record<PasswordCriterion, boolean> {
  return {
    upperAndLower: /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password),
    symbol: /[^\p{L}\p{N}\s]/u.test(password),
    digit: /\p{Nd}/u.test(password),
    length: [...password].length >= PASSWORD_MIN_LENGTH,
  };
}

/** 0..4: how many criteria hold. */
export function passwordLevel(password: string): number {
  return Object.values(passwordCriteria(password)).filter(Boolean).length;
}

/** Bar width in percent: 25 per level, 5 at level 0. */
export function strengthBarWidth(level: number): number {
  return level <= 0 ? 5 : Math.min(4, level) * 25;
}

/** The i18n key (under `password.strength.`) of a level's label. */
export function strengthLabelKey(level: number): (typeof STRENGTH_LABEL_KEYS)[number] {
  return STRENGTH_LABEL_KEYS[Math.max(0, Math.min(4, level))];
}

/** A new password is acceptable when all criteria hold and it fits the length limit. */
export function isStrongPassword(password: string): boolean {
  return passwordLevel(password) === PASSWORD_CRITERIA.length && password.length <= PASSWORD_MAX_LENGTH;
}
