import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The product's texts as the SPA mounts them (src/i18n/resources.ts): `translation.json` at the
 * root, every other area file under its name (`giftcards.json` → `giftcards.*`). The journeys
 * read expected texts from here, so a sentence reworded in the locale files is not a broken test,
 * and a screen showing another language's sentence is.
 */
const LOCALES = join(process.cwd(), 'locales');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string, into: Map<string, string>) {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
  return into;
}

const cache = new Map<string, Map<string, string>>();

/** Every text of a language by its key path as the SPA uses it (`giftcards.summary.title`). */
export function textsOf(language: string): Map<string, string> {
  let texts = cache.get(language);
  if (!texts) {
    texts = new Map();
    for (const file of readdirSync(join(LOCALES, language))) {
      // the server's e-mails are not shown by the SPA
      if (!file.endsWith('.json') || file === 'email.json') continue;
      const tree = JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as Tree;
      flatten(tree, file === 'translation.json' ? '' : file.replace(/\.json$/, ''), texts);
    }
    cache.set(language, texts);
  }
  return texts;
}

/** A text of a language with its `{{name}}` values filled (`smart_count` picks `_one`/`_other`). */
export function text(language: string, key: string, values: Record<string, string | number> = {}): string {
  const texts = textsOf(language);
  const count = values.smart_count;
  const plural = typeof count === 'number' ? `${key}_${new Intl.PluralRules(language).select(count) === 'one' ? 'one' : 'other'}` : key;
  const template = texts.get(plural) ?? texts.get(key);
  if (template === undefined) throw new Error(`no text ${key} in ${language}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What betrays a missing translation on a screen in `language`: a key path shown as such
 * (`giftcards.summary.title`, `ra.action.save`), and every Italian text whose translation in
 * `language` says something else — Italian being the fallback, an Italian sentence on a Spanish
 * screen is a text the Spanish files lack. Texts that are the same words in both languages
 * ("Password", "CSV", a bare placeholder) cannot tell and are left out.
 */
export function untranslatedFinder(language: string) {
  const target = textsOf(language);
  const keys = new Set<string>();
  for (const key of target.keys()) {
    keys.add(key);
    keys.add(key.replace(/_(one|other|zero|many|few|two)$/, ''));
  }
  const targetValues = new Set(target.values());
  const italian: Array<{ key: string; pattern: RegExp }> = [];
  if (language !== 'it') {
    for (const [key, value] of textsOf('it')) {
      if (target.get(key) === value || targetValues.has(value) || value.includes('$t(')) continue;
      // at least one word of four letters outside the placeholders, so the text can be told apart
      if (!/\p{L}{4,}/u.test(value.replace(/\{\{[^}]*\}\}/g, ''))) continue;
      const pattern = new RegExp(`^${escape(value).replace(/\\\{\\\{[^}]*\\\}\\\}/g, '.+?')}$`, 'u');
      italian.push({ key, pattern });
    }
  }
  return (shown: string[]) => {
    const found: string[] = [];
    for (const raw of shown) {
      const value = raw.replace(/\s+/g, ' ').trim();
      if (!value) continue;
      for (const word of value.split(' ')) {
        const bare = word.replace(/^[("'«]+|[)"'»:,;!?]+$/g, '');
        if (bare.includes('.') && (keys.has(bare) || keys.has(bare.replace(/\.$/, '')))) found.push(`key ${bare} in "${value}"`);
      }
      for (const { key, pattern } of italian) if (pattern.test(value)) found.push(`Italian ${key}: "${value}"`);
    }
    return [...new Set(found)];
  };
}
