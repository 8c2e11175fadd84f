import dayjs from 'dayjs';
import 'dayjs/locale/it';
import 'dayjs/locale/en';
import updateLocale from 'dayjs/plugin/updateLocale';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../domain/constants';

dayjs.extend(updateLocale);
// SPEC §9: the week starts on Monday in every language (Italian already does).
dayjs.updateLocale('en', { weekStart: 1 });

export function applyDateLocale(language: string): void {
  dayjs.locale(language.startsWith('en') ? 'en' : 'it');
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format(DATE_TIME_FORMAT) : '';
}

export function formatDate(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format(DATE_FORMAT) : '';
}
