import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/constants';
import { textLeaves } from './textLeaves';

/**
 * Issue 43: a number a text states (a limit, a size, a count of days, an example amount, a step)
 * comes from the rule that holds it, passed as a message parameter (`{{max}}`, domain/messages.ts
 * `messageWith`, or the caller's `translate(key, { max })`), never typed into the text. A number
 * typed in a text goes stale the day the rule changes (the amount example "1.500" above a
 * 1.000,00 € cap was one), and cannot follow the reader's number format.
 *
 * The walk reads every text of every language, e-mails included; what is left of a text once its
 * placeholders (`{{…}}`) and nested keys (`$t(…)`) are taken out must hold no digit.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

/** A text without its placeholders and nested keys: what the translator typed. */
export const typedPart = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '').replace(/\$t\([^)]*\)/g, '');

describe('numbers in texts come from the rule (issue 43)', () => {
  it('reads every language’s files', () => {
    const languages = new Set(Object.keys(files).map((path) => /locales\/([^/]+)\//.exec(path)![1]));
    expect([...languages].sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(files).length).toBeGreaterThan(LANGUAGES.length * 20);
  });

  it('removes placeholders and nested keys, and sees a typed number', () => {
    expect(typedPart('Al massimo {{max}} caratteri')).not.toMatch(/\d/);
    expect(typedPart('$t(validation.maxLength) e {{count}}')).not.toMatch(/\d/);
    expect(typedPart('Al massimo 5 MB')).toMatch(/\d/);
  });

  it.each([...LANGUAGES])('no text types a number (%s)', (language) => {
    const typed = Object.entries(files)
      .filter(([path]) => path.includes(`/locales/${language}/`))
      .flatMap(([path, tree]) => {
        const file = /locales\/[^/]+\/(.+)\.json$/.exec(path)![1];
        return textLeaves(tree)
          .filter(([, text]) => /\d/.test(typedPart(text)))
          .map(([key, text]) => `${file}: ${key} → ${text}`);
      });
    expect(typed).toEqual([]);
  });
});
