import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { caller, companyIdOf, q, userWith } from '../../test/builders';
import { listPage, walkByCursor } from '../../test/cursor-pages';

/**
 * Load more by cursor on the order lists (placed and acquired): every sort walks the whole list
 * once, in the order of one big page, ties on the creation instant broken by id; orders placed
 * or deleted between two pages neither repeat nor go missing (with OFFSET paging, deleting an
 * order already shown skips one, and a newer one repeats one).
 */
describe.each(DRIVERS)('orders load-more (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let operator: string;
  let nordReceiver: string;
  let acmeId: string;
  let nordId: string;
  /** the test's own orders (other tests and the seed have others): numbers starting KS- */
  const mine = { number: 'KS-' };
  type Page = { numbers: string[]; next: string | undefined; range: string };

  const page = async (token: string, path: string, params: { sort: [string, string]; size: number; cursor?: string; start?: number }): Promise<Page> => {
    const found = await listPage<{ number: string }>(call, token, path, { ...params, filter: mine });
    return { numbers: found.rows.map((o) => o.number), next: found.next, range: found.range };
  };

  /** Every row, page after page by cursor (the range follows along, as the SPA sends it); `between` runs after each page. */
  const walk = (token: string, path: string, sort: [string, string], size: number, between?: (seen: string[]) => Promise<void>) =>
    walkByCursor(async (start, cursor) => {
      const found = await page(token, path, { sort, size, cursor, start });
      return { keys: found.numbers, next: found.next, range: found.range };
    }, between);

  let serial = 0;
  /** An order ACME placed for itself or for ACME-NORD (acquired there), created at `at`. */
  const addOrder = async (at: string, companyId = acmeId) => {
    serial += 1;
    const number = `KS-${String(serial).padStart(4, '0')}`;
    await t.db.db.insert(orders).values({ number, companyId, placedByCompanyId: acmeId, shippingType: 'DIGITAL', state: 'COMPLETED', createdAt: new Date(at) });
    return number;
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    nordReceiver = await userWith(t.app, t.db.db, `ks-receiver-${driver}@nord.test`, nordId, ['privative.acquiredOrders']);
    // ties on the creation instant (orders of one transaction share now()), numbers not in creation order
    const days = ['2026-01-05', '2026-01-05', '2026-02-01', '2026-01-20', '2026-01-05', '2026-03-01', '2026-02-01', '2026-01-20', '2026-01-05', '2026-03-01', '2026-01-02', '2026-01-05'];
    for (const [i, day] of days.entries()) await addOrder(`${day}T10:00:00.123456Z`, i % 3 === 0 ? nordId : acmeId);
  });
  afterAll(() => t.close());

  const placed = () => `/api/company/${acmeId}/giftcard/orders`;
  const acquired = () => `/api/company/${nordId}/giftcard/acquired-orders`;

  it.each([
    ['createdAt', 'ASC'],
    ['createdAt', 'DESC'],
    ['number', 'ASC'],
    ['number', 'DESC'],
  ] as const)('walks every placed order once by %s %s, in the order of one big page', async (field, order) => {
    const all = await page(operator, placed(), { sort: [field, order], size: 200 });
    expect(all.next).toBeUndefined();
    expect(all.numbers).toHaveLength(12);
    if (field === 'number') expect(all.numbers).toEqual([...all.numbers].sort((a, b) => (order === 'ASC' ? a.localeCompare(b) : b.localeCompare(a))));
    for (const size of [1, 3, 5]) expect(await walk(operator, placed(), [field, order], size)).toEqual(all.numbers);
  });

  it.each([
    ['createdAt', 'ASC'],
    ['createdAt', 'DESC'],
    ['number', 'ASC'],
    ['number', 'DESC'],
  ] as const)('walks every acquired order once by %s %s, in the order of one big page', async (field, order) => {
    const all = await page(nordReceiver, acquired(), { sort: [field, order], size: 200 });
    expect(all.numbers).toHaveLength(4);
    for (const size of [1, 3]) expect(await walk(nordReceiver, acquired(), [field, order], size)).toEqual(all.numbers);
  });

  it('continues after the last order shown when orders are placed and deleted between two pages', async () => {
    const sort: [string, string] = ['createdAt', 'DESC'];
    const older: string[] = [];
    /** newer than the first page: before the position, never shown */
    const newer: string[] = [];
    let round = 0;
    const seen = await walk(operator, placed(), sort, 3, async (shown) => {
      round++;
      // one older than all (after the position: must show); then in turn the last order shown
      // deleted (OFFSET would skip one) or a newer one placed (OFFSET would repeat one)
      older.push(await addOrder(`2025-12-${String(31 - round).padStart(2, '0')}T10:00:00Z`));
      if (round % 2 === 1) await t.db.db.execute(sql`DELETE FROM orders WHERE number = ${shown[shown.length - 1]}`);
      else newer.push(await addOrder(`2026-06-${String(round).padStart(2, '0')}T10:00:00Z`));
    });
    expect(round).toBeGreaterThan(3);
    expect(new Set(seen).size).toBe(seen.length);
    const now = (await page(operator, placed(), { sort, size: 200 })).numbers;
    // every order there now that sorts after the first page's start was shown, and in order
    const firstShown = now.indexOf(seen.find((number) => now.includes(number))!);
    expect(seen.filter((number) => now.includes(number))).toEqual(now.slice(firstShown));
    for (const number of older) expect(seen).toContain(number);
    for (const number of newer) expect(seen).not.toContain(number);
  });

  it('refuses a cursor made for another sort, on the cursor field', async () => {
    const first = await page(operator, placed(), { sort: ['createdAt', 'DESC'], size: 2 });
    expect(first.next).toBeDefined();
    const res = await call(operator, 'GET', `${placed()}?sort=${q(['number', 'DESC'])}&range=${q([2, 3])}&cursor=${encodeURIComponent(first.next!)}`);
    expect([res.statusCode, res.json().errors]).toEqual([400, { cursor: 'validation.invalid' }]);
  });
});
