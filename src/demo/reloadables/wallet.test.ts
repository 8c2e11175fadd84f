import { describe, expect, it } from 'vitest';
import type { Wallet, WalletMovement } from '../../../domain/reloadables';
import { reloadablesOf } from './seed';
import { key, LIST, refusal, reloadableDemo, textOf } from './test-support';

type Demo = Awaited<ReturnType<typeof reloadableDemo>>;

/** The money invariants of ledger.ts: a wallet's balance is the sum of its movements, each movement's balance after chains; a card's balance is the sum of its reloads. */
function expectLedgersBalance(demo: Demo) {
  const store = reloadablesOf(demo.db);
  for (const [companyId, wallet] of store.wallets) {
    const movements = store.movements.filter((m) => m.companyId === companyId).sort((a, b) => a.seq - b.seq);
    let running = 0;
    for (const m of movements) {
      running += m.amountCents;
      expect(m.balanceAfterCents).toBe(running);
    }
    expect(wallet.balanceCents).toBe(running);
    expect(wallet.reservedCents).toBeGreaterThanOrEqual(0);
    expect(wallet.reservedCents).toBeLessThanOrEqual(wallet.balanceCents);
  }
  for (const card of store.cards) {
    const reloads = store.events.filter((e) => e.cardId === card.id && e.type === 'RELOAD');
    expect(card.balanceCents).toBe(reloads.reduce((sum, e) => sum + e.amountCents!, 0));
  }
}

describe('demo wallets (plafond)', () => {
  it('Acme (a parent) holds 20,000.00 €, Acme Nord 300.00 € received by transfer; the accounts sign in to their companies', async () => {
    const demo = await reloadableDemo('referent@acme.test');
    const acme = demo.companyId('ACME');
    const nord = demo.companyId('ACME-NORD');
    expect(demo.db.users.find((u) => u.email === 'referent@acme.test')!.companyId).toBe(acme);
    expect(demo.db.users.find((u) => u.email === 'operator@acme-nord.test')!.companyId).toBe(nord);
    expect(await demo.dp.getWallet()).toMatchObject({ companyId: acme, companyCode: 'ACME', balanceCents: 2_000_000, availableCents: 2_000_000, parentCompanyId: demo.companyId('TESSERA') });
    expect(await demo.dp.getWallet(nord)).toMatchObject({ companyId: nord, balanceCents: 30_000, parentCompanyId: acme });
    const subs = await demo.dp.getList<Wallet & { id: string }>('reloadables/walletSubCompanies', LIST);
    expect(subs.data.map((w) => [w.id, w.companyCode])).toEqual([[nord, 'ACME-NORD']]);
    const moved = await demo.dp.getList<WalletMovement>('reloadables/walletSubCompanies-movements', { ...LIST, filter: { subCompanyId: nord, reason: 'TRANSFER_IN' } });
    expect(moved.data).toMatchObject([{ type: 'WALLET_RELOAD', amountCents: 55_000, counterpartCompanyId: acme, counterpartCompanyName: 'Acme S.p.A.' }]);
    expectLedgersBalance(demo);
  });

  it('moves plafond parent → sub-company and back in one step; the giver must have it available', async () => {
    const demo = await reloadableDemo('referent@acme.test');
    const nord = demo.companyId('ACME-NORD');
    const k = key();
    const down = await demo.dp.transferWallet(nord, { amountCents: 100_000, note: 'Dicembre' }, k);
    expect(down.parent.balanceCents).toBe(1_900_000);
    expect(down.sub).toMatchObject({ balanceCents: 130_000, availableCents: 130_000 });
    expect(await demo.dp.transferWallet(nord, { amountCents: 100_000, note: 'Dicembre' }, k)).toEqual(down);
    const up = await demo.dp.transferWallet(nord, { amountCents: 30_000, direction: 'FROM_SUB' }, key());
    expect([up.parent.balanceCents, up.sub.balanceCents]).toEqual([1_930_000, 100_000]);
    expect(await refusal(demo.dp.transferWallet(nord, { amountCents: 100_001, direction: 'FROM_SUB' }, key()))).toMatchObject({ status: 409, code: 'WALLET_INSUFFICIENT', params: { shortfallCents: 1 } });
    expect(await refusal(demo.dp.transferWallet(nord, { amountCents: 0 }, key()))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', errors: { amountCents: 'validation.amount' } });
    expect(await refusal(demo.dp.transferWallet(demo.companyId('ACME'), { amountCents: 100 }, key()))).toMatchObject({ status: 400, code: 'NOT_A_SUB_COMPANY' });
    expect(await refusal(demo.dp.transferWallet(demo.companyId('TESSERA'), { amountCents: 100 }, key()))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const mine = (await demo.dp.getList<WalletMovement>('reloadables/wallet', LIST)).data;
    expect(mine.slice(0, 2)).toMatchObject([
      { reason: 'TRANSFER_IN', amountCents: 30_000, balanceAfterCents: 1_930_000, counterpartCompanyId: nord },
      { reason: 'TRANSFER_OUT', amountCents: -100_000, balanceAfterCents: 1_900_000, note: 'Dicembre', userName: 'Rita Referente' },
    ]);
    expectLedgersBalance(demo);
  });

  it("sub-company wallets need the parent flag; funding is provider staff's only", async () => {
    const demo = await reloadableDemo();
    const nord = demo.companyId('ACME-NORD');
    expect(await refusal(demo.dp.getList('reloadables/walletSubCompanies', LIST))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await refusal(demo.dp.getWallet(demo.companyId('ACME')))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await refusal(demo.dp.fundWallet({ amountCents: 1_000 }, key()))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await demo.switchTo('referent@acme.test');
    expect(await refusal(demo.dp.fundWallet({ amountCents: 1_000 }, key()))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await demo.switchTo('operator@acme.test');
    expect(await refusal(demo.dp.getWallet())).toMatchObject({ status: 403, code: 'FORBIDDEN' });

    await demo.switchTo('admin@tessera.test');
    demo.view('ACME-NORD');
    const k = key();
    const funded = await demo.dp.fundWallet({ amountCents: 50_000, note: 'Top-up' }, k);
    expect(funded).toMatchObject({ companyId: nord, balanceCents: 80_000 });
    expect(funded.lastReloadAt).not.toBeNull();
    expect(await demo.dp.fundWallet({ amountCents: 50_000, note: 'Top-up' }, k)).toEqual(funded);
    expect((await demo.dp.getWallet()).balanceCents).toBe(80_000);
    expect((await demo.dp.getList<WalletMovement>('reloadables/wallet', { ...LIST, filter: { reason: 'FUNDING' } })).data).toMatchObject([{ amountCents: 50_000, userName: 'Anna Admin' }]);
    expectLedgersBalance(demo);
  });

  it("keeps every wallet's balance the sum of its movements through reloads, plans, deletions and transfers", async () => {
    const demo = await reloadableDemo('referent@acme.test');
    const nord = demo.companyId('ACME-NORD');
    const card = await demo.card('5350000000010007');
    await demo.dp.reloadReloadableCard(card.id, 12_345, key());
    const planned = await demo.dp.createReloads({ source: 'MANUAL', scheduledAt: new Date(Date.now() + 3_600_000).toISOString(), rows: [{ cardId: card.id, amountCents: 5_000 }] }, key());
    await demo.dp.transferWallet(nord, { amountCents: 7_000 }, key());
    expect(await demo.dp.getWallet()).toMatchObject({ balanceCents: 2_000_000 - 12_345 - 7_000, reservedCents: 5_000 });
    expectLedgersBalance(demo);
    await demo.dp.deleteReloadRun(planned.id);
    expect((await demo.dp.getWallet()).reservedCents).toBe(0);
    expectLedgersBalance(demo);
  });

  it('exports the movements as CSV in the language of the user (it: ";" and decimal comma)', async () => {
    const demo = await reloadableDemo();
    const csv = await textOf(await demo.dp.exportWalletMovements({}, { language: 'it', timeZone: 'Europe/Rome' }));
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Data;Tipo;Causale;Importo;Saldo dopo;Controparte;Carta;Lotto;Nota;Utente');
    expect(lines).toHaveLength(12);
    expect(lines[1]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d;Ricarica carta;Ricarica carta;-25,00;300,00;;5350000000000210;RL-\d{6};;Nico Nord$/);
    expect(lines[11]).toContain(';Trasferimento;Trasferimento in entrata;550,00;550,00;Acme S.p.A.;');
    const en = await textOf(await demo.dp.exportWalletMovements({ type: 'WALLET_RELOAD' }, { language: 'en', timeZone: 'UTC' }));
    expect(en.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(2);
  });

  it('saves the notification settings; a company that never saved them gets the defaults', async () => {
    const demo = await reloadableDemo();
    expect(await demo.dp.getNotificationSettings()).toMatchObject({ recipients: ['operator@acme-nord.test'], lowBalanceEnabled: true, lowBalanceThresholdCents: 10_000 });
    const body = { recipients: ['ops@acme-nord.test'], lowBalanceEnabled: true, lowBalanceThresholdCents: 5_000, runCompletedEnabled: false, runFailedEnabled: true, monthlyStatementEnabled: false };
    const saved = await demo.dp.saveNotificationSettings(body);
    expect(saved).toMatchObject({ ...body, companyId: demo.companyId('ACME-NORD') });
    expect(await demo.dp.getNotificationSettings()).toEqual(saved);
    expect(await refusal(demo.dp.saveNotificationSettings({ ...body, recipients: ['not-an-address'] }))).toMatchObject({ status: 400, errors: { 'recipients.0': 'validation.invalid' } });
    await demo.switchTo('referent@acme.test');
    expect(await demo.dp.getNotificationSettings()).toMatchObject({ companyId: demo.companyId('ACME'), recipients: [], lowBalanceEnabled: false, updatedAt: null });
  });
});
