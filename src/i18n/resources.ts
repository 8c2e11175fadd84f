/**
 * Texts per language, from `locales/<lang>/*.json`: `translation.json` holds the shell's texts
 * and react-admin's `ra.*` messages; every other `<area>.json` (one per business area, so areas
 * are edited independently) is mounted under the key `<area>`, e.g. `giftcards.json` →
 * `giftcards.*`. `email.json` belongs to the server's e-mails and is not bundled.
 *
 * Two chunks per language, each downloaded when needed (issue 8: the sign-in page's JavaScript
 * budget): the shell's texts (`src/i18n/texts/<lang>.ts`) when the language is shown, the areas'
 * (`src/i18n/areas/<lang>.ts`) with the signed-in shell. So a new area's texts never weigh on the
 * sign-in page.
 *
 * A group of `translation.json` may go on in a file of its name (issue 45): `errors.json`,
 * `validation.json` and `ra.json` hold the error, validation and react-admin texts that the
 * signed-out pages never show, downloaded with the areas; `translation.json` keeps the ones
 * they do (sign-in refusals, the account forms' messages). The two parts merge key by key.
 */
type Tree = Record<string, unknown>;
type Files = Record<string, Tree>;

const shells = import.meta.glob<Files>('./texts/*.ts', { import: 'default' });
const areas = import.meta.glob<Files>('./areas/*.ts', { import: 'default' });

function languageOf(path: string): string {
  return /([^/]+)\.ts$/.exec(path)![1];
}

/** The languages that have texts of their own (the others show the fallback's). */
export const LANGUAGES_WITH_TEXTS: readonly string[] = Object.keys(shells).map(languageOf);

const isTree = (value: unknown): value is Tree => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `into` with `tree`'s texts added, groups present in both merged key by key (a new tree; neither is changed). */
export function mergeTexts(into: Tree, tree: Tree): Tree {
  const merged: Tree = { ...into };
  for (const [key, value] of Object.entries(tree)) merged[key] = isTree(value) && isTree(merged[key]) ? mergeTexts(merged[key], value) : value;
  return merged;
}

function assemble(files: Files): Tree {
  let texts: Tree = {};
  for (const [path, tree] of Object.entries(files)) {
    const file = /([^/]+)\.json$/.exec(path)?.[1];
    if (!file) continue;
    texts = mergeTexts(texts, file === 'translation' ? tree : { [file]: tree });
  }
  return texts;
}

async function load(chunks: Record<string, () => Promise<Files>>, language: string): Promise<Tree> {
  const chunk = Object.entries(chunks).find(([path]) => languageOf(path) === language)?.[1];
  return chunk ? assemble(await chunk()) : {};
}

/** One language's shell texts; an empty tree for a language without texts. */
export const loadShellTexts = (language: string) => load(shells, language);

/** One language's area texts (`{ giftcards: …, stores: … }`); empty for a language without texts. */
export const loadAreaTexts = (language: string) => load(areas, language);

/** Every language's texts, shell and areas (the translation tests compare them). */
export async function textsByLanguage(): Promise<Record<string, Tree>> {
  const entries = await Promise.all(LANGUAGES_WITH_TEXTS.map(async (language) => [language, mergeTexts(await loadShellTexts(language), await loadAreaTexts(language))] as const));
  return Object.fromEntries(entries);
}
