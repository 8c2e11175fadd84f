import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, IDENTITY_ERROR_CODES } from '../../domain/errors';
import { STRENGTH_LABEL_KEYS, PASSWORD_CRITERIA } from '../../domain/password';
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
const enKeys = new Set(keys(texts.en));
const itKeys = new Set(keys(texts.it));

describe('translation files', () => {
  it('it and en have identical key sets, area files included', () => {
    expect([...itKeys].sort()).toEqual([...enKeys].sort());
    expect(Object.keys(texts).sort()).toEqual(['en', 'it']);
  });

  it('have no empty texts', () => {
    for (const [language, tree] of [['en', texts.en], ['it', texts.it]] as const) {
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
    expect(required.filter((key) => !enKeys.has(key))).toEqual([]);
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
