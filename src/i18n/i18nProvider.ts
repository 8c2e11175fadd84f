import { getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider } from 'react-admin';
import type { Language } from '../../domain/constants';
import { i18n, i18nOptions } from './i18n';
import { messageArgs } from './messages';

/** Names as each language writes itself, for react-admin's locale list and the profile's language choice. */
export const AVAILABLE_LOCALES: readonly { locale: Language; name: string }[] = [
  { locale: 'it', name: 'Italiano' },
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
  { locale: 'fr', name: 'Français' },
  { locale: 'de', name: 'Deutsch' },
];

let provider: Promise<I18nProvider> | null = null;

/**
 * Initializes the shared i18next instance once (through ra-i18n-i18next, which also binds
 * react-i18next) and returns the react-admin bridge. `ra.*` texts live in the same
 * translation.json files as the app texts. A message with values (`validation.maxLength?max=60`,
 * from a schema or a problem body) is read into its key and values here (`messageArgs`).
 */
export function createI18nProvider(): Promise<I18nProvider> {
  provider ??= getI18nProvider(i18n, i18nOptions, [...AVAILABLE_LOCALES]).then((bridge) => ({
    ...bridge,
    translate: (key: string, options?: Record<string, unknown>) => bridge.translate(...messageArgs(key, options, i18n.language ?? 'it')),
  }));
  return provider;
}
