import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { addCompany, companyIdOf, q, userWith } from '../../test/builders';
import { addCard } from '../../test/support/giftcards';
import { catalogCaller, physicalTypology } from '../../test/support/catalog';

describe.each(DRIVERS)('catalog typologies (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof catalogCaller>;
  let admin: string;
  let operator: string;
  let acmeBatches: string;
  let tesseraId: string;
  let acmeId: string;
  let otherId: string;
  const url = (companyId: string, path = '') => `/api/company/${companyId}/giftcard/typologies${path}`;
  const count = async () => (await queryRows<{ n: number }>(t.db.db, sql`SELECT count(*)::int AS n FROM card_typologies`))[0].n;

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = catalogCaller(t.app);
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
    tesseraId = await companyIdOf(t.db.db, 'TESSERA');
    acmeId = await companyIdOf(t.db.db, 'ACME');
    otherId = await addCompany(t.db.db, 'OTHER', tesseraId);
    acmeBatches = await userWith(t.app, t.db.db, 'batches@acme.test', acmeId, ['privative.batches']);
  });
  afterAll(() => t.close());

  it('provider staff create provider and company typologies; customers read their catalog only', async () => {
    const provider = await call(admin, 'POST', url(tesseraId), physicalTypology('CAT-PROV-1'));
    expect(provider.statusCode).toBe(201);
    expect(provider.json()).toMatchObject({ companyId: null, name: 'Physical CAT-PROV-1', type: 'PHYSICAL', valueCents: 2500, expirationMonths: 12, expirationDate: null });
    const own = await call(admin, 'POST', url(tesseraId), { ...physicalTypology('CAT-OTHER-1'), companyId: otherId });
    expect(own.statusCode).toBe(201);
    const variable = await call(admin, 'POST', url(tesseraId), {
      name: 'Open value',
      type: 'DIGITAL',
      variableValue: true,
      sku: 'CAT-VAR-1',
      expirationType: 'FIXED_DATE',
      expirationDate: '2099-12-31',
    });
    expect(variable.json()).toMatchObject({ valueCents: null, variableValue: true, expirationDate: '2099-12-31', expirationMonths: null });

    const acmeList = await call(operator, 'GET', url(acmeId, `?filter=${q({ q: 'CAT-' })}`));
    expect(acmeList.statusCode).toBe(200);
    const skus = acmeList.json().map((x: { sku: string }) => x.sku);
    expect(skus).toEqual(['CAT-VAR-1', 'CAT-PROV-1']);
    expect(acmeList.headers['content-range']).toBe('typologies 0-1/2');
    // OTHER's own product is not Acme's to see, even by id
    expect((await call(operator, 'GET', url(acmeId, `/${own.json().id}`))).statusCode).toBe(404);
    expect((await call(operator, 'GET', url(acmeId, `/${provider.json().id}`))).json()).toMatchObject({ sku: 'CAT-PROV-1' });
    // react-admin's getMany: by ids, still only what the subtree sees
    const many = await call(operator, 'GET', url(acmeId, `?filter=${q({ id: [provider.json().id, own.json().id] })}`));
    expect(many.json().map((x: { sku: string }) => x.sku)).toEqual(['CAT-PROV-1']);
    expect((await call(operator, 'GET', url(acmeId, `?filter=${q({ id: ['nope'] })}`))).json().errors).toEqual({ 'id.0': 'validation.invalid' });
    const digital = await call(admin, 'GET', url(tesseraId, `?filter=${q({ type: 'DIGITAL', q: 'CAT-' })}&sort=${q(['sku', 'DESC'])}`));
    expect(digital.json().map((x: { sku: string }) => x.sku)).toEqual(['CAT-VAR-1']);
  });

  it('answers 400 with field errors for bad input, saving nothing', async () => {
    const before = await count();
    const cases: Array<[object, Record<string, string>]> = [
      [{}, { name: 'validation.required', type: 'validation.required', sku: 'validation.required', expirationType: 'validation.required' }],
      [{ ...physicalTypology('CAT-BAD-1'), valueCents: 0 }, { valueCents: 'validation.amount' }],
      [{ ...physicalTypology('CAT-BAD-2'), valueCents: undefined }, { valueCents: 'validation.required' }],
      [{ ...physicalTypology('CAT-BAD-3'), variableValue: true }, { valueCents: 'validation.invalid' }],
      [{ ...physicalTypology('CAT-BAD-4'), expirationMonths: undefined }, { expirationMonths: 'validation.required' }],
      [{ ...physicalTypology('CAT-BAD-5'), expirationType: 'FIXED_DATE' }, { expirationDate: 'validation.required', expirationMonths: 'validation.invalid' }],
      [{ ...physicalTypology('bad sku!') }, { sku: 'validation.invalid' }],
      [{ ...physicalTypology('CAT-BAD-6'), type: 'PHISICAL_SHIPMENT' }, { type: 'validation.invalid' }],
      [{ ...physicalTypology('CAT-BAD-7'), companyId: otherId, extra: 1 }, { extra: 'validation.invalid' }],
    ];
    for (const [body, errors] of cases) {
      const res = await call(admin, 'POST', url(tesseraId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    // a company outside the route's subtree is not a valid owner
    const acmeStaff = await call(admin, 'POST', url(acmeId), { ...physicalTypology('CAT-BAD-8'), companyId: otherId });
    expect(acmeStaff.json().errors).toEqual({ companyId: 'validation.invalid' });
    const dup = await call(admin, 'POST', url(tesseraId), physicalTypology('CAT-PROV-1'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: { message: 'DUPLICATE_CODE' }, errors: { sku: 'validation.duplicateCode' } });
    expect(await count()).toBe(before);
  });

  it('edits a typology; type and variable value are fixed once it has cards', async () => {
    const created = (await call(admin, 'POST', url(tesseraId), physicalTypology('CAT-EDIT-1'))).json();
    const renamed = await call(admin, 'PUT', url(tesseraId, `/${created.id}`), { ...physicalTypology('CAT-EDIT-1'), name: 'Renamed', valueCents: 3000, type: 'DIGITAL' });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', valueCents: 3000, type: 'DIGITAL' });
    await addCard(t.db.db, { companyId: acmeId, typologyId: created.id, status: 'NOT_ACTIVE' });
    const typeChange = await call(admin, 'PUT', url(tesseraId, `/${created.id}`), { ...physicalTypology('CAT-EDIT-1'), name: 'Renamed' });
    expect(typeChange.statusCode).toBe(409);
    expect(typeChange.json().error.message).toBe('TYPOLOGY_IN_USE');
    const valueChange = await call(admin, 'PUT', url(tesseraId, `/${created.id}`), { ...physicalTypology('CAT-EDIT-1'), type: 'DIGITAL', valueCents: 3500, name: 'Again' });
    expect(valueChange.json()).toMatchObject({ name: 'Again', valueCents: 3500 });
    expect((await call(admin, 'PUT', url(tesseraId, '/7a1d6a3c-0000-4000-8000-000000000000'), physicalTypology('CAT-X'))).statusCode).toBe(404);
  });

  it('403 without the flag or outside provider staff, 404 across companies', async () => {
    const body = physicalTypology('CAT-DENIED');
    expect((await call(operator, 'POST', url(acmeId), body)).statusCode).toBe(403);
    // the batches flag alone does not make a customer provider staff
    expect((await call(acmeBatches, 'POST', url(acmeId), body)).statusCode).toBe(403);
    expect((await call(acmeBatches, 'GET', url(acmeId))).statusCode).toBe(200);
    const noAccess = (await login(t.app, 'noaccess@acme.test')).accessToken;
    expect((await call(noAccess, 'GET', url(acmeId))).statusCode).toBe(403);
    expect((await call(operator, 'GET', url(otherId))).statusCode).toBe(404);
    expect((await call(operator, 'GET', url(tesseraId))).statusCode).toBe(404);
    expect(await queryRows(t.db.db, sql`SELECT 1 FROM card_typologies WHERE sku = 'CAT-DENIED'`)).toHaveLength(0);
  });
});
