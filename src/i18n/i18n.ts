import { createInstance, type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS } from '../../domain/constants';
import { applyDateLocale } from './dates';
import { textsByLanguage } from './resources';

/**
 * The one i18next instance of the SPA. Texts are bundled (Vite JSON import) so the first paint
 * never waits for a download. Only it and en have texts: es, fr and de are offered in the
 * language choice and fall back to Italian (SPEC §1).
 */
export const i18n: I18n = createInstance().use(LanguageDetector);

export const i18nOptions = {
  resources: Object.fromEntries(Object.entries(textsByLanguage()).map(([language, texts]) => [language, { translation: texts }])),
  // undefined: let the detector choose (SPEC §1 order) instead of a hard-coded language
  lng: undefined,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly' as const,
  detection: {
    order: ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
    lookupQuerystring: 'lng',
    lookupLocalStorage: STORAGE_KEYS.language,
    caches: ['localStorage'],
    // a browser's 'de-DE' is our 'de': keep and persist the bare language code
    convertDetectedLanguage: (language: string) => language.split('-')[0],
  },
  interpolation: { escapeValue: false },
  returnNull: false,
  initImmediate: false,
  react: { useSuspense: false },
};

i18n.on('languageChanged', (language: string) => {
  applyDateLocale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/** i18next.t outside React (http error texts). Falls back to the key's default when not ready. */
export function translate(key: string, options?: Record<string, unknown>): string {
  return i18n.isInitialized ? String(i18n.t(key, options)) : key;
}

export function hasTranslation(key: string): boolean {
  return i18n.isInitialized && i18n.exists(key);
}
