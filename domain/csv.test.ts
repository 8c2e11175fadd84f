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
});
