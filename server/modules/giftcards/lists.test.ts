import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { addStore, caller, companyIdOf, q } from '../../test/builders';
import { addCard, addTypology } from '../../test/support/giftcards';

describe.each(DRIVERS)('gift-card lists, detail, search and export (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let operator: string;
  let acmeId: string;
  let nordId: string;
  let storeId: string;
  const cards: Record<string, { id: string; code: string }> = {};
  const url = (path: string) => `/api/company/${acmeId}/giftcard${path}`;
  const codes = (res: { json(): unknown }) => (res.json() as Array<{ code: string }>).map((c) => c.code);

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { GIFT_CARD_SEARCH_MAX_PER_MINUTE: '5' } });
    call = caller(t.app);
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    storeId = await addStore(t.db.db, acmeId, 'ACME-S1', true);
    const typologyId = await addTypology(t.db.db);
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    const specs = {
      active: { status: 'ACTIVE', progressive: 10, lotNumber: 'L1', activationDate: day('2026-01-10'), expireDate: day('2099-01-01'), storeId },
      sold: { status: 'SOLD', progressive: 11, lotNumber: 'L1', activationDate: day('2026-02-10'), expireDate: day('2099-02-01') },
      notSold: { status: 'NOT_ACTIVE', progressive: 12, lotNumber: 'L2', orderReference: 'ORD-9' },
      draft: { status: 'NOT_ACTIVE', progressive: 13, lotNumber: 'L2', orderReference: null },
      disabled: { status: 'DISABLED', progressive: 14, activationDate: day('2026-03-10') },
      locked: { status: 'LOCKED', progressive: 15, activationDate: day('2026-03-11') },
      expired: { status: 'EXPIRED', progressive: 16, expireDate: day('2025-01-01') },
      lapsed: { status: 'ACTIVE', progressive: 17, expireDate: day('2025-06-01') },
    } as const;
    for (const [name, spec] of Object.entries(specs)) cards[name] = await addCard(t.db.db, { companyId: acmeId, typologyId, ...spec });
    cards.nord = await addCard(t.db.db, { companyId: nordId, typologyId, progressive: 18, orderReference: 'ORD-FORMULA' });
    await t.db.db.execute(`UPDATE gift_cards SET lot_number = '=HYPERLINK("x")' WHERE id = '${cards.nord.id}'`);
  });
  afterAll(() => t.close());

  it.each([
    ['all', ['active', 'sold', 'notSold', 'draft', 'disabled', 'locked', 'expired', 'lapsed', 'nord']],
    ['active', ['active', 'nord']],
    ['sold', ['sold']],
    ['notSold', ['notSold', 'draft']],
    ['draft', ['draft']],
    ['disabled', ['disabled']],
    ['locked', ['locked']],
    ['blocking', ['disabled', 'locked']],
    ['expired', ['expired', 'lapsed']],
  ])('filters by status %s', async (status, expected) => {
    const res = await call(operator, 'GET', url(`/cards?filter=${q({ status })}`));
    expect(res.statusCode).toBe(200);
    expect(codes(res)).toEqual(expected.map((name) => cards[name].code));
  });

  it('filters by code, progressive range, lot, order reference, store and date ranges', async () => {
    const cases: Array<[object, string[]]> = [
      [{ code: cards.sold.code }, ['sold']],
      [{ code: cards.sold.code.slice(0, 12).toLowerCase() }, ['sold']],
      [{ code: 'x!' }, []],
      [{ progressiveFrom: 11, progressiveTo: '13' }, ['sold', 'notSold', 'draft']],
      [{ lotNumber: 'L2' }, ['notSold', 'draft']],
      [{ orderReference: 'ORD-9' }, ['notSold']],
      [{ storeId }, ['active']],
      [{ activationFrom: '2026-02-01', activationTo: '2026-03-10' }, ['sold', 'disabled']],
      [{ expiryFrom: '2099-01-01', expiryTo: '2099-01-01' }, ['active']],
      [{ expiryTo: '2025-12-31' }, ['expired', 'lapsed']],
    ];
    for (const [filter, expected] of cases) {
      const res = await call(operator, 'GET', url(`/cards?filter=${q(filter)}`));
      expect(codes(res), JSON.stringify(filter)).toEqual(expected.map((name) => cards[name].code));
    }
  });

  it('pages with range and sort, Content-Range exact on the last page and * before it', async () => {
    const first = await call(operator, 'GET', url(`/cards?range=${q([0, 3])}&sort=${q(['progressive', 'DESC'])}`));
    expect(codes(first)).toEqual(['nord', 'lapsed', 'expired', 'locked'].map((n) => cards[n].code));
    expect(first.headers['content-range']).toBe('cards 0-3/*');
    const last = await call(operator, 'GET', url(`/cards?range=${q([4, 9])}&sort=${q(['progressive', 'DESC'])}`));
    expect(last.json()).toHaveLength(5);
    expect(last.headers['content-range']).toBe('cards 4-8/9');
    const capped = await call(operator, 'GET', url(`/cards?range=${q([0, 10_000])}`));
    expect(capped.json()).toHaveLength(9);
  });

  it('answers a range past the end with no rows and the real total (cards */9), not its offset', async () => {
    const past = await call(operator, 'GET', url(`/cards?range=${q([9_999_000, 9_999_024])}`));
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(past.headers['content-range']).toBe('cards */9');
    // just past the last row, and with a filter: the filtered set's total
    expect((await call(operator, 'GET', url(`/cards?range=${q([9, 12])}`))).headers['content-range']).toBe('cards */9');
    const filtered = await call(operator, 'GET', url(`/cards?range=${q([50, 74])}&filter=${q({ code: cards.nord.code })}`));
    expect(filtered.json()).toEqual([]);
    expect(filtered.headers['content-range']).toBe('cards */1');
    // the first page of nothing stays a plain empty range
    expect((await call(operator, 'GET', url(`/cards?range=${q([0, 24])}&filter=${q({ code: 'NO-SUCH-CODE' })}`))).headers['content-range']).toBe('cards 0-0/0');
  });

  it('refuses bad list parameters with field errors', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      [`filter=${q({ activationFrom: '2026-03-01', activationTo: '2026-02-01' })}`, { activationTo: 'validation.dateRange' }],
      [`filter=${q({ progressiveFrom: 9, progressiveTo: 2 })}`, { progressiveTo: 'validation.progressiveRange' }],
      [`filter=${q({ status: 'gone' })}`, { status: 'validation.invalid' }],
      [`filter=${q({ progressiveFrom: -1 })}`, { progressiveFrom: 'validation.invalid' }],
      [`filter=${q({ storeId: 'nope' })}`, { storeId: 'validation.invalid' }],
      [`filter=${q({ expiryFrom: '2026-13-45' })}`, { expiryFrom: 'validation.invalid' }],
      ['filter=%7Bnot-json', { filter: 'validation.invalid' }],
      [`sort=${q(['balanceCents', 'ASC'])}`, { sort: 'validation.invalid' }],
      [`range=${q([5, 1])}`, { range: 'validation.invalid' }],
      [`range=${q([-1, 5])}`, { range: 'validation.invalid' }],
    ];
    for (const [query, errors] of cases) {
      const res = await call(operator, 'GET', url(`/cards?${query}`));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
  });

  it('answers a card with its fields and its transactions', async () => {
    const res = await call(operator, 'GET', url(`/cards/${cards.active.id}`));
    expect(res.json()).toMatchObject({
      id: cards.active.id,
      code: cards.active.code,
      progressive: 10,
      lotNumber: 'L1',
      orderReference: 'ORD-1',
      companyName: 'Acme S.p.A.',
      status: 'ACTIVE',
      balanceCents: 5000,
      availableBalanceCents: 5000,
      activationDate: '2026-01-10T12:00:00.000Z',
      storeName: 'Store ACME-S1',
    });
    const tx = await call(operator, 'GET', url(`/cards/${cards.active.id}/transactions`));
    expect(tx.json()).toMatchObject([{ type: 'ACTIVATE', amountCents: 5000, balanceAfterCents: 5000, cardCode: cards.active.code }]);
    expect(tx.headers['content-range']).toBe('transactions 0-0/1');
    expect((await call(operator, 'GET', url('/cards/00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
  });

  it('lists transactions with type, date, store and card filters', async () => {
    const all = await call(operator, 'GET', url('/transactions'));
    expect(all.json().length).toBeGreaterThanOrEqual(7);
    const sold = await call(operator, 'GET', url(`/transactions?filter=${q({ type: 'sold' })}`));
    expect(sold.json()).toEqual([]);
    const byCard = await call(operator, 'GET', url(`/transactions?filter=${q({ cardId: cards.sold.id, dateFrom: '2020-01-01', dateTo: '2099-01-01' })}`));
    expect(byCard.json()).toHaveLength(1);
    const future = await call(operator, 'GET', url(`/transactions?filter=${q({ dateFrom: '2099-01-01' })}`));
    expect(future.json()).toEqual([]);
    const bad = await call(operator, 'GET', url(`/transactions?filter=${q({ type: 'ACTIVATE' })}`));
    expect(bad.json().errors).toEqual({ type: 'validation.invalid' });
    const order = await call(operator, 'GET', url(`/transactions?filter=${q({ dateFrom: '2026-02-01', dateTo: '2026-01-01' })}`));
    expect(order.json().errors).toEqual({ dateTo: 'validation.dateRange' });
  });

  it('exports the filtered list as a formula-safe CSV attachment (language and zone: count-export.test.ts)', async () => {
    const res = await call(operator, 'GET', url(`/cards/export?filter=${q({ progressiveFrom: 17 })}&lang=en&tz=UTC`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="giftcards.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${cards.lapsed.code},17,,ORD-1,`);
    expect(lines[1]).toContain(',Expired,50.00,0.00,50.00,');
    expect(lines[2]).toContain(`${cards.nord.code},18,"'=HYPERLINK(""x"")",`);
    const bad = await call(operator, 'GET', url(`/cards/export?filter=${q({ nope: 1 })}`));
    expect(bad.statusCode).toBe(400);
  });

  it('lists typologies of the provider catalog', async () => {
    const res = await call(operator, 'GET', url('/typologies'));
    expect(res.json()).toMatchObject([{ type: 'PHYSICAL', valueCents: 5000, variableValue: false, expirationType: 'MONTHS_FROM_ACTIVATION', expirationMonths: 12 }]);
  });

  it('rate-limits search by code per user and address', async () => {
    const logStart = t.rawLogs.length;
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await call(operator, 'GET', url(`/cards/search?code=${cards.sold.code}`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // the limit's headers on every answer, as on the other limited routes; the wait on a refusal
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0', '0', '0']);
    expect(answers[0].headers['x-ratelimit-limit']).toBe('5');
    expect(Number(answers[5].headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[4].headers['retry-after']).toBeUndefined();
    // a card code is a bearer secret: the request log must not carry it
    expect(t.rawLogs.slice(logStart).join('')).not.toContain(cards.sold.code);
    const limited = await call(operator, 'GET', url('/cards/search?code=ABCDEFGHJKMNPQRS'));
    expect(limited.json().error.message).toBe('RATE_LIMITED');
    const empty = await call((await login(t.app, 'admin@tessera.test')).accessToken, 'GET', url('/cards/search?code='));
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a mistyped code of the checked format before looking it up, and still finds older codes', async () => {
    const admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    const code = cards.active.code;
    expect(code).toHaveLength(17);
    const typo = code.slice(0, 5) + (code[5] === 'A' ? 'B' : 'A') + code.slice(6);
    const refused = await call(admin, 'GET', url(`/cards/search?code=${typo}`));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { message: 'VALIDATION_ERROR' }, errors: { code: 'validation.cardCode' } });
    const grouped = await call(admin, 'GET', url(`/cards/search?code=${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8).toLowerCase()}`));
    expect(grouped.json()).toMatchObject({ id: cards.active.id });
    await t.db.db.execute(`UPDATE gift_cards SET code = 'ABCDEFGHJKMNPQRS' WHERE id = '${cards.draft.id}'`);
    const legacy = await call(admin, 'GET', url('/cards/search?code=ABCDEFGHJKMNPQRS'));
    expect(legacy.json()).toMatchObject({ id: cards.draft.id });
    const byPrefix = await call(admin, 'GET', url(`/cards?filter=${q({ code: code.slice(0, 16) })}`));
    expect(codes(byPrefix)).toEqual([code]);
  });
});
