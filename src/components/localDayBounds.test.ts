import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { displayDayOf, isoDayOf, localDayEnd, localDayStart, parseDay } from './localDayBounds';

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
