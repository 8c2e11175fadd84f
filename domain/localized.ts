import { DEFAULT_LANGUAGE, knownLanguage, type Language } from './constants';

/**
 * A text in every offered language, Italian and English always there (domain/tickets.ts
 * `localizedTextSchema` checks it): this module has the rule that reads one without zod's schemas,
 * for the SPA's resource registry (the sign-in page's JavaScript, issue 45).
 */
export type LocalizedTextLike = { readonly it: string; readonly en: string } & { readonly [language in Exclude<Language, 'it' | 'en'>]?: string | null };

/** The language a text falls back to for a reader of another language than Italian (issue 43: no Italian on a Spanish screen). */
export const LOCALIZED_FALLBACK_LANGUAGE = 'en';

/**
 * The one rule that picks a category's text (name, field label, option, help) by language: the
 * text in `language`; a text it lacks reads in English for every reader but an Italian one, then
 * in Italian (Italian and English are always there: `localizedTextSchema`).
 */
export function localized(text: LocalizedTextLike, language: string): string {
  const lang = knownLanguage(language);
  const fallbacks = lang === DEFAULT_LANGUAGE ? [DEFAULT_LANGUAGE] : [LOCALIZED_FALLBACK_LANGUAGE, DEFAULT_LANGUAGE];
  for (const candidate of [lang, ...fallbacks] as const) {
    const found = text[candidate as Language]?.trim();
    if (found) return found;
  }
  return text[DEFAULT_LANGUAGE];
}
