import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBatches } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { caller, companyIdOf } from '../../test/builders';
import { listPage, walkByCursor } from '../../test/cursor-pages';
import { addTypology } from '../../test/support/giftcards';

/**
 * Load more by cursor on the batch list: every sort walks the whole list once, in the order of one
 * big page (ties broken by id, batches with no expiry first ascending and last descending); batches
 * made or deleted between two pages neither repeat nor go missing (with OFFSET paging, deleting a
 * batch already shown skips one, and a newer one repeats one).
 */
describe.each(DRIVERS)('batches load-more (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: string;
  let acmeId: string;
  let nordId: string;
  let typologyId: string;
  /** the test's own batches (the seed has others): their typology */
  let mine: { typologyId: string };
  type Page = { lots: string[]; expiries: Array<string | null>; next: string | undefined; range: string };
  const url = () => `/api/company/${acmeId}/giftcard/batches`;

  const page = async (params: { sort: [string, string]; size: number; cursor?: string; start?: number }): Promise<Page> => {
    const found = await listPage<{ lotNumber: string; expireDate: string | null }>(call, admin, url(), { ...params, filter: mine });
    return { lots: found.rows.map((b) => b.lotNumber), expiries: found.rows.map((b) => b.expireDate), next: found.next, range: found.range };
  };

  /** Every row, page after page by cursor (the range follows along, as the SPA sends it); `between` runs after each page. */
  const walk = (sort: [string, string], size: number, between?: (seen: string[]) => Promise<void>) =>
    walkByCursor(async (start, cursor) => {
      const found = await page({ sort, size, cursor, start });
      return { keys: found.lots, next: found.next, range: found.range };
    }, between);

  let serial = 0;
  const addBatch = async (spec: { createdAt: string; quantity?: number; expireDate?: string | null; companyId?: string }) => {
    serial += 1;
    const lotNumber = `KS-${driver}-${String(serial).padStart(3, '0')}`;
    await t.db.db.insert(cardBatches).values({
      companyId: spec.companyId ?? acmeId,
      typologyId,
      lotNumber,
      quantity: spec.quantity ?? 10,
      expireDate: spec.expireDate ?? null,
      status: 'COMPLETED',
      createdAt: new Date(spec.createdAt),
    });
    return lotNumber;
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    typologyId = await addTypology(t.db.db);
    mine = { typologyId };
    // two companies of the subtree, ties on every column but the lot, expiries missing among them
    const expiries = ['2030-01-05', null, '2030-01-05', '2030-02-01', null, '2030-01-20', '2030-01-05', null, '2030-02-01', '2030-03-01', null, '2030-01-20'];
    for (const [i, expireDate] of expiries.entries()) {
      await addBatch({ createdAt: `2026-0${1 + (i % 3)}-10T10:00:00.123456Z`, quantity: [10, 500, 10, 20][i % 4], expireDate, companyId: i % 4 === 0 ? nordId : acmeId });
    }
  });
  afterAll(() => t.close());

  it.each([
    ['createdAt', 'ASC'],
    ['createdAt', 'DESC'],
    ['lotNumber', 'ASC'],
    ['lotNumber', 'DESC'],
    ['quantity', 'ASC'],
    ['quantity', 'DESC'],
    ['expireDate', 'ASC'],
    ['expireDate', 'DESC'],
  ] as const)('walks every batch once by %s %s, in the order of one big page', async (field, order) => {
    const all = await page({ sort: [field, order], size: 200 });
    expect(all.next).toBeUndefined();
    expect(all.lots).toHaveLength(12);
    if (field === 'expireDate') {
      // no expiry sorts first ascending, last descending (as the list always had it)
      const nulls = all.expiries.map((e) => e === null);
      expect(nulls).toEqual(order === 'ASC' ? [true, true, true, true, ...Array(8).fill(false)] : [...Array(8).fill(false), true, true, true, true]);
    }
    for (const size of [1, 3, 5]) expect(await walk([field, order], size)).toEqual(all.lots);
  });

  it('continues after the last batch shown when batches are made and deleted between two pages', async () => {
    const sort: [string, string] = ['createdAt', 'DESC'];
    const older: string[] = [];
    /** newer than the first page: before the position, never shown */
    const newer: string[] = [];
    let round = 0;
    const seen = await walk(sort, 3, async (shown) => {
      round++;
      // one older than all (after the position: must show); then in turn the last batch shown
      // deleted (OFFSET would skip one) or a newer one made (OFFSET would repeat one)
      older.push(await addBatch({ createdAt: `2025-12-${String(31 - round).padStart(2, '0')}T10:00:00Z` }));
      if (round % 2 === 1) await t.db.db.execute(sql`DELETE FROM card_batches WHERE lot_number = ${shown[shown.length - 1]}`);
      else newer.push(await addBatch({ createdAt: `2026-06-${String(round).padStart(2, '0')}T10:00:00Z` }));
    });
    expect(round).toBeGreaterThan(3);
    expect(new Set(seen).size).toBe(seen.length);
    const now = (await page({ sort, size: 200 })).lots;
    const firstShown = now.indexOf(seen.find((lot) => now.includes(lot))!);
    expect(seen.filter((lot) => now.includes(lot))).toEqual(now.slice(firstShown));
    for (const lot of older) expect(seen).toContain(lot);
    for (const lot of newer) expect(seen).not.toContain(lot);
  });

  it('goes on from a position among the missing expiries to the dated batches, one made meanwhile included', async () => {
    // expiry ascending: the missing expiries come first; the first pages end among them
    const sort: [string, string] = ['expireDate', 'ASC'];
    const added: string[] = [];
    const seen = await walk(sort, 2, async () => {
      if (added.length < 2) added.push(await addBatch({ createdAt: '2026-01-01T00:00:00Z', expireDate: '2099-12-31' }));
    });
    expect(new Set(seen).size).toBe(seen.length);
    for (const lot of added) expect(seen).toContain(lot);
    expect(seen).toEqual((await page({ sort, size: 200 })).lots);
  });
});
