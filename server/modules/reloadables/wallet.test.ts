import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet, WalletMovement } from '../../../domain/reloadables';
import { createTestApp, type TestApp } from '../../test/app';
import { DRIVERS } from '../../test/db';
import { addCompany, caller, q } from '../../test/builders';
import { demoOf, reloadableUrl, walletLedger, type Demo } from '../../test/support/reloadables';

describe.each(DRIVERS)('reloadable wallet (%s)', (driver) => {
  let t: TestApp;
  let d: Demo;
  let call: ReturnType<typeof caller>;
  const url = reloadableUrl;

  beforeAll(async () => {
    t = await createTestApp(driver);
    d = await demoOf(t.app, t.db.db);
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const fund = (companyId: string, amountCents: number, headers: Record<string, string> = {}, token = d.admin) => call(token, 'POST', url(companyId, 'wallet/fund'), { amountCents }, headers);
  const transfer = (subId: string, body: Record<string, unknown>, token = d.referent, headers: Record<string, string> = {}) =>
    call(token, 'POST', url(d.acme, `wallet/sub-companies/${subId}/transfer`), body, headers);

  it('shows a never funded wallet as zeros, then provider funding moves it once per Idempotency-Key', async () => {
    const empty = await call(d.referent, 'GET', url(d.acme, 'wallet'));
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Wallet>()).toMatchObject({ companyId: d.acme, companyCode: 'ACME', balanceCents: 0, reservedCents: 0, availableCents: 0, lastReloadAt: null, parentCompanyId: d.tessera });

    const key = { 'idempotency-key': `fund-${driver}` };
    const first = await fund(d.acme, 500_000, key);
    const replay = await fund(d.acme, 500_000, key);
    expect(first.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(first.json<Wallet>()).toMatchObject({ balanceCents: 500_000, availableCents: 500_000 });
    expect(first.json<Wallet>().lastReloadAt).not.toBeNull();
    expect(await walletLedger(t.db.db, d.acme)).toMatchObject({ balance: 500_000, sum: 500_000, movements: 1 });
    const reused = await fund(d.acme, 1, key);
    expect(reused.statusCode).toBe(422);
  });

  it('lets only provider staff fund (PROVIDER_STAFF_ONLY even with the wallet flag), and refuses bad amounts with nothing moved', async () => {
    const before = await walletLedger(t.db.db, d.acme);
    const byReferent = await fund(d.acme, 1000, {}, d.referent);
    expect(byReferent.statusCode).toBe(403);
    expect(byReferent.json().error.message).toBe('PROVIDER_STAFF_ONLY');
    for (const body of [{ amountCents: 0 }, { amountCents: -100 }, { amountCents: 12.5 }, { amountCents: 100_000_001 }, { amountCents: 100, extra: 1 }, {}]) {
      const res = await call(d.admin, 'POST', url(d.acme, 'wallet/fund'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await walletLedger(t.db.db, d.acme)).toEqual(before);
  });

  it('answers 403 without the wallet flag and 404 outside the caller’s scope', async () => {
    expect((await call(d.noAccess, 'GET', url(d.acme, 'wallet'))).statusCode).toBe(403);
    expect((await call(d.nordOperator, 'GET', url(d.acme, 'wallet'))).statusCode).toBe(404);
    expect((await call(d.referent, 'GET', url(d.tessera, 'wallet/movements'))).statusCode).toBe(404);
    expect((await call(d.nordOperator, 'GET', url(d.nord, 'wallet'))).statusCode).toBe(200);
  });

  it('lists sub-company wallets (zeros when never funded) to a parent only', async () => {
    const deep = await addCompany(t.db.db, `NORD-EST-${driver}`, d.nord);
    const res = await call(d.referent, 'GET', url(d.acme, 'wallet/sub-companies'));
    expect(res.statusCode).toBe(200);
    const rows = res.json<Wallet[]>();
    expect(rows.map((w) => w.companyId).sort()).toEqual([d.nord, deep].sort());
    // each row is a record: its id (the company's) is what the list links by
    expect(rows.find((w) => w.companyId === deep)).toMatchObject({ id: deep, balanceCents: 0, availableCents: 0, parentCompanyId: d.nord });
    expect(res.headers['content-range']).toBe('sub-companies 0-1/2');
    expect((await call(d.referent, 'GET', `${url(d.acme, 'wallet/sub-companies')}?filter=${q({ q: 'nord-est' })}`)).json<Wallet[]>().map((w) => w.companyId)).toEqual([deep]);
    expect((await call(d.nordOperator, 'GET', url(d.nord, 'wallet/sub-companies'))).statusCode).toBe(403);
    expect((await call(d.referent, 'GET', url(d.acme, `wallet/sub-companies/${deep}`))).json<Wallet>().companyId).toBe(deep);
    const self = await call(d.referent, 'GET', url(d.acme, `wallet/sub-companies/${d.acme}`));
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('NOT_A_SUB_COMPANY');
    expect((await call(d.referent, 'GET', url(d.acme, `wallet/sub-companies/${d.tessera}`))).statusCode).toBe(404);
    expect((await call(d.referent, 'GET', url(d.acme, `wallet/sub-companies/${randomUUID()}/movements`))).statusCode).toBe(404);
  });

  it('moves plafond to a sub-company and back: two movements each time, balances equal to their ledgers', async () => {
    const down = await transfer(d.nord, { amountCents: 120_000, note: 'Q4' }, d.referent, { 'idempotency-key': `down-${driver}` });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ parent: { companyId: d.acme, balanceCents: 380_000 }, sub: { companyId: d.nord, balanceCents: 120_000 } });
    const again = await transfer(d.nord, { amountCents: 120_000, note: 'Q4' }, d.referent, { 'idempotency-key': `down-${driver}` });
    expect(again.json()).toEqual(down.json());
    const up = await transfer(d.nord, { amountCents: 20_000, direction: 'FROM_SUB' });
    expect(up.json()).toMatchObject({ parent: { balanceCents: 400_000 }, sub: { balanceCents: 100_000 } });

    const acme = await walletLedger(t.db.db, d.acme);
    const nord = await walletLedger(t.db.db, d.nord);
    expect(acme).toMatchObject({ balance: 400_000, sum: 400_000, movements: 3 });
    expect(nord).toMatchObject({ balance: 100_000, sum: 100_000, movements: 2 });
    expect(Math.min(acme.lowest!, nord.lowest!)).toBeGreaterThanOrEqual(0);

    const list = await call(d.referent, 'GET', `${url(d.acme, 'wallet/movements')}?range=${q([0, 1])}`);
    expect(list.headers['content-range']).toBe('movements 0-1/*');
    const [latest, previous] = list.json<WalletMovement[]>();
    expect(latest).toMatchObject({ type: 'WALLET_RELOAD', reason: 'TRANSFER_IN', amountCents: 20_000, balanceAfterCents: 400_000, counterpartCompanyId: d.nord, counterpartCompanyName: 'Acme Nord S.r.l.', userName: 'Rita Referente' });
    expect(previous).toMatchObject({ reason: 'TRANSFER_OUT', amountCents: -120_000, note: 'Q4' });
    // the list screens sort by date (insertion order): newest first, or oldest first
    const newest = await call(d.referent, 'GET', `${url(d.acme, 'wallet/movements')}?sort=${q(['createdAt', 'DESC'])}&range=${q([0, 1])}`);
    expect(newest.json<WalletMovement[]>().map((m) => m.id)).toEqual([latest.id, previous.id]);
    const oldest = await call(d.referent, 'GET', `${url(d.acme, 'wallet/movements')}?sort=${q(['createdAt', 'ASC'])}&range=${q([0, 0])}`);
    expect(oldest.json<WalletMovement[]>()[0]).toMatchObject({ reason: 'FUNDING' });
    const subMoves = await call(d.referent, 'GET', `${url(d.acme, `wallet/sub-companies/${d.nord}/movements`)}?filter=${q({ reason: 'TRANSFER_IN' })}`);
    expect(subMoves.json<WalletMovement[]>().map((m) => m.amountCents)).toEqual([120_000]);
    expect(subMoves.headers['content-range']).toBe('movements 0-0/1');
    // the amount's size, whatever its sign: the 1,200.00 € debit and the 200.00 € credit are within 150–1,500 €; a reversed range is refused on "to"
    const sized = await call(d.referent, 'GET', `${url(d.acme, 'wallet/movements')}?filter=${q({ amountFrom: 15_000, amountTo: 150_000 })}`);
    expect(sized.json<WalletMovement[]>().map((m) => m.amountCents)).toEqual([20_000, -120_000]);
    const reversed = await call(d.referent, 'GET', `${url(d.acme, 'wallet/movements')}?filter=${q({ amountFrom: 2, amountTo: 1 })}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ errors: { amountTo: 'validation.progressiveRange' } });
  });

  it('refuses a transfer the giver cannot cover (409 with the shortfall), to itself, outside the subtree, or without the parent flag', async () => {
    const before = [await walletLedger(t.db.db, d.acme), await walletLedger(t.db.db, d.nord)];
    const short = await transfer(d.nord, { amountCents: 100_050, direction: 'FROM_SUB' });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ error: { message: 'WALLET_INSUFFICIENT' }, params: { shortfallCents: 50 } });
    const self = await transfer(d.acme, { amountCents: 100 });
    expect(self.json().error.message).toBe('NOT_A_SUB_COMPANY');
    expect((await transfer(d.tessera, { amountCents: 100 })).statusCode).toBe(404);
    expect((await transfer(randomUUID(), { amountCents: 100 })).statusCode).toBe(404);
    expect((await call(d.nordOperator, 'POST', url(d.nord, `wallet/sub-companies/${d.nord}/transfer`), { amountCents: 100 })).statusCode).toBe(403);
    for (const body of [{ amountCents: 0 }, { amountCents: 1.5 }, { amountCents: 100, direction: 'SIDEWAYS' }, { amountCents: 100, unknown: true }]) {
      expect((await transfer(d.nord, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect([await walletLedger(t.db.db, d.acme), await walletLedger(t.db.db, d.nord)]).toEqual(before);
  });

  it('exports movements as CSV in the user’s language and zone, formula-safe', async () => {
    await transfer(d.nord, { amountCents: 1_050, note: '=HYPERLINK("x")' });
    const it_ = await call(d.referent, 'GET', `${url(d.acme, 'wallet/movements/export')}?lang=it&tz=Europe/Rome`);
    expect(it_.statusCode).toBe(200);
    expect(it_.headers['content-type']).toContain('text/csv');
    const lines = it_.body.split('\r\n');
    // the wallet page's own words: a transfer's type says transfer
    expect(lines[0]).toBe('\uFEFFData;Tipo;Causale;Importo;Saldo dopo;Controparte;Carta;Lotto;Nota;Utente');
    expect(lines).toHaveLength(5 + 1);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};Trasferimento;Trasferimento in uscita;-10,50;3989,50;Acme Nord S\.r\.l\.;;;"'=HYPERLINK\(""x""\)";Rita Referente$/);
    const en = await call(d.referent, 'GET', `${url(d.acme, 'wallet/movements/export')}?lang=en&tz=UTC&filter=${q({ reason: 'FUNDING' })}`);
    const enLines = en.body.split('\r\n');
    expect(enLines[0]).toBe('\uFEFFDate,Type,Reason,Amount,Balance after,Counterpart,Card,Run,Note,User');
    expect(enLines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2},Wallet reload,Funding,5000\.00,5000\.00,,,,,Anna Admin$/);
    expect(enLines).toHaveLength(3);
    const sub = await call(d.referent, 'GET', `${url(d.acme, `wallet/sub-companies/${d.nord}/movements/export`)}?lang=en`);
    expect(sub.body.split('\r\n').filter(Boolean)).toHaveLength(1 + 3);
    expect((await call(d.referent, 'GET', `${url(d.acme, 'wallet/movements/export')}?lang=pt`)).statusCode).toBe(400);
  });
});
