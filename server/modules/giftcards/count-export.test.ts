import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_COUNT_CAP } from '../../../domain/giftcards';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { cardCountSql, countCards } from './cards.repository';
import { addCompany, addStore, caller, companyIdOf, q, userWith } from '../../test/builders';
import { addCard, addTypology } from '../../test/support/giftcards';

describe.each(DRIVERS)('gift-card count and localized CSV export (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let operator: string;
  let acmeId: string;
  let nordId: string;
  const cards: Record<string, { id: string; code: string }> = {};
  const url = (path: string, company = acmeId) => `/api/company/${company}/giftcard${path}`;

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
    acmeId = await companyIdOf(t.db.db, 'ACME');
    nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    const storeId = await addStore(t.db.db, acmeId, 'ACME-CSV', true);
    await t.db.db.execute(sql`UPDATE stores SET name = 'Caffè € Centro' WHERE id = ${storeId}`);
    const typologyId = await addTypology(t.db.db);
    // winter (UTC+1) and summer (UTC+2) in Rome, and the night the clocks go forward
    cards.winter = await addCard(t.db.db, { companyId: acmeId, typologyId, status: 'ACTIVE', progressive: 5001, balanceCents: 123456, lotNumber: 'CSV', activationDate: new Date('2026-01-10T09:30:00Z'), expireDate: new Date('2099-01-10T22:59:00Z'), storeId });
    cards.summer = await addCard(t.db.db, { companyId: acmeId, typologyId, status: 'NOT_ACTIVE', progressive: 5002, lotNumber: 'CSV', activationDate: new Date('2026-07-10T09:30:00Z') });
    cards.dst = await addCard(t.db.db, { companyId: nordId, typologyId, status: 'LOCKED', progressive: 5003, lotNumber: 'CSV', activationDate: new Date('2026-03-29T01:00:00Z') });
  });
  afterAll(() => t.close());

  const exportOf = async (query: string) => {
    const res = await call(operator, 'GET', url(`/cards/export?filter=${q({ lotNumber: 'CSV' })}&${query}`));
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('counts the filtered set in the subtree: exact, and 0 for no match', async () => {
    const all = await call(operator, 'GET', url(`/cards/count?filter=${q({ lotNumber: 'CSV' })}`));
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ count: 3, capped: false });
    // the sub-company's own scope does not see the parent's cards
    const nord = await call(operator, 'GET', url(`/cards/count?filter=${q({ lotNumber: 'CSV' })}`, nordId));
    expect(nord.json()).toEqual({ count: 1, capped: false });
    const locked = await call(operator, 'GET', url(`/cards/count?filter=${q({ lotNumber: 'CSV', status: 'locked' })}`));
    expect(locked.json()).toEqual({ count: 1, capped: false });
    const none = await call(operator, 'GET', url(`/cards/count?filter=${q({ lotNumber: 'nothing' })}`));
    expect(none.json()).toEqual({ count: 0, capped: false });
  });

  it('refuses a bad filter, an unknown company and a user without the card list', async () => {
    const bad = await call(operator, 'GET', url(`/cards/count?filter=${q({ nope: 1 })}`));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ nope: 'validation.invalid' });
    const other = await addCompany(t.db.db, `OTHER-${driver}`, await companyIdOf(t.db.db, 'TESSERA'));
    expect((await call(operator, 'GET', url('/cards/count', other))).statusCode).toBe(404);
    const noCards = await userWith(t.app, t.db.db, `pos-${driver}@acme.test`, acmeId, ['privative.transactions']);
    expect((await call(noCards, 'GET', url('/cards/count'))).statusCode).toBe(403);
  });

  it('stops counting at the cap and says so', async () => {
    const capped = await countCards(t.db.db, [acmeId, nordId], { lotNumber: 'CSV' }, 2);
    expect(capped).toEqual({ count: 2, capped: true });
    expect(await countCards(t.db.db, [acmeId, nordId], { lotNumber: 'CSV' }, 3)).toEqual({ count: 3, capped: false });
    expect(CARD_COUNT_CAP).toBe(10_000);
  });

  it('exports in Italian: BOM, ";", Italian headers and statuses, decimal comma, Rome time with DST', async () => {
    const res = await exportOf('lang=it&tz=Europe%2FRome');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Codice;Progressivo;Lotto;Riferimento ordine;Tipologia;Azienda;Stato;Saldo;Congelato;Saldo disponibile;Data di attivazione;Data di scadenza;Primo utilizzo;Punto vendita;Creata il',
    );
    const [winter, summer, dst] = lines.slice(1, 4).map((line) => line.split(';'));
    expect(winter.slice(0, 3)).toEqual([cards.winter.code, '5001', 'CSV']);
    expect(winter.slice(6, 12)).toEqual(['Attiva', '1234,56', '0,00', '1234,56', '10/01/2026 10:30:00', '10/01/2099 23:59:00']);
    expect(winter[13]).toBe('Caffè € Centro');
    expect(summer[6]).toBe('Non attiva');
    expect(summer[10]).toBe('10/07/2026 11:30:00');
    // 01:00 UTC on 29 March 2026 is 03:00 in Rome: the clocks went forward at 02:00
    expect(dst[6]).toBe('Bloccata');
    expect(dst[10]).toBe('29/03/2026 03:00:00');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });

  it('exports in English: ",", English headers and statuses, decimal point, the given zone', async () => {
    const res = await exportOf('lang=en&tz=America%2FNew_York');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      'Code,Sequence number,Batch,Order reference,Product,Company,Status,Balance,Frozen,Available balance,Activation date,Expiry date,First use,Store,Created',
    );
    const winter = lines[1].split(',');
    expect(winter.slice(6, 11)).toEqual(['Active', '1234.56', '0.00', '1234.56', '10/01/2026 04:30:00']);
    expect(lines[3].split(',')[6]).toBe('Locked');
  });

  it('defaults to Italian in Rome time and refuses an unknown language or zone', async () => {
    const res = await exportOf('');
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[1]).toContain(';Attiva;1234,56;0,00;1234,56;10/01/2026 10:30:00;');
    // German: its own state word, `;` and the decimal comma
    const de = await exportOf('lang=de&tz=Europe%2FRome');
    expect(de.body.replace(/^\uFEFF/, '').split('\r\n')[1]).toContain(';Aktiv;1234,56;0,00;1234,56;10/01/2026 10:30:00;');
    const badLang = await call(operator, 'GET', url('/cards/export?lang=pt'));
    expect(badLang.statusCode).toBe(400);
    const badZone = await call(operator, 'GET', url('/cards/export?tz=Mars%2FOlympus'));
    expect(badZone.statusCode).toBe(400);
  });
});

describe.each(DRIVERS.filter((d) => d === 'postgres'))('the bounded count on a large company (%s)', (driver) => {
  let t: TestApp;
  let acmeId: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    acmeId = await companyIdOf(t.db.db, 'ACME');
    const typologyId = await addTypology(t.db.db);
    // 200,000 cards, 1 in 1,000 locked and 1 lot of 300: a company far bigger than the cap
    await t.db.db.execute(sql`
      INSERT INTO gift_cards (company_id, typology_id, code, progressive, lot_number, status, activation_date, expire_date)
      SELECT ${acmeId}::uuid, ${typologyId}::uuid, 'BXG' || translate(lpad(g::text, 13, '0'), '01', 'ZY'), 1000000 + g,
        CASE WHEN g <= 300 THEN 'LOT-RARE' ELSE 'LOT-' || (g / 5000)::text END,
        CASE WHEN g % 1000 = 7 THEN 'LOCKED' ELSE 'ACTIVE' END,
        now() - g * interval '1 minute', now() + interval '400 days'
      FROM generate_series(1, 200000) g`);
    await t.db.db.execute(sql`VACUUM ANALYZE gift_cards`);
  }, 120_000);
  afterAll(() => t.close());

  const plan = async (filter: object) =>
    (await queryRows<{ 'QUERY PLAN': string }>(t.db.db, sql`EXPLAIN ${cardCountSql([acmeId], filter, CARD_COUNT_CAP)}`)).map((r) => r['QUERY PLAN']).join('\n');

  it('caps at 10,000 on the whole company, and counts a rare status or lot exactly', async () => {
    expect(await countCards(t.db.db, [acmeId], {}, CARD_COUNT_CAP)).toEqual({ count: CARD_COUNT_CAP, capped: true });
    expect(await countCards(t.db.db, [acmeId], { status: 'locked' }, CARD_COUNT_CAP)).toEqual({ count: 200, capped: false });
    expect(await countCards(t.db.db, [acmeId], { lotNumber: 'LOT-RARE' }, CARD_COUNT_CAP)).toEqual({ count: 300, capped: false });
  });

  it('walks an index, never the whole table, for selective filters', async () => {
    for (const [filter, index] of [
      [{ status: 'locked' }, 'gift_cards_company_status_idx'],
      [{ lotNumber: 'LOT-RARE' }, 'gift_cards_company_lot_idx'],
      [{ code: 'BXGZZZZZZZZZZZZY' }, 'gift_cards_code_key'],
    ] as const) {
      const text = await plan(filter);
      expect(text, JSON.stringify(filter)).toContain(index);
      expect(text, JSON.stringify(filter)).not.toMatch(/Seq Scan on gift_cards/);
    }
    // no filter: whatever the plan, it stops after cap + 1 rows
    expect(await plan({})).toMatch(/Limit/);
  });
});
