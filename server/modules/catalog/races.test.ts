import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { CONCURRENT_DRIVERS } from '../../test/db';
import { companyIdOf } from '../../test/builders';
import { addTypology } from '../../test/support/giftcards';
import { generateBatchCards } from './generate';
import { catalogCaller, lotCards } from '../../test/support/catalog';

// PGlite serializes everything: only PostgreSQL can show two generations racing for progressives
describe.each(CONCURRENT_DRIVERS)('batch generation races (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof catalogCaller>;
  let admin: string;
  let acmeId: string;
  let nordId: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = catalogCaller(t.app);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    nordId = await companyIdOf(t.db.db, 'ACME-NORD');
  });
  afterAll(() => t.close());

  async function raceOf(typologyId: string, lots: Array<[string, string, number]>) {
    const ids: string[] = [];
    for (const [companyId, lotNumber, quantity] of lots) {
      const res = await call(admin, 'POST', `/api/company/${companyId}/giftcard/batches`, { lotNumber, typologyId, quantity });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    // every generation at once, each on its own connections
    await Promise.all(ids.map((id) => generateBatchCards(t.db.db, id)));
    const ranges: Array<[number, number]> = [];
    for (const [, lotNumber, quantity] of lots) {
      const cards = (await lotCards(t.db.db, lotNumber)).map((c) => Number(c.progressive));
      expect(cards).toHaveLength(quantity);
      // each batch holds one unbroken run
      expect(cards[cards.length - 1] - cards[0]).toBe(quantity - 1);
      ranges.push([cards[0], cards[cards.length - 1]]);
    }
    return ranges.sort((a, b) => a[0] - b[0]);
  }

  it('two generations of one typology at once get disjoint, gap-free ranges (first use of the counter and later)', async () => {
    const typologyId = await addTypology(t.db.db);
    const first = await raceOf(typologyId, [
      [acmeId, 'RACE-1', 1200],
      [nordId, 'RACE-2', 900],
    ]);
    expect(first[0][0]).toBe(1);
    expect(first[1][0]).toBe(first[0][1] + 1);
    const second = await raceOf(typologyId, [
      [acmeId, 'RACE-3', 700],
      [acmeId, 'RACE-4', 800],
      [nordId, 'RACE-5', 650],
    ]);
    expect(second[0][0]).toBe(first[1][1] + 1);
    for (let i = 1; i < second.length; i++) expect(second[i][0]).toBe(second[i - 1][1] + 1);
    expect(second[2][1]).toBe(1200 + 900 + 700 + 800 + 650);
  });

  it('two runners of the same generation (a job taken over while it still runs) make each card once', async () => {
    const typologyId = await addTypology(t.db.db);
    const res = await call(admin, 'POST', `/api/company/${acmeId}/giftcard/batches`, { lotNumber: 'RACE-TWICE', typologyId, quantity: 4500 });
    const id = res.json().id;
    await Promise.all([generateBatchCards(t.db.db, id), generateBatchCards(t.db.db, id)]);
    const cards = (await lotCards(t.db.db, 'RACE-TWICE')).map((c) => Number(c.progressive));
    expect(cards).toEqual(Array.from({ length: 4500 }, (_, i) => i + 1));
    const batch = (await call(admin, 'GET', `/api/company/${acmeId}/giftcard/batches/${id}`)).json();
    expect(batch).toMatchObject({ status: 'COMPLETED', generatedCount: 4500, progressiveFrom: 1, progressiveTo: 4500 });
  });
});
