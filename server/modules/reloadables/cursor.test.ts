import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { csvDownload } from '../../lib/csv-export';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { caller, companyIdOf, q } from '../../test/builders';
import { listPage, walkByCursor } from '../../test/cursor-pages';
import { historyCsv } from './runs.export';
import { addReloadableCards, fundWallet } from '../../test/support/reloadables-runs';

/**
 * The wallet's movements page by cursor (Next-Cursor → cursor) on their insertion order (seq):
 * either direction walks every movement once, in the order of one big page, and a reload made
 * between two pages (new movements, newest) neither repeats a row nor loses one (with OFFSET
 * paging, newest first, each new movement pushes a row already shown into the next page). The
 * reload history CSV streams every row of the completed runs, newest run first, a run's rows by
 * position, its texts formula-safe.
 */
describe.each(DRIVERS)('reloadables: movements by cursor, history CSV streamed (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let token: string;
  let acme: string;
  let cards: Array<{ id: string; number: string }>;
  const base = () => `/api/company/${acme}/reloadable`;
  type Page = { ids: string[]; next: string | undefined; range: string };

  /** A page of a list (the wallet's movements unless `path` says another) */
  const page = async (sort: [string, string], size: number, start = 0, cursor?: string, path = '/wallet/movements'): Promise<Page> => {
    const found = await listPage<{ id: string }>(call, token, `${base()}${path}`, { sort, size, start, cursor });
    return { ids: found.rows.map((m) => m.id), next: found.next, range: found.range };
  };

  /** Every row, page after page by cursor; `between` runs after each page but the last. */
  const walk = (sort: [string, string], size: number, between: () => Promise<void> = async () => undefined, path?: string) =>
    walkByCursor(async (start, cursor) => {
      const found = await page(sort, size, start, cursor, path);
      return { keys: found.ids, next: found.next, range: found.range };
    }, between);

  /** A reload now: its card's movement lands in the wallet as the newest. */
  let reloads = 0;
  const reload = async () => {
    const card = cards[reloads++ % cards.length];
    const res = await call(token, 'POST', `${base()}/reloads`, { source: 'MANUAL', rows: [{ cardId: card.id, amountCents: 100 }] });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    token = (await login(t.app, 'referent@acme.test')).accessToken;
    acme = await companyIdOf(t.db.db, 'ACME');
    cards = await addReloadableCards(t.db.db, acme, 4);
    for (let i = 0; i < 5; i++) await fundWallet(t.db.db, acme, 100_000 + i);
    for (let i = 0; i < 6; i++) await reload();
  });
  afterAll(() => t.close());

  it.each([['DESC'], ['ASC']] as const)('walks every movement once by date %s, in the order of one big page', async (order) => {
    const all = await page(['createdAt', order], 200);
    expect(all.next).toBeUndefined();
    expect(all.ids.length).toBeGreaterThanOrEqual(11);
    for (const size of [1, 3, 5]) expect(await walk(['createdAt', order], size)).toEqual(all.ids);
  });

  it('neither repeats nor loses a movement when reloads move the wallet between two pages', async () => {
    // newest first: each reload lands before the position (not shown, nothing shown again)
    const before = (await page(['createdAt', 'DESC'], 200)).ids;
    const newestFirst = await walk(['createdAt', 'DESC'], 3, reload);
    expect(newestFirst).toEqual(before);
    // oldest first: each reload lands after the position, and is shown in its turn
    const start = (await page(['createdAt', 'ASC'], 200)).ids;
    const oldestFirst = await walk(['createdAt', 'ASC'], 4, reload);
    const now = (await page(['createdAt', 'ASC'], 200)).ids;
    expect(now.length).toBeGreaterThan(start.length);
    expect(oldestFirst).toEqual(now.slice(0, oldestFirst.length));
    expect(oldestFirst.slice(0, start.length)).toEqual(start);
    expect(new Set(oldestFirst).size).toBe(oldestFirst.length);
    // the last reload, made after the last page but one, is on the last page
    expect(oldestFirst.length).toBe(now.length);
  });

  it('refuses a cursor made for the other direction, on the cursor field', async () => {
    const first = await page(['createdAt', 'DESC'], 2);
    expect(first.next).toBeDefined();
    const res = await call(token, 'GET', `${base()}/wallet/movements?sort=${q(['createdAt', 'ASC'])}&range=${q([2, 3])}&cursor=${encodeURIComponent(first.next!)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { cursor: 'validation.invalid' } });
  });

  it.each([['/reloads'], ['/reloads/history']])('walks the runs of %s once both ways, ties on the creation instant by id; a run made between pages is not shown twice', async (path) => {
    // three runs made at one instant (ties), two of them (the tie's earliest ids) at another
    await t.db.db.execute(sql`UPDATE reload_runs SET created_at = '2026-06-01T08:00:00.123456Z' WHERE id IN (SELECT id FROM reload_runs WHERE company_id = ${acme} ORDER BY id LIMIT 3)`);
    await t.db.db.execute(sql`UPDATE reload_runs SET created_at = '2026-06-02T08:00:00Z' WHERE id IN (SELECT id FROM reload_runs WHERE company_id = ${acme} ORDER BY id DESC LIMIT 2)`);
    for (const order of ['DESC', 'ASC'] as const) {
      const all = await page(['createdAt', order], 200, 0, undefined, path);
      expect(all.next).toBeUndefined();
      const runs = (await call(token, 'GET', `${base()}${path}?sort=${q(['createdAt', order])}&range=${q([0, 199])}`)).json<Array<{ id: string; createdAt: string }>>();
      const sign = order === 'ASC' ? 1 : -1;
      expect(runs.map((r) => r.id)).toEqual([...runs].sort((a, b) => sign * (a.createdAt.localeCompare(b.createdAt) || (a.id < b.id ? -1 : 1))).map((r) => r.id));
      expect(all.ids.length).toBeGreaterThanOrEqual(6);
      for (const size of [1, 3]) expect(await walk(['createdAt', order], size, undefined, path)).toEqual(all.ids);
    }
    const before = (await page(['createdAt', 'DESC'], 200, 0, undefined, path)).ids;
    // newest first: a new (completed) run lands before the position; OFFSET would show a run again
    expect(await walk(['createdAt', 'DESC'], 2, reload, path)).toEqual(before);
  });

  it('streams every row of the completed runs into the history CSV, newest run first and a run’s rows by position, its texts formula-safe', async () => {
    const holders = ['=SUM', '+39', '-1', '@cmd'];
    const held: Array<{ id: string; number: string }> = [];
    for (const firstName of holders) held.push(...(await addReloadableCards(t.db.db, acme, 1, { customer: { firstName, lastName: 'Rossi' } })));
    const plain = await addReloadableCards(t.db.db, acme, 3);
    const run = async (rows: Array<{ row: number; cardId: string }>) => {
      const res = await call(token, 'POST', `${base()}/reloads`, { source: 'MANUAL', rows: rows.map((r) => ({ ...r, amountCents: 250 })) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string; number: string }>();
    };
    // rows given out of position order; three runs
    const first = await run([{ row: 3, cardId: held[0].id }, { row: 1, cardId: held[1].id }, { row: 2, cardId: plain[0].id }]);
    const second = await run([{ row: 2, cardId: held[2].id }, { row: 1, cardId: plain[1].id }]);
    const third = await run([{ row: 5, cardId: held[3].id }, { row: 4, cardId: plain[2].id }]);
    // the first run made at the same instant as the third, the later number first among them; a row removed from the queue says so
    await t.db.db.execute(sql`UPDATE reload_runs SET created_at = (SELECT created_at FROM reload_runs WHERE id = ${third.id}) WHERE id = ${first.id}`);
    await t.db.db.execute(sql`UPDATE reload_rows SET state = 'DELETED', reason = NULL, credited_at = NULL WHERE run_id = ${second.id} AND position = 2`);

    const res = await call(token, 'GET', `${base()}/reloads/history/export?lang=en&tz=UTC`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('\uFEFFRun,Created on,Scheduled date,Completed on,Row,Card number,Customer,Reload amount,Status,Credited on,Reason');
    const cells = lines.slice(1).map((line) => line.split(','));
    // every row of the company's completed runs, in the history's order (run created_at, number: newest first; position)
    const expected = await queryRows<{ number: string; position: number }>(
      t.db.db,
      sql`SELECT r.number, w.position FROM reload_rows w JOIN reload_runs r ON r.id = w.run_id
          WHERE r.company_id = ${acme} AND r.state = 'COMPLETED' ORDER BY r.created_at DESC, r.number DESC, w.position`,
    );
    expect(cells.map((c) => [c[0], Number(c[4])])).toEqual(expected.map((r) => [r.number, Number(r.position)]));
    const mine = cells.filter((c) => [first.number, second.number, third.number].includes(c[0])).map((c) => `${c[0]}#${c[4]}`);
    expect(mine).toEqual([`${third.number}#4`, `${third.number}#5`, `${first.number}#1`, `${first.number}#2`, `${first.number}#3`, `${second.number}#1`, `${second.number}#2`]);
    const row = (number: string, position: number) => cells.find((c) => c[0] === number && c[4] === String(position))!;
    // a holder's name that starts like a formula is text
    expect(row(first.number, 3)[6]).toBe("'=SUM Rossi");
    expect(row(first.number, 1)[6]).toBe("'+39 Rossi");
    expect(row(second.number, 2)[6]).toBe("'-1 Rossi");
    expect(row(third.number, 5)[6]).toBe("'@cmd Rossi");
    expect(row(third.number, 4)[6]).toBe('');
    expect(row(third.number, 4).slice(7, 9)).toEqual(['2.50', 'Completed']);
    expect(row(second.number, 2).slice(8)).toEqual(['Deleted', '', 'Deleted from the queue']);
    expect(row(second.number, 1)[10]).toBe('');

    // the same file read two rows at a time (keyset batches on PGlite, cursor fetches on PostgreSQL)
    const chunks: Uint8Array[] = [];
    const reader = csvDownload(t.db.db, historyCsv(acme, {}, { language: 'en', timeZone: 'UTC' }), { chunk: 2 }).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(res.body);
  });
});
