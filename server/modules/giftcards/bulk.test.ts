import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { addCompany, addStore, caller, companyIdOf } from '../../test/builders';
import { addCard, addTypology, ledgerCheck } from '../../test/support/giftcards';

describe.each(DRIVERS)('gift-card bulk actions (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let operator: string;
  let acmeId: string;
  let otherId: string;
  let typologyId: string;
  let storeId: string;
  const bulk = (body: unknown) => call(operator, 'POST', `/api/company/${acmeId}/giftcard/cards/bulk`, body);
  const get = async (id: string) => (await call(operator, 'GET', `/api/company/${acmeId}/giftcard/cards/${id}`)).json();

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    otherId = await addCompany(t.db.db, 'OTHER', await companyIdOf(t.db.db, 'TESSERA'));
    typologyId = await addTypology(t.db.db, { valueCents: 2500, expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 6 });
    storeId = await addStore(t.db.db, acmeId, 'ACME-DEF', true);
  });
  afterAll(() => t.close());

  it('activates selected cards and reports each failure with the card and its code', async () => {
    const fresh = await addCard(t.db.db, { companyId: acmeId, typologyId, status: 'NOT_ACTIVE' });
    const active = await addCard(t.db.db, { companyId: acmeId, typologyId, status: 'ACTIVE' });
    const foreign = await addCard(t.db.db, { companyId: otherId, typologyId, status: 'NOT_ACTIVE' });
    const res = await bulk({ action: 'activate', ids: [fresh.id, active.id, foreign.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      action: 'activate',
      total: 3,
      succeeded: 1,
      failed: expect.arrayContaining([
        { id: active.id, code: active.code, error: 'INVALID_TRANSITION' },
        { id: foreign.id, code: '', error: 'NOT_FOUND' },
      ]),
    });
    const card = await get(fresh.id);
    expect(card).toMatchObject({ status: 'ACTIVE', balanceCents: 2500, storeId, storeName: 'Store ACME-DEF' });
    const months = (new Date(card.expireDate).getTime() - new Date(card.activationDate).getTime()) / (30 * 86_400_000);
    expect(months).toBeGreaterThan(5.8);
    expect(months).toBeLessThan(6.2);
    expect(await ledgerCheck(t.db.db, fresh.id)).toMatchObject({ balance: 2500, sum: 2500 });
  });

  it('deactivates an unused card back to not sold (balance to zero) and activates it again; a used card is ALREADY_USED', async () => {
    const unused = await addCard(t.db.db, { companyId: acmeId, typologyId, balanceCents: 2500 });
    const used = await addCard(t.db.db, { companyId: acmeId, typologyId, balanceCents: 2500, everConsumed: true });
    const res = await bulk({ action: 'deactivate', ids: [unused.id, used.id] });
    expect(res.json()).toMatchObject({ total: 2, succeeded: 1, failed: [{ id: used.id, code: used.code, error: 'ALREADY_USED' }] });
    expect(await get(unused.id)).toMatchObject({ status: 'NOT_ACTIVE', balanceCents: 0, activationDate: null, expireDate: null });
    expect((await bulk({ action: 'activate', ids: [unused.id] })).json().succeeded).toBe(1);
    expect(await get(unused.id)).toMatchObject({ status: 'ACTIVE', balanceCents: 2500 });
    expect(await ledgerCheck(t.db.db, unused.id)).toMatchObject({ balance: 2500, sum: 2500 });
  });

  it('disables, locks and enables back to the state the card had', async () => {
    const sold = await addCard(t.db.db, { companyId: acmeId, typologyId, status: 'SOLD' });
    const active = await addCard(t.db.db, { companyId: acmeId, typologyId, status: 'ACTIVE' });
    expect((await bulk({ action: 'disable', ids: [sold.id] })).json().succeeded).toBe(1);
    expect((await bulk({ action: 'lock', ids: [active.id] })).json().succeeded).toBe(1);
    expect([(await get(sold.id)).status, (await get(active.id)).status]).toEqual(['DISABLED', 'LOCKED']);
    const again = await bulk({ action: 'disable', ids: [sold.id] });
    expect(again.json().failed).toEqual([{ id: sold.id, code: sold.code, error: 'INVALID_TRANSITION' }]);
    expect((await bulk({ action: 'enable', ids: [sold.id, active.id] })).json().succeeded).toBe(2);
    expect([(await get(sold.id)).status, (await get(active.id)).status]).toEqual(['SOLD', 'ACTIVE']);
  });

  it('reloads with a ledger row per card; a refused reload is an ERROR row', async () => {
    const ok = await addCard(t.db.db, { companyId: acmeId, typologyId, balanceCents: 1000 });
    const locked = await addCard(t.db.db, { companyId: acmeId, typologyId, status: 'LOCKED', balanceCents: 1000 });
    const res = await bulk({ action: 'reload', ids: [ok.id, locked.id], params: { amountCents: 500 } });
    expect(res.json()).toMatchObject({ succeeded: 1, failed: [{ id: locked.id, error: 'CARD_LOCKED' }] });
    expect(await ledgerCheck(t.db.db, ok.id)).toMatchObject({ balance: 1500, sum: 1500 });
    expect(await ledgerCheck(t.db.db, locked.id)).toMatchObject({ balance: 1000, sum: 1000, errors: 1 });
  });

  it('edits the expiry date of usable cards; not-active and expired cards are refused', async () => {
    const active = await addCard(t.db.db, { companyId: acmeId, typologyId });
    const fresh = await addCard(t.db.db, { companyId: acmeId, typologyId, status: 'NOT_ACTIVE' });
    const expired = await addCard(t.db.db, { companyId: acmeId, typologyId, status: 'EXPIRED' });
    const res = await bulk({ action: 'editExpiry', ids: [active.id, fresh.id, expired.id], params: { expireDate: '2099-12-31' } });
    expect(res.json()).toMatchObject({ succeeded: 1 });
    expect(res.json().failed.map((f: { error: string }) => f.error).sort()).toEqual(['CARD_EXPIRED', 'CARD_NOT_ACTIVE']);
    expect((await get(active.id)).expireDate).toBe('2099-12-31T23:59:59.999Z');
    const past = await bulk({ action: 'editExpiry', ids: [active.id], params: { expireDate: '2001-01-01' } });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ 'params.expireDate': 'validation.invalid' });
  });

  it('acts on the whole filtered set, inside the scope only', async () => {
    const lot = `LOT-${driver}`;
    const mine = [];
    for (let i = 0; i < 7; i++) mine.push(await addCard(t.db.db, { companyId: acmeId, typologyId, lotNumber: lot }));
    const foreign = await addCard(t.db.db, { companyId: otherId, typologyId, lotNumber: lot });
    const res = await bulk({ action: 'disable', filter: { lotNumber: lot } });
    expect(res.json()).toEqual({ action: 'disable', total: 7, succeeded: 7, failed: [] });
    const list = await call(operator, 'GET', `/api/company/${acmeId}/giftcard/cards?filter=${encodeURIComponent(JSON.stringify({ lotNumber: lot, status: 'blocking' }))}`);
    expect(list.json()).toHaveLength(7);
    expect(await ledgerCheck(t.db.db, foreign.id)).toMatchObject({ errors: 0 });
    const admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    const foreignCard = await call(admin, 'GET', `/api/company/${otherId}/giftcard/cards/${foreign.id}`);
    expect(foreignCard.json().status).toBe('ACTIVE');
  });

  it('refuses bad bulk bodies with field errors', async () => {
    const { id } = await addCard(t.db.db, { companyId: acmeId, typologyId });
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ action: 'explode', ids: [id] }, { action: 'validation.invalid' }],
      [{ action: 'disable' }, { ids: 'validation.required' }],
      [{ action: 'disable', ids: [id], filter: {} }, { ids: 'validation.invalid' }],
      [{ action: 'disable', ids: [] }, { ids: 'validation.required' }],
      [{ action: 'disable', ids: ['not-a-uuid'] }, { 'ids.0': 'validation.invalid' }],
      [{ action: 'reload', ids: [id] }, { 'params.amountCents': 'validation.required' }],
      [{ action: 'reload', ids: [id], params: { amountCents: 1.234 } }, { 'params.amountCents': 'validation.amount' }],
      [{ action: 'editExpiry', ids: [id], params: { expireDate: '31/12/2099' } }, { 'params.expireDate': 'validation.invalid' }],
      [{ action: 'disable', filter: { activationFrom: '2026-02-01', activationTo: '2026-01-01' } }, { 'filter.activationTo': 'validation.dateRange' }],
      [{ action: 'disable', ids: Array.from({ length: 5001 }, () => id) }, { ids: 'validation.maxCards?max=5000' }],
    ];
    for (const [body, errors] of cases) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    expect(await ledgerCheck(t.db.db, id)).toMatchObject({ balance: 5000, errors: 0 });
  });
});
