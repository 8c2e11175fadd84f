import dayjs from 'dayjs';
import 'dayjs/locale/it';
import 'dayjs/locale/en';
import updateLocale from 'dayjs/plugin/updateLocale';
import { DATE_FORMAT, DATE_TIME_FORMAT, DEFAULT_LANGUAGE, knownLanguage } from '../../domain/constants';

dayjs.extend(updateLocale);

/**
 * dayjs's calendars of the other languages, each a chunk of its own downloaded with that
 * language's texts (src/i18n/i18n.ts): the sign-in page carries Italian's and English's only.
 */
const OTHER_LOCALES: Record<string, () => Promise<unknown>> = {
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
};
const loaded = new Set<string>(['it', 'en']);
/** The language last asked for (applyDateLocale). */
let current: string = DEFAULT_LANGUAGE;

// SPEC §9: the week starts on Monday in every language (dayjs's English starts on Sunday; the
// others already start on Monday, set anyway so no locale update can change it)
const mondayFirst = (language: string) => dayjs.updateLocale(language, { weekStart: 1 });
for (const language of loaded) mondayFirst(language);

/** Registers a language's dayjs locale (downloading its chunk once); the texts' loader awaits it. */
export async function loadDateLocale(language: string): Promise<void> {
  const code = knownLanguage(language);
  if (loaded.has(code)) return;
  await OTHER_LOCALES[code]?.();
  mondayFirst(code);
  loaded.add(code);
}

/** dayjs's locale (month and weekday names of the calendars) follows the app language. */
export function applyDateLocale(language: string): void {
  const code = knownLanguage(language);
  current = code;
  if (loaded.has(code)) {
    dayjs.locale(code);
    return;
  }
  // not downloaded yet (the texts' loader normally has): switch when it is, unless the language changed meanwhile
  void loadDateLocale(code).then(() => {
    if (current === code) dayjs.locale(code);
  });
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format(DATE_TIME_FORMAT) : '';
}

export function formatDate(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format(DATE_FORMAT) : '';
}
