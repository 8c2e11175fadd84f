import dayjs from 'dayjs';
import 'dayjs/locale/it';
import 'dayjs/locale/en';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/de';
import updateLocale from 'dayjs/plugin/updateLocale';
import { DATE_FORMAT, DATE_TIME_FORMAT, DEFAULT_LANGUAGE, LANGUAGES } from '../../domain/constants';

dayjs.extend(updateLocale);
// SPEC §9: the week starts on Monday in every language (dayjs's English starts on Sunday; the
// others already start on Monday, set anyway so no locale update can change it)
for (const language of LANGUAGES) dayjs.updateLocale(language, { weekStart: 1 });

/** dayjs's locale (month and weekday names of the calendars) follows the app language. */
export function applyDateLocale(language: string): void {
  dayjs.locale(LANGUAGES.find((known) => language.startsWith(known)) ?? DEFAULT_LANGUAGE);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format(DATE_TIME_FORMAT) : '';
}

export function formatDate(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format(DATE_FORMAT) : '';
}
