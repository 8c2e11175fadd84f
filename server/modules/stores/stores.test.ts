import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTypologies, giftCards, stores } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, login } from '../../test/auth';
import { CONCURRENT_DRIVERS, DRIVERS } from '../../test/db';
import { addCompany, companyId } from '../../test/support/companies';

const store = { code: 'NEG-1', name: 'Negozio Centro', storeCategoryId: 'RETAIL', defaultActivationStore: true };

describe.each(DRIVERS)('stores API (%s)', (driver) => {
  let t: TestApp;
  let admin: string;
  let acme: string;
  const ids: Record<string, string> = {};
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const base = (company: string) => `/api/company/${ids[company]}/stores`;

  beforeAll(async () => {
    t = await createTestApp(driver);
    for (const code of ['TESSERA', 'ACME', 'ACME-NORD']) ids[code] = await companyId(t.db.db, code);
    ids.OTHER = await addCompany(t.db.db, 'OTHER', ids.TESSERA);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    acme = (await login(t.app, 'operator@acme.test')).accessToken;
    const [providerStore] = await t.db.db.insert(stores).values({ companyId: ids.TESSERA, code: 'HQ', name: 'Sede', storeCategoryId: 'HQ' }).returning();
    const [otherStore] = await t.db.db.insert(stores).values({ companyId: ids.OTHER, code: 'OT-1', name: 'Altro', storeCategoryId: 'RETAIL' }).returning();
    ids.providerStore = providerStore.id;
    ids.otherStore = otherStore.id;
  });
  afterAll(() => t.close());

  it('creates, reads, lists and updates stores; one default activation store per company', async () => {
    const first = await call(acme, 'POST', base('ACME'), store);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ ...store, companyId: ids.ACME });
    ids.first = first.json().id;
    const second = await call(acme, 'POST', base('ACME'), { ...store, code: 'NEG-2', name: 'Outlet, Nord' });
    expect(second.json().defaultActivationStore).toBe(true);
    ids.second = second.json().id;
    expect((await call(acme, 'GET', `${base('ACME')}/${ids.first}`)).json().defaultActivationStore).toBe(false);

    const updated = await call(acme, 'PUT', `${base('ACME')}/${ids.first}`, { ...store, name: 'Centro 2' });
    expect(updated.json()).toMatchObject({ name: 'Centro 2', defaultActivationStore: true });
    expect((await call(acme, 'GET', `${base('ACME')}/${ids.second}`)).json().defaultActivationStore).toBe(false);

    const list = await call(acme, 'GET', `${base('ACME')}?filter=${encodeURIComponent('{"q":"outlet"}')}`);
    expect(list.json().map((s: { code: string }) => s.code)).toEqual(['NEG-2']);
    expect(list.headers['content-range']).toBe('stores 0-0/1');
    const byCategory = await call(acme, 'GET', `${base('ACME')}?filter=${encodeURIComponent('{"storeCategoryId":"RETAIL"}')}&sort=${encodeURIComponent('["code","DESC"]')}`);
    expect(byCategory.json().map((s: { code: string }) => s.code)).toEqual(['NEG-2', 'NEG-1']);
  });

  it('answers 400 with field errors for bad input and 409 DUPLICATE_CODE, changing nothing', async () => {
    const bad = await call(acme, 'POST', base('ACME'), { code: 'N', name: 'Bad*Name', storeCategoryId: 'R' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ code: 'validation.storeText?min=2&max=40', name: 'validation.storeText?min=2&max=40', storeCategoryId: 'validation.lengthRange?min=2&max=40' });
    // the rule has a maximum too (40), with the same message that states the whole rule
    const long = await call(acme, 'POST', base('ACME'), { code: 'C'.repeat(200), name: 'N'.repeat(41), storeCategoryId: 'R'.repeat(41) });
    expect(long.json().errors).toEqual({ code: 'validation.storeText?min=2&max=40', name: 'validation.storeText?min=2&max=40', storeCategoryId: 'validation.lengthRange?min=2&max=40' });
    const dup = await call(acme, 'POST', base('ACME'), { ...store, defaultActivationStore: false });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('DUPLICATE_CODE');
    const dupPut = await call(acme, 'PUT', `${base('ACME')}/${ids.second}`, { ...store, defaultActivationStore: false });
    expect(dupPut.statusCode).toBe(409);
    expect((await call(acme, 'GET', `${base('ACME')}/${ids.second}`)).json().code).toBe('NEG-2');
    const unknownField = await call(acme, 'POST', base('ACME'), { ...store, code: 'NEG-9', companyId: ids.OTHER });
    expect(unknownField.statusCode).toBe(400);
  });

  it("Acme's operator gets 404 for the provider's and another company's stores, whatever the path", async () => {
    for (const [method, url] of [
      ['GET', `${base('ACME')}/${ids.providerStore}`],
      ['GET', `${base('ACME')}/${ids.otherStore}`],
      ['PUT', `${base('ACME')}/${ids.otherStore}`],
      ['DELETE', `${base('ACME')}/${ids.providerStore}`],
      ['GET', base('TESSERA')],
      ['GET', `${base('OTHER')}/${ids.otherStore}`],
      ['POST', base('OTHER')],
    ] as const) {
      const res = await call(acme, method, url, method === 'PUT' || method === 'POST' ? { ...store, code: 'X-1' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call(acme, 'GET', `${base('ACME')}?range=[0,99]`);
    expect(list.json().map((s: { code: string }) => s.code)).not.toContain('HQ');
    const [hq] = await t.db.db.select().from(stores).where(eq(stores.id, ids.providerStore));
    expect(hq.name).toBe('Sede');
  });

  it('a malformed id is 404 NOT_FOUND (a PUT with a bad body too, not a field error); in a list filter it matches nothing', async () => {
    for (const [method, body] of [['GET'], ['PUT', { code: 'N' }], ['DELETE']] as const) {
      const res = await call(acme, method, `${base('ACME')}/not-a-uuid`, body);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error.message).toBe('NOT_FOUND');
    }
    const many = await call(acme, 'GET', `${base('ACME')}?filter=${encodeURIComponent(JSON.stringify({ id: ['not-a-uuid', ids.first] }))}`);
    expect(many.statusCode).toBe(200);
    expect(many.json().map((s: { id: string }) => s.id)).toEqual([ids.first]);
  });

  it('needs the privative.stores flag', async () => {
    const none = (await login(t.app, 'noaccess@acme.test')).accessToken;
    for (const url of [base('ACME'), `${base('ACME')}/import-template`, `${base('ACME')}/${ids.first}`]) {
      expect((await call(none, 'GET', url)).statusCode, url).toBe(403);
    }
  });

  it('refuses to delete a store a gift card refers to (409 STORE_IN_USE), deletes an unused one', async () => {
    const [typology] = await t.db.db
      .insert(cardTypologies)
      .values({ name: 'Card', type: 'DIGITAL', sku: `SKU-${driver}`, expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 12, valueCents: 1000 })
      .returning();
    await t.db.db.insert(giftCards).values({ companyId: ids.ACME, typologyId: typology.id, code: `CODE-${driver}`, progressive: 1, activationStoreId: ids.first });
    const used = await call(acme, 'DELETE', `${base('ACME')}/${ids.first}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toBe('STORE_IN_USE');
    const unused = await call(acme, 'DELETE', `${base('ACME')}/${ids.second}`);
    expect(unused.statusCode).toBe(200);
    expect((await call(acme, 'GET', `${base('ACME')}/${ids.second}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${base('TESSERA')}/${ids.providerStore}`)).statusCode).toBe(200);
  });
});

// Real concurrency only exists on PostgreSQL (PGlite serializes everything).
describe.each(CONCURRENT_DRIVERS)('stores under concurrency (%s)', (driver) => {
  let t: TestApp;
  let acme: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    acme = await companyId(t.db.db, 'ACME');
    token = (await login(t.app, 'operator@acme.test')).accessToken;
  });
  afterAll(() => t.close());

  it('stores created as default at the same time all succeed and leave exactly one default', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/company/${acme}/stores`,
          headers: bearer(token),
          payload: { code: `RACE-${i}`, name: `Race ${i}`, storeCategoryId: 'RETAIL', defaultActivationStore: true },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const defaults = await t.db.db.select().from(stores).where(and(eq(stores.companyId, acme), eq(stores.isDefaultActivation, true)));
    expect(defaults).toHaveLength(1);
  });

  it('the same code sent twice at once is created once; the other answer is DUPLICATE_CODE', async () => {
    const results = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({ method: 'POST', url: `/api/company/${acme}/stores`, headers: bearer(token), payload: { code: 'TWIN', name: 'Twin', storeCategoryId: 'RETAIL' } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.message).toBe('DUPLICATE_CODE');
  });
});
