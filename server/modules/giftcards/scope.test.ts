import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionKey } from '../../../domain/permissions';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { addCompany, addStore, caller, companyIdOf, q, userWith } from '../../test/builders';
import { addCard, addTypology, ledgerCheck } from '../../test/support/giftcards';

describe.each(DRIVERS)('gift-card scope and permissions (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let admin: string;
  let operator: string;
  const ids: Record<string, string> = {};
  const cards: Record<string, { id: string; code: string }> = {};
  const txs: Record<string, string> = {};
  const url = (company: string, path: string) => `/api/company/${ids[company]}/giftcard${path}`;

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    for (const code of ['TESSERA', 'ACME', 'ACME-NORD']) ids[code] = await companyIdOf(t.db.db, code);
    ids.OTHER = await addCompany(t.db.db, 'OTHER', ids.TESSERA);
    const typologyId = await addTypology(t.db.db);
    for (const company of ['TESSERA', 'ACME', 'ACME-NORD', 'OTHER']) {
      await addStore(t.db.db, ids[company], `${company}-S`, true);
      cards[company] = await addCard(t.db.db, { companyId: ids[company], typologyId, balanceCents: 5000 });
      const [row] = await queryRows<{ id: string }>(t.db.db, sql`SELECT id FROM gift_card_transactions WHERE card_id = ${cards[company].id}`);
      txs[company] = row.id;
    }
    admin = (await login(t.app, 'admin@tessera.test')).accessToken;
    operator = (await login(t.app, 'operator@acme.test')).accessToken;
  });
  afterAll(() => t.close());

  it("shows Acme's operator its own and its sub-company's cards, never the provider's or another company's", async () => {
    const list = await call(operator, 'GET', url('ACME', '/cards'));
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { id: string }) => c.id).sort()).toEqual([cards.ACME.id, cards['ACME-NORD'].id].sort());
    const nord = await call(operator, 'GET', url('ACME-NORD', '/cards'));
    expect(nord.json().map((c: { id: string }) => c.id)).toEqual([cards['ACME-NORD'].id]);
    const tx = await call(operator, 'GET', url('ACME', '/transactions'));
    expect(tx.json().map((x: { id: string }) => x.id).sort()).toEqual([txs.ACME, txs['ACME-NORD']].sort());
  });

  it('answers 404 for a company outside the scope, on every route', async () => {
    for (const company of ['TESSERA', 'OTHER']) {
      for (const [method, path, body] of [
        ['GET', '/cards', undefined],
        ['GET', `/cards/${cards[company].id}`, undefined],
        ['GET', `/cards/${cards[company].id}/transactions`, undefined],
        ['GET', '/cards/export', undefined],
        ['GET', `/cards/search?code=${cards[company].code}`, undefined],
        ['POST', `/cards/${cards[company].id}/reload`, { amountCents: 100 }],
        ['POST', `/cards/${cards[company].id}/consume`, { amountCents: 100, storeCode: `${company}-S` }],
        ['POST', `/cards/${cards[company].id}/freeze`, { amountCents: 100, storeCode: `${company}-S` }],
        ['POST', '/cards/bulk', { action: 'disable', ids: [cards[company].id] }],
        ['GET', '/typologies', undefined],
        ['GET', '/transactions', undefined],
        ['POST', `/transactions/${txs[company]}/cancel`, {}],
        ['POST', `/transactions/${txs[company]}/unfreeze`, {}],
        ['POST', `/transactions/${txs[company]}/return`, { amountCents: 1, returnNumber: 'R', storeCode: `${company}-S` }],
      ] as const) {
        const res = await call(operator, method, url(company, path), body);
        expect(res.statusCode, `${method} ${company} ${path}`).toBe(404);
        expect(res.json().error.message).toBe('NOT_FOUND');
      }
    }
  });

  it("answers 404 for another company's card or transaction through Acme's own URL, and changes nothing", async () => {
    for (const company of ['TESSERA', 'OTHER']) {
      const { id } = cards[company];
      const responses = await Promise.all([
        call(operator, 'GET', url('ACME', `/cards/${id}`)),
        call(operator, 'GET', url('ACME', `/cards/${id}/transactions`)),
        call(operator, 'POST', url('ACME', `/cards/${id}/reload`), { amountCents: 100 }),
        call(operator, 'POST', url('ACME', `/cards/${id}/consume`), { amountCents: 100, storeCode: 'ACME-S' }),
        call(operator, 'POST', url('ACME', `/transactions/${txs[company]}/cancel`), {}),
        call(operator, 'POST', url('ACME', `/transactions/${txs[company]}/return`), { amountCents: 1, returnNumber: 'R', storeCode: 'ACME-S' }),
      ]);
      expect(responses.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      const bulk = await call(operator, 'POST', url('ACME', '/cards/bulk'), { action: 'disable', ids: [id] });
      expect(bulk.json()).toEqual({ action: 'disable', total: 1, succeeded: 0, failed: [{ id, code: '', error: 'NOT_FOUND' }] });
      expect(await ledgerCheck(t.db.db, id)).toEqual({ balance: 5000, frozen: 0, sum: 5000, frozenSum: 0, errors: 0 });
    }
  });

  it('answers the same 404 for an unknown code and for a code outside the scope', async () => {
    const outside = await call(operator, 'GET', url('ACME', `/cards/search?code=${cards.OTHER.code}`));
    const unknown = await call(operator, 'GET', url('ACME', '/cards/search?code=ABCDEFGHJKMNPQRS'));
    expect(outside.statusCode).toBe(404);
    expect(outside.body).toBe(unknown.body);
    const found = await call(operator, 'GET', url('ACME', `/cards/search?code=${cards['ACME-NORD'].code.toLowerCase()}`));
    expect(found.json().id).toBe(cards['ACME-NORD'].id);
  });

  it('never lets a companyId in a query or body widen the scope', async () => {
    const filtered = await call(operator, 'GET', url('ACME', `/cards?filter=${q({ companyId: ids.OTHER })}`));
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().errors).toEqual({ companyId: 'validation.invalid' });
    const body = await call(operator, 'POST', url('ACME', `/cards/${cards.ACME.id}/reload`), { amountCents: 100, companyId: ids.OTHER });
    expect(body.statusCode).toBe(400);
  });

  it('lets provider staff see every company, and only the subtree of the company in the URL', async () => {
    const all = await call(admin, 'GET', url('TESSERA', '/cards'));
    expect(all.json()).toHaveLength(4);
    const acme = await call(admin, 'GET', url('ACME', '/cards'));
    expect(acme.json()).toHaveLength(2);
    expect((await call(admin, 'GET', url('ACME', `/cards/${cards.OTHER.id}`))).statusCode).toBe(404);
  });

  const ROUTES: Array<[string, 'GET' | 'POST', string, unknown, PermissionKey[]]> = [
    ['list', 'GET', '/cards', undefined, ['privative.management.read']],
    ['detail', 'GET', '/cards/{card}', undefined, ['privative.management.read']],
    ['card transactions', 'GET', '/cards/{card}/transactions', undefined, ['privative.management.read']],
    ['export', 'GET', '/cards/export', undefined, ['privative.management.read']],
    ['reload', 'POST', '/cards/{card}/reload', { amountCents: 1 }, ['privative.management.read']],
    ['bulk', 'POST', '/cards/bulk', { action: 'enable', ids: ['{card}'] }, ['privative.management.read']],
    ['search', 'GET', '/cards/search?code={code}', undefined, ['privative.management.searchByCode']],
    ['consume', 'POST', '/cards/{card}/consume', { amountCents: 1, storeCode: 'ACME-S' }, ['privative.transactions']],
    ['freeze', 'POST', '/cards/{card}/freeze', { amountCents: 1, storeCode: 'ACME-S' }, ['privative.transactions']],
    ['transactions', 'GET', '/transactions', undefined, ['privative.transactions']],
    ['cancel', 'POST', '/transactions/{tx}/cancel', {}, ['privative.transactions']],
    ['unfreeze', 'POST', '/transactions/{tx}/unfreeze', {}, ['privative.transactions']],
    ['return', 'POST', '/transactions/{tx}/return', { amountCents: 1, returnNumber: 'R', storeCode: 'ACME-S' }, ['privative.transactions']],
    ['typologies', 'GET', '/typologies', undefined, ['privative.management.read', 'privative.orders']],
  ];
  const FLAGS: PermissionKey[] = ['privative.management.read', 'privative.management.searchByCode', 'privative.transactions', 'privative.orders', 'privative.stores'];

  it('checks each route against its permission flag (403 FORBIDDEN without it)', async () => {
    const tokens = new Map<PermissionKey, string>();
    for (const [i, flag] of FLAGS.entries()) tokens.set(flag, await userWith(t.app, t.db.db, `flag${i}-${driver}@acme.test`, ids.ACME, [flag]));
    for (const [name, method, path, body, allowed] of ROUTES) {
      for (const flag of FLAGS) {
        const fill = (s: string) => s.replace('{card}', cards.ACME.id).replace('{code}', cards.ACME.code).replace('{tx}', txs.ACME);
        const payload = body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body)));
        const res = await call(tokens.get(flag) as string, method, url('ACME', fill(path)), payload);
        if (allowed.includes(flag)) expect(res.statusCode, `${name} with ${flag}`).not.toBe(403);
        else {
          expect(res.statusCode, `${name} with ${flag}`).toBe(403);
          expect(res.json().error.message).toBe('FORBIDDEN');
        }
      }
    }
    const none = (await login(t.app, 'noaccess@acme.test')).accessToken;
    expect((await call(none, 'GET', url('ACME', '/cards'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url('ACME', '/cards') })).statusCode).toBe(401);
  });
});
