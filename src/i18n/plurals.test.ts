import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/constants';

/**
 * Issue 14, plurals: "1 carte su 2 eseguite", "Gli intervalli sommano 1 carte", "1 righe". Every
 * text of every language file (the SPA's and the server's e-mails) that puts a count before a
 * word that agrees with it has `_one` / `_other` forms, and the `_one` form writes the count
 * (`{{…}}`), never a hard-coded "1".
 *
 * The rule: a placeholder followed by a word is a count, unless it is one of the placeholders
 * that carry a name, an identifier, an amount or a date (NOT_COUNTS), or the word is a
 * preposition or a conjunction ("{{index}} di {{total}}", "{{succeeded}} of {{total}} cards": the
 * count is the one before the noun). E-mails (server/mail/templates.ts) pluralise the same way:
 * `{{credited}}` in a text is written by its `credited_one` / `credited_other` siblings.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

/** Placeholders that never hold a count: names, identifiers, amounts already formatted, dates. */
const NOT_COUNTS = new Set([
  'name', 'firstName', 'user', 'company', 'number', 'code', 'type', 'amount', 'balance', 'value', 'lot', 'sku', 'date', 'when',
  'step', 'level', 'language', 'fileName', 'version', 'recordRepresentation', 'item', 'zone', 'reason', 'link', 'month',
  'expiry', 'companyOrderNumber', 'field_lower_first', 'order', 'options', 'pattern', 'span', 'from', 'to',
  'shortfall', 'available', 'threshold', 'opening', 'in', 'out', 'closing', 'returned',
  // positions, not counts: "la pagina 3 è", "la riga 12 della lista"
  'page', 'line', 'index', 'column', 'input',
]);
/** Words after a count that do not agree with it. */
const LINKS = new Set([
  ...['di', 'del', 'della', 'dello', 'dei', 'degli', 'delle', 'su', 'sul', 'sulla', 'e', 'o', 'per', 'a', 'al', 'alla', 'da', 'in', 'con', 'non'],
  ...['of', 'and', 'or', 'for', 'to', 'from', 'with', 'on', 'not'],
  ...['de', 'del', 'y', 'e', 'o', 'u', 'para', 'por', 'a', 'al', 'en', 'con', 'sin', 'sobre', 'como', 'mediante', 'no'],
  // "{{max}} maximum": the French adverb after an amount or a count ("50 € maximum") does not agree
  ...['de', 'du', 'des', 'sur', 'et', 'ou', 'pour', 'à', 'au', 'aux', 'avec', 'en', 'par', 'via', 'maximum', 'minimum', 'ne'],
  ...['von', 'vom', 'und', 'oder', 'für', 'mit', 'pro', 'auf', 'an', 'zu', 'bis', 'aus', 'nicht'],
]);
const PLURAL = /_(zero|one|two|few|many|other)$/;

interface Text {
  file: string;
  key: string;
  text: string;
}

function leaves(tree: unknown, file: string, prefix = ''): Text[] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? leaves(value, file, `${prefix}${key}.`) : [{ file, key: `${prefix}${key}`, text: String(value) }],
  );
}

const texts = Object.entries(files).flatMap(([path, tree]) => leaves(tree, /locales\/(.+)\.json$/.exec(path)![1]));

/** The count placeholders of a text that a word agrees with: `{{n}} carte`, `{{hours}} ore`. */
export function countsBeforeWords(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\{\{\s*(\w+)\s*\}\}[ \u00a0]+([\p{L}][\p{L}'’-]*)/gu)) {
    const [, name, word] = match;
    if (!NOT_COUNTS.has(name) && !LINKS.has(word.toLowerCase())) found.push(`${name} ${word}`);
  }
  return found;
}

describe('plural texts', () => {
  it('reads every language file, e-mails included', () => {
    const names = Object.keys(files).map((path) => /locales\/(.+)\.json$/.exec(path)![1]);
    for (const language of LANGUAGES) {
      expect(names).toContain(`${language}/email`);
      expect(names).toContain(`${language}/translation`);
    }
    expect(names.length).toBeGreaterThanOrEqual(5 * 17);
  });

  it('the rule finds a count before a noun, and only there', () => {
    expect(countsBeforeWords('Gli intervalli sommano {{ranges}} carte, il carrello ne ha {{cart}}')).toEqual(['ranges carte']);
    expect(countsBeforeWords('Progressivi {{ranges}}')).toEqual([]);
    expect(countsBeforeWords('{{succeeded}} carte su {{total}} eseguite.')).toEqual(['succeeded carte', 'total eseguite']);
    expect(countsBeforeWords('{{rows}} righe: {{credited}} accreditate')).toEqual(['rows righe', 'credited accreditate']);
    expect(countsBeforeWords('Il link è valido per {{hours}} ore')).toEqual(['hours ore']);
    expect(countsBeforeWords('add up to {{smart_count}} cards')).toEqual(['smart_count cards']);
    expect(countsBeforeWords('Passaggio {{index}} di {{total}}: {{step}}')).toEqual([]);
    expect(countsBeforeWords('{{name}} non ha ancora attivato')).toEqual([]);
    expect(countsBeforeWords('La riga {{line}} della lista')).toEqual([]);
    expect(countsBeforeWords('Movimenti: {{movements}}\n\nIl dettaglio')).toEqual([]);
    expect(countsBeforeWords('{{done}} de {{total}} tarjetas')).toEqual(['total tarjetas']);
    expect(countsBeforeWords('{{max}} caractères maximum, {{size}} maximum par fichier')).toEqual(['max caractères']);
    expect(countsBeforeWords('{{succeeded}} von {{total}} Karten')).toEqual(['total Karten']);
  });

  it('every text with a count before a noun has _one/_other forms', () => {
    const missing = texts.filter((t) => !PLURAL.test(t.key) && countsBeforeWords(t.text).length > 0).map((t) => `${t.file}: ${t.key} (${countsBeforeWords(t.text).join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('every _one form has its _other form and the other way round', () => {
    const keys = new Set(texts.map((t) => `${t.file}:${t.key}`));
    const orphans = [...keys].filter((key) => (key.endsWith('_one') && !keys.has(key.replace(/_one$/, '_other'))) || (key.endsWith('_other') && !keys.has(key.replace(/_other$/, '_one'))));
    expect(orphans).toEqual([]);
  });

  it('the _one form writes the count, never a hard-coded 1', () => {
    const hardCoded = texts.filter((t) => t.key.endsWith('_one') && /(^|[^\p{L}\d{])1(?![\d}])/u.test(t.text)).map((t) => `${t.file}: ${t.key} = ${t.text}`);
    expect(hardCoded).toEqual([]);
  });
});
