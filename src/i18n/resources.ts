/**
 * Texts per language, from `locales/<lang>/*.json`: `translation.json` holds the shell's texts
 * and react-admin's `ra.*` messages; every other `<area>.json` (one per business area, so areas
 * are edited independently) is mounted under the key `<area>`, e.g. `giftcards.json` →
 * `giftcards.*`. `email.json` belongs to the server's e-mails and is not bundled.
 *
 * Each language is one chunk (`src/i18n/texts/<lang>.ts`), downloaded when that language is
 * shown: a browser reads only the texts it shows (issue 8: the sign-in page's JavaScript budget).
 */
type Tree = Record<string, unknown>;

const languages = import.meta.glob<Record<string, Tree>>('./texts/*.ts', { import: 'default' });

function languageOf(path: string): string {
  return /([^/]+)\.ts$/.exec(path)![1];
}

/** The languages that have texts of their own (the others show the fallback's). */
export const LANGUAGES_WITH_TEXTS: readonly string[] = Object.keys(languages).map(languageOf);

function assemble(files: Record<string, Tree>): Tree {
  const texts: Tree = {};
  for (const [path, tree] of Object.entries(files)) {
    const file = /([^/]+)\.json$/.exec(path)?.[1];
    if (!file) continue;
    if (file === 'translation') Object.assign(texts, tree);
    else texts[file] = tree;
  }
  return texts;
}

/** One language's texts; an empty tree for a language without texts. */
export async function loadTexts(language: string): Promise<Tree> {
  const load = Object.entries(languages).find(([path]) => languageOf(path) === language)?.[1];
  return load ? assemble(await load()) : {};
}

/** Every language's texts at once (the translation tests compare them). */
export async function textsByLanguage(): Promise<Record<string, Tree>> {
  const entries = await Promise.all(LANGUAGES_WITH_TEXTS.map(async (language) => [language, await loadTexts(language)] as const));
  return Object.fromEntries(entries);
}
