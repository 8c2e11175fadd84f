import { expect } from 'vitest';
import { q, type caller } from './builders';

/** One page of a list, as the SPA asks for it: its rows, the cursor it hands back, its Content-Range. */
export interface ListPage<T> {
  rows: T[];
  next: string | undefined;
  range: string;
}

/** A list page by filter, sort and range from `start`, after the previous page's cursor when given (server/lib/keyset.ts). */
export async function listPage<T>(
  call: ReturnType<typeof caller>,
  token: string,
  path: string,
  params: { sort: [string, string]; size: number; start?: number; cursor?: string; filter?: object },
): Promise<ListPage<T>> {
  const start = params.start ?? 0;
  const query = `sort=${q(params.sort)}&range=${q([start, start + params.size - 1])}${params.filter ? `&filter=${q(params.filter)}` : ''}${params.cursor ? `&cursor=${encodeURIComponent(params.cursor)}` : ''}`;
  const res = await call(token, 'GET', `${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json<T[]>(), next: res.headers['next-cursor'] as string | undefined, range: String(res.headers['content-range']) };
}

/**
 * Every row of a list, page after page by cursor, the range following along as the SPA sends it:
 * the rows' keys in order. Each page but the last says `*` and hands a cursor back; the last gives
 * the exact total and none. `between` runs after each page but the last (rows made or deleted there).
 */
export async function walkByCursor(
  pageAt: (start: number, cursor: string | undefined) => Promise<{ keys: string[]; next: string | undefined; range: string }>,
  between: (seen: string[]) => Promise<void> = async () => undefined,
): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await pageAt(seen.length, cursor);
    seen.push(...page.keys);
    if (!page.next) {
      expect(page.range).toMatch(/\/\d+$/);
      return seen;
    }
    expect(page.range).toMatch(/\/\*$/);
    cursor = page.next;
    await between(seen);
  }
  throw new Error('the walk did not end');
}
