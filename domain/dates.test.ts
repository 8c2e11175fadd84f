import { describe, expect, it } from 'vitest';
import { isoDayOrInstantSchema, isoDaySchema, isRealDateTime, isRealDay } from './dates';
import { ticketListFilterSchema } from './schemas/tickets';
import { ticketAnswersSchema } from './tickets';

describe('real days', () => {
  it('refuses days that do not exist, leap years counted', () => {
    for (const day of ['2026-02-31', '2026-13-01', '2026-00-10', '2026-04-31', '2026-02-29', '2026-01-00', '2026-1-01']) {
      expect(isRealDay(day), day).toBe(false);
      expect(isoDaySchema().safeParse(day).success, day).toBe(false);
      expect(isoDayOrInstantSchema().safeParse(day).success, day).toBe(false);
    }
    for (const day of ['2026-02-28', '2024-02-29', '2026-12-31', '2000-02-29']) {
      expect(isRealDay(day), day).toBe(true);
      expect(isoDayOrInstantSchema().safeParse(day).success, day).toBe(true);
    }
  });

  it('refuses instants on impossible days or at impossible times', () => {
    for (const at of ['2026-02-31T10:00:00Z', '2026-11-20T24:00Z', '2026-11-20T10:60Z', '2026-11-20T10:00', '2026-11-20T10:00:00+25:00']) {
      expect(isRealDateTime(at), at).toBe(false);
      expect(isoDayOrInstantSchema().safeParse(at).success, at).toBe(false);
    }
    for (const at of ['2026-11-20T10:00Z', '2026-11-20T23:59:59.999Z', '2026-11-20T10:00:00+01:00']) expect(isRealDateTime(at), at).toBe(true);
    expect(isoDayOrInstantSchema().safeParse('2026-11-20T23:59:59.999Z').success).toBe(true);
  });

  it('the tickets list filter names the field of an impossible day', () => {
    const refused = ticketListFilterSchema.safeParse({ createdFrom: '2026-02-31', createdTo: '2026-13-01' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['createdFrom', 'validation.invalid'],
      ['createdTo', 'validation.invalid'],
    ]);
    expect(ticketListFilterSchema.safeParse({ createdFrom: '2026-02-28', createdTo: '2026-03-01T22:59:59.999Z' }).success).toBe(true);
  });

  it("a ticket's date-time answer on an impossible day or hour is refused", () => {
    const answers = ticketAnswersSchema([{ id: 'seenAt', type: 'dateTime', label: { it: 'Visto', en: 'Seen' }, required: true, internal: false }], 'customer');
    for (const at of ['2026-02-31T10:00Z', '2026-11-20T25:00Z']) expect(answers.safeParse({ seenAt: at }).error?.issues[0].message, at).toBe('validation.ticketDateTime');
    expect(answers.safeParse({ seenAt: '2026-11-20T10:00Z' }).success).toBe(true);
  });
});
