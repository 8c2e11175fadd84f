import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { displayDayOf, isoDayOf, localDayEnd, localDayStart, maskDayInput, parseDay, parseDayTime } from './localDayBounds';

describe('typed days', () => {
  it('reads DD/MM/YYYY with one or two digits and /, . or - separators; refuses impossible days', () => {
    expect(parseDay('01/03/2026')?.format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(parseDay(' 1.3.2026 ')?.format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(parseDay('31-12-2099')?.format('YYYY-MM-DD')).toBe('2099-12-31');
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('2026-03-01')).toBeNull();
    expect(parseDay('03/2026')).toBeNull();
  });

  it('turns a day into the first and last instant of that day where the user is', () => {
    expect(localDayStart('01/03/2026')).toBe(dayjs(new Date(2026, 2, 1)).toISOString());
    expect(localDayEnd('01/03/2026')).toBe(dayjs(new Date(2026, 2, 1, 23, 59, 59, 999)).toISOString());
    expect(localDayStart('')).toBeUndefined();
    // not a day: passed on for the API schema to refuse on the field
    expect(localDayEnd('soon')).toBe('soon');
    expect(isoDayOf('5/1/2027')).toBe('2027-01-05');
  });

  it('shows an API bound as the local day', () => {
    expect(displayDayOf(dayjs(new Date(2026, 2, 1)).toISOString())).toBe('01/03/2026');
    expect(displayDayOf(undefined)).toBe('');
  });
});

describe('typed date-times (SPEC §9: DD/MM/YYYY HH:mm)', () => {
  it('reads a local minute; refuses impossible days and times and other formats', () => {
    expect(parseDayTime('26/11/2026 08:00')?.toDate()).toEqual(new Date(2026, 10, 26, 8, 0));
    expect(parseDayTime(' 1/3/2027 8.05 ')?.toDate()).toEqual(new Date(2027, 2, 1, 8, 5));
    expect(parseDayTime('26/11/2026 24:00')).toBeNull();
    expect(parseDayTime('26/11/2026 08:60')).toBeNull();
    expect(parseDayTime('31/11/2026 08:00')).toBeNull();
    expect(parseDayTime('11/26/2026, 08:00 AM')).toBeNull();
    expect(parseDayTime('2026-11-26T08:00')).toBeNull();
    expect(parseDayTime('26/11/2026')).toBeNull();
  });

  it('adds the separators while typing forward, and keeps a typed separator once', () => {
    const typed = (keys: string, withTime: boolean) => [...keys].reduce((text, key) => maskDayInput(text, text + key, withTime), '');
    expect(typed('261120260800', true)).toBe('26/11/2026 08:00');
    expect(typed('26/11/2026 08:00', true)).toBe('26/11/2026 08:00');
    expect(typed('26112026', false)).toBe('26/11/2026');
    expect(typed('1/3/2026', false)).toBe('1/3/2026');
    // deleting and pasting are left alone
    expect(maskDayInput('26/', '26', true)).toBe('26');
    expect(maskDayInput('', '26/11/2026 08:00', true)).toBe('26/11/2026 08:00');
  });
});
