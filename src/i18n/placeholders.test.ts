import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/constants';
import { textLeaves } from './textLeaves';

/**
 * Issue 46, the other half of numbersInTexts.test.ts: a number that became a parameter
 * (`{{max}}`, `{{maxBytes}}`…) is one in every language. A translation that drops it ("Troppo
 * lungo" where Italian says "Al massimo {{max}} caratteri") loses the rule's number; one that
 * renames it ("{{maximum}}") shows the braces, since the caller passes the Italian text's names.
 * So every text names the placeholders of the Italian text under the same key, no more, no fewer.
 *
 * The one leeway: a `_one` form may leave its count out ("…e un'altra carta"): the form is
 * chosen for that count, so the words can say it.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

const COUNTS = new Set(['smart_count', 'count']);

/** The names of a text's placeholders, sorted: `"{{max, number}} di {{min}}"` → `['max', 'min']`. */
export const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{\{\s*([^\s},]+)[^}]*\}\}/g)].map((match) => match[1]))].sort();

/** Every text of a language as `file: key` → its placeholder names (the count left out of `_one` forms). */
function placeholdersByKey(language: string): Map<string, string[]> {
  return new Map(
    Object.entries(files)
      .filter(([path]) => path.includes(`/locales/${language}/`))
      .flatMap(([path, tree]) => {
        const file = /locales\/[^/]+\/(.+)\.json$/.exec(path)![1];
        return textLeaves(tree).map(([key, text]): [string, string[]] => {
          const names = placeholdersOf(text);
          return [`${file}: ${key}`, key.endsWith('_one') ? names.filter((name) => !COUNTS.has(name)) : names];
        });
      }),
  );
}

describe('every language names the placeholders of the Italian text (issue 46)', () => {
  const italian = placeholdersByKey('it');

  it('reads the placeholders of a text, formats and repeats aside', () => {
    expect(placeholdersOf('Da {{min}} a {{ max }} caratteri, {{max}} al massimo')).toEqual(['max', 'min']);
    expect(placeholdersOf('{{when, datetime}} · $t(validation.maxLength)')).toEqual(['when']);
    expect(placeholdersOf('Al massimo 5 MB')).toEqual([]);
    expect([...italian.values()].filter((names) => names.length > 0).length).toBeGreaterThan(100);
  });

  it.each(LANGUAGES.filter((language) => language !== 'it'))('%s', (language) => {
    const differing = [...placeholdersByKey(language)]
      .filter(([key, names]) => italian.has(key) && names.join() !== italian.get(key)!.join())
      .map(([key, names]) => `${key}: it {${italian.get(key)!.join()}} ≠ ${language} {${names.join()}}`);
    expect(differing).toEqual([]);
  });
});
