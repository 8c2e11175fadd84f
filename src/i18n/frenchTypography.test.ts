import { describe, expect, it } from 'vitest';
import { textLeaves } from './textLeaves';

/**
 * Issue 44, French typography as a French reader expects it: a no-break space (U+00A0) before a
 * colon and inside « », a narrow no-break space (U+202F) before ; ? and !. Never an ordinary
 * space there (a line could break before the sign, leaving it alone at the start of a line) and
 * never none at all ("Montant: 10 €" reads as English). Numbers already do it (Intl's fr-FR
 * grouping); this holds every French text, e-mails included.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/fr/*.json', { eager: true, import: 'default' });

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/** What is wrong with a text's punctuation spacing, one line per fault (empty when it is right). */
export function typographyFaults(text: string): string[] {
  const faults: string[] = [];
  // placeholders, nested keys and markup are not prose ("{{a}}:{{b}}" in a template, "style='a:b'")
  const prose = text
    .replace(/\$t\([^)]*\)/g, 'x')
    .replace(/<[^>]*>/g, '')
    .replace(/https?:\/\/\S+/g, 'x')
    .replace(/\{\{[^}]*\}\}/g, 'x');
  for (const match of prose.matchAll(/(.?)([:;?!])(.?)/gu)) {
    const [, before, sign, after] = match;
    // "hh:mm": a colon inside a word is a time's or a format's, not punctuation
    if (sign === ':' && after !== '' && !/\s/u.test(after) && before !== '' && !/\s/u.test(before)) continue;
    const wanted = sign === ':' ? NBSP : NNBSP;
    const name = sign === ':' ? 'U+00A0' : 'U+202F';
    if (before === wanted) continue;
    // a colon or sign that starts a text, or follows another sign ("?!"), has nothing to space
    if (before === '' || /[:;?!]/.test(before)) continue;
    if (/\s/u.test(before) || before === NBSP || before === NNBSP) faults.push(`«${JSON.stringify(before)}${sign}»: ${name} before ${sign}`);
    else faults.push(`«${before}${sign}»: no space before ${sign} (${name})`);
  }
  for (const match of prose.matchAll(/«(.?)/gu)) if (match[1] !== NBSP) faults.push(`«${JSON.stringify(match[1])} after «: U+00A0`);
  for (const match of prose.matchAll(/(.?)»/gu)) if (match[1] !== NBSP) faults.push(`${JSON.stringify(match[1])} before »: U+00A0`);
  return faults;
}

describe('French typography (issue 44)', () => {
  it('knows a right text from a wrong one', () => {
    expect(typographyFaults(`Montant${NBSP}: 10 €`)).toEqual([]);
    expect(typographyFaults(`Supprimer${NNBSP}? Vraiment${NNBSP}!`)).toEqual([]);
    expect(typographyFaults(`Le fichier «${NBSP}{{name}}${NBSP}»`)).toEqual([]);
    expect(typographyFaults(`{{label}}${NBSP}: {{value}}`)).toEqual([]);
    expect(typographyFaults('Voir https://example.test/a?b=c')).toEqual([]);
    expect(typographyFaults('au format jj/mm/aaaa hh:mm')).toEqual([]);
    expect(typographyFaults('Montant : 10 €')).toHaveLength(1);
    expect(typographyFaults('Montant: 10 €')).toHaveLength(1);
    expect(typographyFaults(`Supprimer${NBSP}?`)).toHaveLength(1);
    expect(typographyFaults('Supprimer ?')).toHaveLength(1);
    expect(typographyFaults('Le fichier « a »')).toHaveLength(2);
  });

  it('every French text spaces its punctuation with the right no-break space', () => {
    expect(Object.keys(files).length).toBeGreaterThan(20);
    const faults = Object.entries(files).flatMap(([path, tree]) => {
      const file = /locales\/fr\/(.+)\.json$/.exec(path)![1];
      return textLeaves(tree).flatMap(([key, text]) => typographyFaults(text).map((fault) => `${file}: ${key} → ${fault} in ${JSON.stringify(text)}`));
    });
    expect(faults).toEqual([]);
  });
});
