import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/constants';
import { API_ERROR_CODES, IDENTITY_ERROR_CODES } from '../../domain/errors';
import { STRENGTH_LABEL_KEYS, PASSWORD_CRITERIA } from '../../domain/password';
import { readMessage } from '../../domain/messages';
import { V } from '../../domain/schemas/auth';
import en from '../../locales/en/translation.json';
import { REGISTRY } from '../resources/registry';
import { SECTIONS } from '../resources/sections';
import { textsByLanguage } from './resources';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const texts = await textsByLanguage();
const keysOf = Object.fromEntries(Object.entries(texts).map(([language, tree]) => [language, new Set(keys(tree))]));
/** The server's e-mail texts (not bundled with the SPA, so not among `texts`). */
const emails = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, unknown>>('../../locales/*/email.json', { eager: true, import: 'default' })).map(([path, tree]) => [/locales\/([^/]+)\//.exec(path)![1], tree]),
);

describe('translation files', () => {
  it('every language has texts, with the key set of Italian, area files included', () => {
    expect(Object.keys(texts).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      const extra = [...keysOf[language]].filter((key) => !keysOf.it.has(key));
      const missing = [...keysOf.it].filter((key) => !keysOf[language].has(key));
      expect({ language, missing, extra }).toEqual({ language, missing: [], extra: [] });
    }
  });

  it('every language has e-mail texts, with the key set of Italian', () => {
    expect(Object.keys(emails).sort()).toEqual([...LANGUAGES].sort());
    const itEmailKeys = keys(emails.it).sort();
    for (const language of LANGUAGES) expect({ language, keys: keys(emails[language]).sort() }).toEqual({ language, keys: itEmailKeys });
  });

  it('have no empty texts', () => {
    for (const [language, tree] of [...Object.entries(texts), ...Object.entries(emails).map(([language, tree]) => [`${language}/email`, tree] as const)]) {
      const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
      for (const key of keys(tree)) {
        if (key === 'ra.boolean.null') continue; // react-admin's own blank
        expect(String(lookup(key)).trim(), `${language}: ${key}`).not.toBe('');
      }
    }
  });

  it('cover every error code, validation message, menu entry, meter label and screen title', () => {
    const required = [
      ...[...IDENTITY_ERROR_CODES, ...API_ERROR_CODES].map((code) => `errors.codes.${code}`),
      'errors.generic',
      'errors.unknown',
      ...Object.values(V),
      ...SECTIONS.map((section) => `menu.sections.${section.key}`),
      ...REGISTRY.flatMap((resource) => (resource.menu ? [`menu.items.${resource.menu}`] : [])),
      ...STRENGTH_LABEL_KEYS.map((key) => `password.strength.${key}`),
      ...PASSWORD_CRITERIA.map((key) => `password.criteria.${key}`),
      ...REGISTRY.flatMap((resource) => [resource.list, resource.create, resource.detail, ...(resource.routes ?? [])].flatMap((screen) => (screen ? [`screens.${screen.title}`] : []))),
    ];
    // a message with values (`validation.passwordMinLength?min=12`) is its key; a count's text is its _one/_other forms
    const known = (language: string, message: string) => {
      const { key } = readMessage(message);
      return keysOf[language].has(key) || (keysOf[language].has(`${key}_one`) && keysOf[language].has(`${key}_other`));
    };
    for (const language of LANGUAGES) expect({ language, missing: required.filter((key) => !known(language, key)) }).toEqual({ language, missing: [] });
  });

  it("cover every message of react-admin's own (ra-language-english's keys), plural ones as _one/_other", () => {
    // react-admin writes plurals the polyglot way ("1 item |||| %{smart_count} items"); ours are i18next's _one / _other
    const wanted = keys(englishMessages).flatMap((key) => {
      const text = String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], englishMessages));
      return text.includes('||||') ? [`${key}_one`, `${key}_other`] : [key];
    });
    expect(wanted.length).toBeGreaterThan(150);
    for (const language of LANGUAGES) expect({ language, missing: wanted.filter((key) => !keysOf[language].has(key)) }).toEqual({ language, missing: [] });
  });

  it('keep the SPEC texts verbatim in English', () => {
    expect(en.pages.noPermissions.title).toBe('This user does not have permissions activated');
    expect(en.pages.noPermissions.message).toBe('Contact the administrator to resolve the issue.');
    expect(en.pages.notFound.message).toBe('The page you are looking for does not exist');
    expect(en.pages.error.title).toBe('Something went wrong');
    expect(en.validation.required).toBe('The field is required and cannot be empty');
    expect(en.errors.codes.TOO_MANY_ATTEMPTS_TRY_LATER).toBe('Too many attempts. Try again later.');
  });
});
