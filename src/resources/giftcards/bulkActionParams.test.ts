import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTodayOrLater } from '../../../domain/orders';
import { bulkParamsSchema, EMPTY_BULK_PARAMS } from './bulkActionParams';

const zone = process.env.TZ;
afterEach(() => {
  vi.useRealTimers();
  process.env.TZ = zone;
});

const accepts = (day: string) => bulkParamsSchema('editExpiry', 100_000).safeParse({ ...EMPTY_BULK_PARAMS, expireDate: day }).success;

// issue 46: a bulk expiry's "today or later" is the server's (the UTC day), whatever the browser's zone
describe('the bulk expiry date', () => {
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
});
