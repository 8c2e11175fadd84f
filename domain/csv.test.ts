import { describe, expect, it } from 'vitest';
import { csvLine, localDateTimeFormatter } from './csv';

describe('csv', () => {
  it('keeps numbers with a decimal comma or point as data and neutralises formulas', () => {
    expect(csvLine(['-12,50', '-12.50', '=1+1', '-x', 'a;b'], ';')).toBe(`-12,50;-12.50;'=1+1;'-x;"a;b"\r\n`);
    expect(csvLine(['a,b', 'c'], ',')).toBe('"a,b",c\r\n');
  });

  it('writes instants as local times of the zone, across both DST changes', () => {
    const rome = localDateTimeFormatter('Europe/Rome', 'DD/MM/YYYY HH:mm:ss');
    expect(rome('2026-01-10T09:30:00.000Z')).toBe('10/01/2026 10:30:00');
    expect(rome('2026-07-10T09:30:00.000Z')).toBe('10/07/2026 11:30:00');
    expect(rome('2026-03-29T00:59:59.000Z')).toBe('29/03/2026 01:59:59');
    expect(rome('2026-03-29T01:00:00.000Z')).toBe('29/03/2026 03:00:00');
    expect(rome('2026-10-25T00:59:00.000Z')).toBe('25/10/2026 02:59:00');
    expect(rome('2026-10-25T01:00:00.000Z')).toBe('25/10/2026 02:00:00');
    expect(rome('2026-12-31T23:30:00.000Z')).toBe('01/01/2027 00:30:00');
    expect(rome(null)).toBe('');
    expect(localDateTimeFormatter('Asia/Kolkata', 'YYYY-MM-DD HH:mm')('2026-01-10T09:30:00Z')).toBe('2026-01-10 15:00');
  });

  it.each(['Europe/Rome', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/St_Johns', 'UTC'])('writes any instant as Intl does in %s (offsets cached by day and quarter hour)', (timeZone) => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    const expected = (ms: number) => {
      const p = Object.fromEntries(intl.formatToParts(ms).map(({ type, value }) => [type, value]));
      return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
    };
    const format = localDateTimeFormatter(timeZone, 'DD/MM/YYYY HH:mm:ss');
    // a seeded walk over 1990–2060: random instants, and each one's neighbours a quarter hour and a second away
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 3000; i++) {
      const at = Date.UTC(1990, 0, 1) + Math.floor(next() * 70 * 365.25 * 86_400_000);
      for (const ms of [at, at + 900_000, at - 1000, at + 999]) expect(format(ms), new Date(ms).toISOString()).toBe(expected(ms));
    }
  });
});
