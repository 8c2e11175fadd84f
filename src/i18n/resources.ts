/**
 * Texts per language: `locales/<lang>/translation.json` holds the shell's texts and react-admin's
 * `ra.*` messages; every other `locales/<lang>/<area>.json` (one per business area, so areas are
 * edited independently) is mounted under the key `<area>`, e.g. `giftcards.json` → `giftcards.*`.
 * `email.json` belongs to the server's e-mails and is not bundled.
 */
type Tree = Record<string, unknown>;

const files = import.meta.glob<Tree>('../../locales/*/*.json', { eager: true, import: 'default' });

export function textsByLanguage(): Record<string, Tree> {
  const out: Record<string, Tree> = {};
  for (const [path, tree] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, file] = match;
    if (file === 'email') continue;
    const texts = (out[language] ??= {});
    if (file === 'translation') Object.assign(texts, tree);
    else texts[file] = tree;
  }
  return out;
}
