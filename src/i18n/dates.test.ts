import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/constants';
import { i18n } from './i18n';
import { formatDate, formatDateTime } from './dates';

describe('dates', () => {
  it('formats date-times as DD/MM/YYYY HH:mm', () => {
    expect(formatDateTime(new Date(2026, 0, 31, 9, 5))).toBe('31/01/2026 09:05');
    expect(formatDate(new Date(2026, 0, 31, 9, 5))).toBe('31/01/2026');
    expect(formatDateTime(null)).toBe('');
  });

  it('starts the week on Monday in every language', async () => {
    for (const language of LANGUAGES) {
      await i18n.changeLanguage(language);
      // Sunday 1 February 2026: its week starts on Monday 26 January
      expect(dayjs('2026-02-01').startOf('week').format('YYYY-MM-DD'), language).toBe('2026-01-26');
    }
  });

  it("names months and weekdays (the calendars') in the app language", async () => {
    const names: Record<string, string> = {};
    for (const language of LANGUAGES) {
      await i18n.changeLanguage(language);
      names[language] = dayjs('2026-02-02').format('dddd D MMMM');
    }
    expect(names).toEqual({ it: 'lunedì 2 febbraio', en: 'Monday 2 February', es: 'lunes 2 febrero', fr: 'lundi 2 février', de: 'Montag 2 Februar' });
  });
});
