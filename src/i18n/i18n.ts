import { createInstance, type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS } from '../../domain/constants';
import { formatNumber, pluralCategory } from '../../domain/format';
import { applyDateLocale, loadDateLocale } from './dates';
import { messageArgs } from './messages';
import { loadAreaTexts, loadShellTexts, mergeTexts } from './resources';

/** Whether the business areas' texts are wanted yet (the signed-in shell asks for them). */
let withAreas = false;

async function textsOf(language: string): Promise<Record<string, unknown>> {
  // the language's calendar (dayjs locale) comes with its texts, so it is there when the language shows
  const [shell, areas] = await Promise.all([loadShellTexts(language), withAreas ? loadAreaTexts(language) : {}, loadDateLocale(language)]);
  return mergeTexts(shell, areas);
}

/**
 * i18next reads a language's texts through this backend, which downloads that language's chunks
 * (src/i18n/resources.ts): at start the detected language's shell texts, and a chosen language's
 * before it shows (react-admin's changeLocale loads, then switches). The first paint waits for
 * them (main.tsx); the areas' texts come with the signed-in shell (`loadAreas`).
 */
const textsBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, _namespace: string, callback: (error: unknown, texts: Record<string, unknown> | null) => void) {
    textsOf(language).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error, null),
    );
  },
};

/**
 * The one i18next instance of the SPA. Every language of the choice (SPEC §1) has complete texts
 * (the translation tests hold each to Italian's keys), so a page downloads its own language's
 * texts only; Italian stands in for a language outside the choice.
 */
/**
 * Plurals read domain/format.ts's rule: `_one` / `_other` by Intl's plural rules, except that
 * CLDR's Italian `many` (round millions) reads `_other` (our texts write the digits).
 */
const pluralRule = {
  type: '3rdParty' as const,
  init(instance: I18n) {
    const resolver = instance.services.pluralResolver as { getSuffix: (code: string, count: number, options?: { ordinal?: boolean }) => string };
    const getSuffix = resolver.getSuffix.bind(resolver);
    resolver.getSuffix = (code, count, options = {}) => (options.ordinal ? getSuffix(code, count, options) : `_${pluralCategory(code, count)}`);
  },
};

export const i18n: I18n = createInstance().use(LanguageDetector).use(textsBackend).use(pluralRule);

/**
 * Every number interpolated into a text (`{{smart_count}}`, `{{total}}`, …) is written by the
 * one formatter (domain/format.ts) in the text's language: "19.995 carte", "20,000 cards".
 * Strings pass as they are: identifiers (card, order and lot numbers, progressives) and values
 * the caller already formatted (amounts, dates) are strings.
 */
export function formatInterpolated(value: unknown, format: string | undefined, language: string | undefined): string {
  // i18next hands every value through here (alwaysFormat) and stringifies what comes back
  return (typeof value === 'number' && format === undefined && Number.isFinite(value) ? formatNumber(value, language) : value) as string;
}

export const i18nOptions = {
  // undefined: let the detector choose (SPEC §1 order) instead of a hard-coded language
  lng: undefined,
  // no fallback for a language of the choice: each is complete, and Italian's texts would be downloaded for nothing
  fallbackLng: { ...Object.fromEntries(LANGUAGES.map((language) => [language, []])), default: [DEFAULT_LANGUAGE] },
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
  interpolation: { escapeValue: false, alwaysFormat: true, format: formatInterpolated },
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
  return i18n.isInitialized ? String(i18n.t(...messageArgs(key, options, i18n.language ?? 'it'))) : key;
}

export function hasTranslation(key: string): boolean {
  if (!i18n.isInitialized) return false;
  // with the message's values: a text known only in its _one/_other forms exists for its count
  const [name, options] = messageArgs(key, undefined, i18n.language ?? 'it');
  return i18n.exists(name, options);
}

/**
 * Adds the business areas' texts of every language loaded so far (and of any chosen later): the
 * signed-in shell waits for this before its first screen (src/layout/AppLayout.tsx).
 */
export async function loadAreas(): Promise<void> {
  withAreas = true;
  const languages = Object.keys(i18n.store?.data ?? {});
  await Promise.all(
    languages.map(async (language) => {
      i18n.addResourceBundle(language, 'translation', await loadAreaTexts(language), true, true);
    }),
  );
}
