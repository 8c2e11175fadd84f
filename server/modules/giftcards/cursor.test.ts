import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { caller, companyIdOf, q } from '../../test/builders';
import { listPage, walkByCursor } from '../../test/cursor-pages';
import { encodeCursor } from '../../lib/keyset';
import { addCard, addTypology } from '../../test/support/giftcards';

/**
 * Load more by cursor (Next-Cursor → cursor): every sort of the card list walks the whole list
 * once, ties broken by id, nulls where the first page puts them; rows inserted or deleted between
 * two pages neither repeat nor go missing (with OFFSET paging, deleting a row already shown skips
 * one); a cursor of another sort, or one that was tampered with, is refused on `cursor`.
 */
describe.each(DRIVERS)('keyset load-more (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let operator: string;
  let acmeId: string;
  let nordId: string;
  let typologyId: string;
  const url = (path: string) => `/api/company/${acmeId}/giftcard${path}`;
  /** the test's own cards (the seed has others) */
  const LOT = 'KEYSET';
  const mine = { lotNumber: LOT };
  type Page = { codes: string[]; next: string | undefined; range: string };

  const page = async (path: string, params: { sort: [string, string]; size: number; cursor?: string; start?: number; filter?: object }): Promise<Page> => {
    const found = await listPage<{ code?: string; id: string }>(call, operator, url(path), params);
    return { codes: found.rows.map((r) => r.code ?? r.id), next: found.next, range: found.range };
  };

  /** Every row, page after page by cursor; `between` runs after each page. */
  const walk = (path: string, sort: [string, string], size: number, between?: (seen: string[]) => Promise<void>, filter?: object) =>
    walkByCursor(async (start, cursor) => {
      const found = await page(path, { sort, size, cursor, start, filter });
      return { keys: found.codes, next: found.next, range: found.range };
    }, between);

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    typologyId = await addTypology(t.db.db);
    // two companies (the subtree's merge of branches), ties on every date, nulls among them
    const days = ['2026-01-05', '2026-01-05', null, '2026-02-01', null, '2026-01-20', '2026-01-05', '2026-03-01', null, '2026-02-01', '2026-01-20', '2026-03-01', '2026-01-05', null];
    for (const [i, day] of days.entries()) {
      await addCard(t.db.db, {
        companyId: i % 3 === 0 ? nordId : acmeId,
        typologyId,
        progressive: 5000 + i,
        lotNumber: LOT,
        activationDate: day ? new Date(`${day}T10:00:00Z`) : null,
        expireDate: day && i % 2 === 0 ? new Date(`${day.replace('2026', '2030')}T10:00:00Z`) : null,
      });
    }
    // created_at ties too (one statement): ordered by id among equals
    await t.db.db.execute(sql`UPDATE gift_cards SET created_at = '2026-05-01T00:00:00.123456Z' WHERE progressive BETWEEN 5003 AND 5008`);
  });
  afterAll(() => t.close());

  it.each([
    ['progressive', 'ASC'],
    ['progressive', 'DESC'],
    ['createdAt', 'ASC'],
    ['createdAt', 'DESC'],
    ['activationDate', 'ASC'],
    ['activationDate', 'DESC'],
    ['expireDate', 'ASC'],
    ['expireDate', 'DESC'],
  ] as const)('walks every card once by %s %s, in the order of one big page', async (field, order) => {
    const all = await page('/cards', { sort: [field, order], size: 200, filter: mine });
    expect(all.next).toBeUndefined();
    expect(all.codes).toHaveLength(14);
    for (const size of [1, 3, 5]) expect(await walk('/cards', [field, order], size, undefined, mine)).toEqual(all.codes);
  });

  it('continues after the last row shown when rows are inserted and deleted between two pages', async () => {
    const sort: [string, string] = ['progressive', 'ASC'];
    const inserted: string[] = [];
    /** put before the position: never shown */
    const removed: string[] = [];
    let round = 0;
    const seen = await walk('/cards', sort, 4, async (shown) => {
      round++;
      // one after the position (must show); then in turn the last row shown deleted (OFFSET would
      // skip a row) or one card put before the position (OFFSET would repeat one; must not show)
      inserted.push((await addCard(t.db.db, { companyId: nordId, typologyId, progressive: 9000 + round, ...mine })).code);
      if (round % 2 === 1) {
        const last = shown[shown.length - 1];
        await t.db.db.execute(sql`DELETE FROM gift_card_transactions WHERE card_id = (SELECT id FROM gift_cards WHERE code = ${last})`);
        await t.db.db.execute(sql`DELETE FROM gift_cards WHERE code = ${last}`);
      } else {
        removed.push((await addCard(t.db.db, { companyId: acmeId, typologyId, progressive: 4000 + round, ...mine })).code);
      }
    }, mine);
    expect(new Set(seen).size).toBe(seen.length);
    const now = (await page('/cards', { sort, size: 200, filter: mine })).codes;
    // every card there now that sorts after the first page's start was shown, and in order
    const firstShown = now.indexOf(seen.find((code) => now.includes(code))!);
    expect(seen.filter((code) => now.includes(code))).toEqual(now.slice(firstShown));
    for (const code of inserted) expect(seen).toContain(code);
    for (const code of removed) expect(seen).not.toContain(code);
  });

  it('pages the ledger by cursor too, newest first, new rows not repeated', async () => {
    const all = await page('/transactions', { sort: ['createdAt', 'DESC'], size: 200 });
    const seen = await walk('/transactions', ['createdAt', 'DESC'], 7, async () => {
      // a newer ledger row lands before the position: with OFFSET the next page would repeat a row
      await addCard(t.db.db, { companyId: acmeId, typologyId, balanceCents: 1000 });
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all.codes);
  });

  it('refuses a cursor made for another sort, a tampered one and garbage, on the cursor field', async () => {
    const first = await page('/cards', { sort: ['progressive', 'ASC'], size: 2 });
    expect(first.next).toBeDefined();
    const tampered = encodeCursor({ field: 'progressive', order: 'ASC', value: "1; DROP TABLE gift_cards", id: '00000000-0000-4000-8000-000000000000' });
    for (const [sort, cursor] of [
      [['progressive', 'DESC'], first.next!],
      [['createdAt', 'ASC'], first.next!],
      [['progressive', 'ASC'], tampered],
      [['progressive', 'ASC'], 'not-a-cursor'],
    ] as const) {
      const res = await call(operator, 'GET', url(`/cards?sort=${q(sort)}&range=${q([2, 3])}&cursor=${encodeURIComponent(cursor)}`));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: 'VALIDATION_ERROR' }, errors: { cursor: 'validation.invalid' } });
    }
  });
});
