import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkPosition, decodeCursor, encodeCursor, type KeyType, type SortKey } from './keyset';

const ID = '00000000-0000-4000-8000-000000000001';
const key = (type: KeyType): SortKey => ({ column: sql`x`, type, id: sql`id`, order: 'ASC' });
const refused = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { statusCode?: number; fieldErrors?: unknown }).statusCode === 400 ? (error as { fieldErrors?: unknown }).fieldErrors : error;
  }
  return null;
};

describe("a cursor's value (issue 38: hostile cursors answer 400, never a database error)", () => {
  it('refuses impossible days and times, and a NUL in text', () => {
    for (const [type, value] of [
      ['date', '2026-02-31'],
      ['date', '2026-13-01'],
      ['timestamptz', '2026-02-31 10:00:00+00'],
      ['timestamptz', '2026-11-20 24:00:00+00'],
      ['text', 'a\u0000b'],
    ] as const) {
      expect(refused(() => checkPosition(key(type), { value, id: ID })), `${type} ${value}`).toEqual({ cursor: 'validation.invalid' });
      const cursor = encodeCursor({ field: 'f', order: 'ASC', value, id: ID });
      expect(refused(() => decodeCursor(cursor, { field: 'f', order: 'ASC' }, type)), `${type} ${value}`).toEqual({ cursor: 'validation.invalid' });
    }
    for (const [type, value] of [
      ['date', '2024-02-29'],
      ['timestamptz', '2026-11-27 05:43:10.853219+01'],
      ['text', 'Caffè'],
    ] as const) expect(refused(() => checkPosition(key(type), { value, id: ID })), `${type} ${value}`).toBeNull();
  });
});
