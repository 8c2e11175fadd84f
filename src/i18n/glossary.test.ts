import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/constants';
import { textLeaves } from './textLeaves';

/**
 * Issue 44: one term per concept per language. Each language has a glossary beside its texts
 * (`locales/<lang>.glossary.json`): for every concept the word its texts use, the words they must
 * not use (calques of Italian or English, regional words, synonyms that blur two actions), and
 * why. A word the glossary forbids found in any text of that language — screens, CSV headers,
 * e-mails, react-admin's messages — fails here, so a later text cannot bring "plafond" back to
 * French or "Referente" to Spanish.
 */
interface Term {
  concept: string;
  use: string[];
  avoid: string[];
  why: string;
}
interface Glossary {
  language: string;
  terms: Term[];
}

const glossaries = import.meta.glob<Glossary>('../../locales/*.glossary.json', { eager: true, import: 'default' });
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

/** Every text of a language as `file: key → text`, placeholders taken out (a name is not a word the translator chose). */
function textsOf(language: string): { where: string; text: string }[] {
  return Object.entries(files)
    .filter(([path]) => path.includes(`/locales/${language}/`))
    .flatMap(([path, tree]) => {
      const file = /locales\/[^/]+\/(.+)\.json$/.exec(path)![1];
      return textLeaves(tree).map(([key, text]) => ({ where: `${file}: ${key}`, text: text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/\$t\([^)]*\)/g, ' ') }));
    });
}

function glossaryOf(language: string): Glossary | undefined {
  return Object.entries(glossaries).find(([path]) => path.endsWith(`/${language}.glossary.json`))?.[1];
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A word as a whole word: no letter right before or after it ("plafond" is not found in "plafonds"). */
export const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'iu');

describe('one term per concept per language (issue 44)', () => {
  it('finds a word only as a whole word, in any case', () => {
    expect(wholeWord('plafond').test('Le plafond est descendu')).toBe(true);
    expect(wholeWord('plafond').test('Plafond : 10 €')).toBe(true);
    expect(wholeWord('plafond').test('les plafonds')).toBe(false);
    expect(wholeWord('Host').test('Hostname')).toBe(false);
    expect(wholeWord("date d'échéance").test("Date d'échéance")).toBe(true);
  });

  it.each([...LANGUAGES])('%s has a glossary with a reason for each choice', (language) => {
    const glossary = glossaryOf(language);
    expect(glossary, `locales/${language}.glossary.json`).toBeDefined();
    expect(glossary!.language).toBe(language);
    expect(glossary!.terms.length).toBeGreaterThanOrEqual(15);
    const incomplete = glossary!.terms.filter((term) => !term.concept?.trim() || !term.why?.trim() || !term.use?.length || !Array.isArray(term.avoid));
    expect(incomplete.map((term) => term.concept)).toEqual([]);
    const concepts = glossary!.terms.map((term) => term.concept.toLowerCase());
    expect(concepts.filter((concept, index) => concepts.indexOf(concept) !== index)).toEqual([]);
  });

  it.each([...LANGUAGES])('%s texts use the glossary’s words', (language) => {
    const texts = textsOf(language).map(({ text }) => text.toLowerCase());
    const unused = glossaryOf(language)!.terms.filter((term) => !term.use.some((word) => texts.some((text) => text.includes(word.toLowerCase()))));
    expect(unused.map((term) => `${term.concept}: ${term.use.join(' / ')}`)).toEqual([]);
  });

  it.each([...LANGUAGES])('no %s text uses a word its glossary forbids', (language) => {
    const texts = textsOf(language);
    const found = glossaryOf(language)!.terms.flatMap((term) =>
      term.avoid.flatMap((word) => texts.filter(({ text }) => wholeWord(word).test(text)).map(({ where, text }) => `«${word}» (${term.concept}) in ${where} → ${text}`)),
    );
    expect(found).toEqual([]);
  });

  it('a forbidden word is not also a chosen one', () => {
    const clashes = LANGUAGES.flatMap((language) => {
      const terms = glossaryOf(language)?.terms ?? [];
      const chosen = terms.flatMap((term) => term.use);
      return terms.flatMap((term) => term.avoid.filter((word) => chosen.some((use) => wholeWord(word).test(use))).map((word) => `${language}: ${word}`));
    });
    expect(clashes).toEqual([]);
  });
});
