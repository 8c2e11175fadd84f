import { afterEach, expect, it, vi } from 'vitest';
import { isTodayOrLater } from '../../domain/orders';

/**
 * "Today or later" on a form is the server's day (the UTC day, domain isTodayOrLater), whatever
 * the browser's zone (issue 46): the two cases where the local day and the UTC day differ, for a
 * form's rule `accepts` (a typed DD/MM/YYYY day → valid or not). Call inside a `describe`.
 */
export function itTakesTheServersDay(accepts: (day: string) => boolean) {
  const zone = process.env.TZ;
  afterEach(() => {
    vi.useRealTimers();
    process.env.TZ = zone;
  });

  it('takes the day the server takes just after midnight in Italy (still yesterday, UTC)', () => {
    process.env.TZ = 'Europe/Rome';
    vi.useFakeTimers({ now: new Date('2026-05-10T22:30:00Z'), toFake: ['Date'] });
    expect(new Date().getDate()).toBe(11);
    expect(accepts('10/05/2026')).toBe(isTodayOrLater('2026-05-10', new Date()));
    expect(accepts('10/05/2026')).toBe(true);
    expect(accepts('09/05/2026')).toBe(false);
  });

  it('refuses the day the server refuses in the evening west of UTC (already tomorrow, UTC)', () => {
    process.env.TZ = 'America/New_York';
    vi.useFakeTimers({ now: new Date('2026-05-11T01:00:00Z'), toFake: ['Date'] });
    expect(new Date().getDate()).toBe(10);
    expect(accepts('10/05/2026')).toBe(false);
    expect(accepts('11/05/2026')).toBe(true);
  });
}
