import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { FilterSet } from './filters';
import { VALIDATION_MESSAGES } from './messages';

const DATE_RANGE_MESSAGE = VALIDATION_MESSAGES.dateRange;

/**
 * Issue 43: every list filter with a from/to pair of days refuses a start after the end, on the
 * "to" key, with the one rule (refineDateRanges): a generated check over every list filter
 * declared in domain/ — the filter sets of the lists' forms, and every exported `…FilterSchema`.
 */
const modules = import.meta.glob(['./*.ts', './schemas/*.ts', '!./*.test.ts', '!./**/*.test.ts', '!./*.test-helper.ts'], { eager: true }) as Record<string, Record<string, unknown>>;

const isSchema = (value: unknown): value is z.ZodObject => typeof value === 'object' && value !== null && 'safeParse' in value && 'shape' in value;
const isFilterSet = (value: unknown): value is FilterSet => typeof value === 'object' && value !== null && 'keys' in value && 'schema' in value && 'perRow' in value;

/** The list filters: [name, schema]. */
const filters: Array<[string, z.ZodObject]> = [];
for (const [file, exports] of Object.entries(modules)) {
  for (const [name, value] of Object.entries(exports)) {
    if (isFilterSet(value) && isSchema(value.schema)) filters.push([`${file} ${name}`, value.schema]);
    else if (/FilterSchema$/.test(name) && isSchema(value)) filters.push([`${file} ${name}`, value]);
  }
}

/** A schema's from/to pairs of days: `<x>From`/`<x>To` keys that both take an ISO day. */
function dayPairs(schema: z.ZodObject): Array<[string, string]> {
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.keys(shape)
    .filter((key) => key.endsWith('From') && `${key.slice(0, -4)}To` in shape)
    .map((from): [string, string] => [from, `${from.slice(0, -4)}To`])
    .filter(([from, to]) => shape[from].safeParse('2026-03-01').success && shape[to].safeParse('2026-03-01').success);
}

const cases = filters.flatMap(([name, schema]) => dayPairs(schema).map(([from, to]) => [`${name}: ${from}/${to}`, schema, from, to] as const));

describe('list filters: a day range whose start is after its end', () => {
  it('covers the lists with date filters (tickets among them)', () => {
    expect(cases.length).toBeGreaterThan(10);
    expect(cases.map(([name]) => name).join('\n')).toContain('createdFrom/createdTo');
  });

  it.each(cases)('%s is refused on its "to" key', (_name, schema, from, to) => {
    const reversed = schema.safeParse({ [from]: '2026-03-02', [to]: '2026-03-01' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([to, DATE_RANGE_MESSAGE]);
    // instants in the user's time zone too, and a one-day range is a range
    expect(schema.safeParse({ [from]: '2026-03-02T10:00:00.000Z', [to]: '2026-03-02T09:59:59.999Z' }).error?.issues.map((issue) => issue.path.join('.'))).toContain(to);
    const oneDay = schema.safeParse({ [from]: '2026-03-01', [to]: '2026-03-01' });
    expect(oneDay.error?.issues.filter((issue) => issue.message === DATE_RANGE_MESSAGE) ?? []).toEqual([]);
  });
});
