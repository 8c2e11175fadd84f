import { describe, expect, it } from 'vitest';
import type { ReloadableCard, ReloadableUser, ReloadableUserDetail } from '../../../domain/reloadables';
import { key, LIST, refusal, reloadableDemo } from './test-support';

const CARD_PAGE = { pagination: { page: 1, perPage: 50 }, sort: { field: 'number', order: 'ASC' as const } };

describe('demo reloadable cards and cardholders', () => {
  it("lists the subtree's cards with the API filters and sorts; another company's card is 404", async () => {
    const demo = await reloadableDemo('referent@acme.test');
    const all = await demo.dp.getList<ReloadableCard>('reloadables/cards', { ...CARD_PAGE, filter: {} });
    expect(all.total).toBe(300);
    const acmeOnly = await demo.dp.getList<ReloadableCard>('reloadables/cards', { ...CARD_PAGE, filter: { companyId: demo.companyId('ACME') } });
    expect(acmeOnly.total).toBe(60);
    const byClient = await demo.dp.getList<ReloadableCard>('reloadables/cards', { ...CARD_PAGE, filter: { q: 'acme-nord-0042' } });
    expect(byClient.data.map((c) => c.number)).toEqual(['5350000000000042']);
    // Acme's wallet does not pay for Acme Nord's cards: reload is offered on Acme's own only
    expect(byClient.data[0].actions.reload).toBe(false);
    expect((await demo.card('5350000000010001')).actions.reload).toBe(true);
    const name = byClient.data[0].customerName!;
    const byName = await demo.dp.getList<ReloadableCard>('reloadables/cards', { ...CARD_PAGE, filter: { q: name.toUpperCase() } });
    expect(byName.data.every((c) => c.customerName === name)).toBe(true);
    expect(byName.data.map((c) => c.number)).toContain('5350000000000042');
    const newest = await demo.dp.getList<ReloadableCard>('reloadables/cards', { ...CARD_PAGE, sort: { field: 'lastReloadAt', order: 'DESC' }, filter: {} });
    expect(newest.data.slice(0, 10).every((c) => c.lastReloadAt !== null)).toBe(true);
    expect(await refusal(demo.dp.getList('reloadables/cards', { ...CARD_PAGE, sort: { field: 'balanceCents', order: 'ASC' }, filter: {} }))).toMatchObject({ status: 400, errors: { sort: 'validation.invalid' } });
    expect(await refusal(demo.dp.getList('reloadables/cards', { ...CARD_PAGE, filter: { status: 'FROZEN' } }))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });

    const acmeId = (await demo.card('5350000000010001')).id;
    await demo.switchTo('operator@acme-nord.test');
    expect(await refusal(demo.dp.getOne('reloadables/cards', { id: acmeId }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await refusal(demo.dp.lockReloadableCard(acmeId))).toMatchObject({ status: 404 });
  });

  it('shows the cardholders of the subtree, each with its cards', async () => {
    const demo = await reloadableDemo();
    const users = await demo.dp.getList<ReloadableUser>('reloadables/users', { ...LIST, sort: { field: 'lastName', order: 'ASC' } });
    expect(users.total).toBe(230);
    expect([...users.data].sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`))).toEqual(users.data);
    const one = users.data[0];
    expect(one.cardCount).toBe(1);
    const detail = (await demo.dp.getOne<ReloadableUserDetail>('reloadables/users', { id: one.id })).data;
    expect(detail.cards).toHaveLength(1);
    expect(detail.cards[0]).toMatchObject({ userId: one.id, customerName: `${one.firstName} ${one.lastName}`, clientId: one.clientId });
    const found = await demo.dp.getList<ReloadableUser>('reloadables/users', { ...LIST, filter: { q: one.email! } });
    expect(found.data.map((u) => u.id)).toEqual([one.id]);
  });

  it('links a card to a company of the subtree (history says from and to); its wallet is then the one that reloads it', async () => {
    const demo = await reloadableDemo('referent@acme.test');
    const nord = demo.companyId('ACME-NORD');
    const card = await demo.card('5350000000010002');
    expect(await refusal(demo.dp.linkReloadableCardCompany(card.id, demo.companyId('TESSERA')))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const moved = await demo.dp.linkReloadableCardCompany(card.id, nord);
    expect(moved).toMatchObject({ companyId: nord, companyName: 'Acme Nord S.r.l.' });
    const [event] = (await demo.dp.getList('reloadables/card-history', { ...LIST, filter: { cardId: card.id } })).data;
    expect(event).toMatchObject({ type: 'COMPANY_LINKED', detail: { from: demo.companyId('ACME'), to: nord, fromName: 'Acme S.p.A.', toName: 'Acme Nord S.r.l.' }, userName: 'Rita Referente' });
    // Acme's wallet reloads Acme's own cards only
    expect(await refusal(demo.dp.reloadReloadableCard(card.id, 1_000, key()))).toMatchObject({ status: 409, code: 'RELOAD_CARD_UNKNOWN' });
    await demo.switchTo('operator@acme-nord.test');
    expect((await demo.dp.reloadReloadableCard(card.id, 1_000, key())).card.balanceCents).toBe(1_000);
    expect((await demo.dp.getWallet()).balanceCents).toBe(29_000);
  });
});
