import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlannedReload, ReloadableCard, ReloadRun } from '../../../domain/reloadables';
import { key, LIST, refusal, reloadableDemo, textOf } from './test-support';

type Demo = Awaited<ReturnType<typeof reloadableDemo>>;
const NORD = (n: number) => `535000000000${String(n).padStart(4, '0')}`;
const ACME = (n: number) => `535000000001${String(n).padStart(4, '0')}`;
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('demo reloads (Acme Nord operator)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const rowsFor = async (demo: Demo, items: Array<[string, number]>) => Promise.all(items.map(async ([number, amountCents]) => ({ cardId: (await demo.card(number)).id, amountCents })));

  it("counts a card's plans not yet run against its monthly cap, as the API does", async () => {
    const demo = await reloadableDemo('referent@acme.test');
    await demo.dp.transferWallet(demo.companyId('ACME-NORD'), { amountCents: 500_000 }, key());
    await demo.switchTo('operator@acme-nord.test');
    const cardId = (await demo.card(NORD(50))).id;
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10, 12));
    await demo.dp.createReloads({ source: 'MANUAL', scheduledAt: nextMonth.toISOString(), rows: [{ cardId, amountCents: 200_000 }] }, key());
    const again = { source: 'MANUAL' as const, scheduledAt: new Date(nextMonth.getTime() + 3_600_000).toISOString(), rows: [{ cardId, amountCents: 60_000 }] };
    expect(await refusal(demo.dp.createReloads(again, key()))).toMatchObject({ status: 400, code: 'RELOAD_ROWS_INVALID', errors: { 'rows.1.card': 'errors.codes.RELOAD_MONTHLY_CAP' } });
    const monthAfter = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 10, 12)).toISOString();
    expect((await demo.dp.createReloads({ ...again, scheduledAt: monthAfter }, key())).state).toBe('IN_PROGRESS');
  });

  it("seeds the server's picture: 240 Acme Nord cards in every state, one completed run of 10 reloads, 300.00 € left", async () => {
    const demo = await reloadableDemo();
    const cards = (filter: object, page = 1) => demo.dp.getList<ReloadableCard>('reloadables/cards', { pagination: { page, perPage: 200 }, sort: { field: 'number', order: 'ASC' }, filter });
    expect((await cards({})).total).toBe(240);
    const count = async (status: string) => (await cards({ status })).total;
    expect(await Promise.all(['ACTIVE', 'LOCKED', 'NOT ACTIVE', 'FREEZED', 'DELETED'].map(count))).toEqual([230, 5, 3, 1, 1]);
    const last = (await cards({}, 2)).data;
    expect(last.map((c) => c.number)).toEqual(Array.from({ length: 40 }, (_, i) => NORD(201 + i)));
    expect(last.filter((c) => c.customerName === null).map((c) => c.number)).toEqual(Array.from({ length: 10 }, (_, i) => NORD(231 + i)));
    // Acme Nord has no sub-company: no other company to link a card to
    expect(last.find((c) => c.number === NORD(229))!.actions).toEqual({ lock: false, unlock: false, reload: false, linkCompany: false, clientId: true });
    const history = await demo.dp.getList<ReloadRun>('reloadables/reloads-history', LIST);
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ state: 'COMPLETED', rowCount: 10, creditedCount: 10, totalCents: 25_000 });
    const rows = await demo.dp.getList<PlannedReload>('reloadables/reload-rows', { ...LIST, filter: { runId: history.data[0].id } });
    expect(rows.data.map((r) => r.cardNumber)).toEqual(Array.from({ length: 10 }, (_, i) => NORD(201 + i)));
    expect(rows.data.every((r) => r.state === 'COMPLETED' && r.currentAmountCents === 2_500)).toBe(true);
    expect(await demo.dp.getWallet()).toMatchObject({ balanceCents: 30_000, reservedCents: 0, availableCents: 30_000 });
  });

  it('validates a selection and a CSV with the API rules, writing nothing', async () => {
    const demo = await reloadableDemo();
    const rows = await rowsFor(demo, [[NORD(1), 1_000], [NORD(221), 1_000], [NORD(226), 500], [NORD(1), 200]]);
    const report = await demo.dp.validateReloads({ rows });
    expect(report.rows.map((r) => r.cardNumber)).toEqual([NORD(1)]);
    expect(report.errors).toEqual([
      { row: 2, field: 'card', code: 'errors.codes.RELOAD_CARD_LOCKED' },
      { row: 3, field: 'card', code: 'errors.codes.RELOAD_CARD_NOT_ACTIVE' },
      { row: 4, field: 'card', code: 'errors.codes.RELOAD_CARD_DUPLICATE' },
    ]);
    expect(report).toMatchObject({ count: 1, totalCents: 1_000, availableCents: 30_000, shortfallCents: 0 });

    const csv = `cardNumber;amount\r\n${NORD(2)};250,00\r\n${NORD(3)};-1\r\n${ACME(1)};10\r\n${NORD(229)};10\r\n`;
    const file = await demo.dp.validateReloads({ file: { type: 'text/csv', name: 'reloads.csv', content: base64(csv) } });
    expect(file.rows).toEqual([expect.objectContaining({ row: 2, cardNumber: NORD(2), amountCents: 25_000 })]);
    expect(file.errors).toEqual([
      { row: 3, field: 'amount', code: 'validation.amountNegative' },
      // an Acme card is not Acme Nord's: its wallet reloads only its own cards
      { row: 4, field: 'card', code: 'errors.codes.RELOAD_CARD_UNKNOWN' },
      { row: 5, field: 'card', code: 'errors.codes.RELOAD_CARD_FROZEN' },
    ]);
    expect((await demo.dp.getList('reloadables/reloads', LIST)).total).toBe(1);
  });

  it('refuses a run all-or-nothing: a bad amount or a locked card (400 RELOAD_ROWS_INVALID by row), the shortfall (409)', async () => {
    const demo = await reloadableDemo();
    const [one] = await rowsFor(demo, [[NORD(1), 1_000]]);
    expect(await refusal(demo.dp.createReloads({ source: 'MANUAL', rows: [{ ...one, amountCents: 0 }] }, key()))).toMatchObject({ status: 400, code: 'RELOAD_ROWS_INVALID', errors: { 'rows.1.amount': 'validation.amount' } });
    expect(await refusal(demo.dp.createReloads({ source: 'MANUAL', rows: [one, { ...one, amountCents: 250_001, row: 7 }] }, key()))).toMatchObject({ status: 400, errors: { 'rows.7.amount': 'validation.amountMax?maxCents=250000' } });
    expect(await refusal(demo.dp.createReloads({ source: 'MANUAL', rows: [] }, key()))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', errors: { rows: 'validation.required' } });
    const locked = await rowsFor(demo, [[NORD(1), 1_000], [NORD(222), 1_000]]);
    expect(await refusal(demo.dp.createReloads({ source: 'MANUAL', rows: locked }, key()))).toMatchObject({
      status: 400,
      code: 'RELOAD_ROWS_INVALID',
      errors: { 'rows.2.card': 'errors.codes.RELOAD_CARD_LOCKED' },
    });
    const tooMuch = await rowsFor(demo, [[NORD(1), 20_000], [NORD(2), 20_000]]);
    const short = await refusal(demo.dp.createReloads({ source: 'MANUAL', rows: tooMuch }, key()));
    expect(short).toMatchObject({ status: 409, code: 'WALLET_INSUFFICIENT', params: { shortfallCents: 10_000 } });
    expect(short.message).toMatch(/100[.,]00/);
    expect(await demo.dp.getWallet()).toMatchObject({ balanceCents: 30_000, reservedCents: 0 });
    expect((await demo.card(NORD(1))).balanceCents).toBe(0);
    expect((await demo.dp.getList('reloadables/reloads', LIST)).total).toBe(1);
  });

  it('runs now: cards credited, one CARD_RELOAD movement each with the balance after; a replayed key answers the same run', async () => {
    const demo = await reloadableDemo();
    const rows = await rowsFor(demo, [[NORD(5), 4_000], [NORD(6), 6_000]]);
    const k = key();
    const run = await demo.dp.createReloads({ source: 'MANUAL', rows }, k);
    expect(run).toMatchObject({ state: 'COMPLETED', source: 'MANUAL', rowCount: 2, creditedCount: 2, creditedCents: 10_000, progress: { done: 2, total: 2 }, number: 'RL-000002' });
    expect(await demo.dp.createReloads({ source: 'MANUAL', rows }, k)).toEqual(run);
    expect(await demo.dp.getWallet()).toMatchObject({ balanceCents: 20_000, availableCents: 20_000 });
    const movements = (await demo.dp.getList('reloadables/wallet', LIST)).data;
    expect(movements.slice(0, 2)).toMatchObject([
      { type: 'CARD_RELOAD', reason: 'CARD_RELOAD', amountCents: -6_000, balanceAfterCents: 20_000, cardNumber: NORD(6), runId: run.id, runNumber: run.number },
      { type: 'CARD_RELOAD', amountCents: -4_000, balanceAfterCents: 26_000, cardNumber: NORD(5) },
    ]);
    const card = await demo.card(NORD(6));
    expect(card).toMatchObject({ balanceCents: 6_000, monthReloadedCents: 6_000, yearReloadedCents: 6_000 });
    const history = (await demo.dp.getList('reloadables/card-history', { ...LIST, filter: { cardId: card.id } })).data;
    expect(history.map((e) => e.type)).toEqual(['RELOAD', 'ISSUE']);
    expect(history[0]).toMatchObject({ amountCents: 6_000, balanceAfterCents: 6_000, runId: run.id, userName: 'Nico Nord' });
  });

  it('a planned run reserves its total, then runs when its time comes; a card locked meanwhile is refused and released', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
    const demo = await reloadableDemo();
    const rows = await rowsFor(demo, [[NORD(10), 5_000], [NORD(11), 7_000]]);
    expect(await refusal(demo.dp.createReloads({ source: 'MANUAL', scheduledAt: '2026-11-23T08:59:00Z', rows }, key()))).toMatchObject({ status: 400, code: 'RELOAD_SCHEDULE_PAST' });
    const run = await demo.dp.createReloads({ source: 'CSV', fileName: 'nov.csv', scheduledAt: '2026-11-23T10:00:00Z', rows }, key());
    expect(run).toMatchObject({ state: 'IN_PROGRESS', startedAt: null, progress: { done: 0, total: 2 } });
    expect(await demo.dp.getWallet()).toMatchObject({ balanceCents: 30_000, reservedCents: 12_000, availableCents: 18_000 });
    const queue = (await demo.dp.getList<PlannedReload>('reloadables/queue-reloads', LIST)).data;
    expect(queue.map((r) => [r.cardNumber, r.state, r.scheduledAt])).toEqual([
      [NORD(10), 'IN_PROGRESS', '2026-11-23T10:00:00.000Z'],
      [NORD(11), 'IN_PROGRESS', '2026-11-23T10:00:00.000Z'],
    ]);
    await demo.dp.lockReloadableCard((await demo.card(NORD(11))).id);

    vi.setSystemTime(new Date('2026-11-23T09:59:59Z'));
    expect((await demo.dp.getOne<ReloadRun>('reloadables/reloads', { id: run.id })).data.state).toBe('IN_PROGRESS');
    vi.setSystemTime(new Date('2026-11-23T10:00:01Z'));
    expect(await demo.dp.getWallet()).toMatchObject({ balanceCents: 25_000, reservedCents: 0, availableCents: 25_000 });
    expect((await demo.dp.getOne<ReloadRun>('reloadables/reloads-history', { id: run.id })).data).toMatchObject({ state: 'COMPLETED', creditedCount: 1, creditedCents: 5_000, deletedCount: 1 });
    const done = (await demo.dp.getList<PlannedReload>('reloadables/reload-rows', { ...LIST, filter: { runId: run.id } })).data;
    expect(done.map((r) => [r.state, r.reason])).toEqual([
      ['COMPLETED', null],
      ['DELETED', 'RELOAD_CARD_LOCKED'],
    ]);
    expect((await demo.card(NORD(10))).balanceCents).toBe(5_000);
    expect((await demo.dp.getList('reloadables/queue-reloads', LIST)).total).toBe(0);
    expect(await refusal(demo.dp.deleteReloadRun(run.id))).toMatchObject({ status: 409, code: 'RELOAD_NOT_PENDING' });
  });

  it('a planned run whose every card was locked meanwhile credits nothing: DELETED, its reservation back', async () => {
    const demo = await reloadableDemo();
    const [row] = await rowsFor(demo, [[NORD(15), 4_000]]);
    const run = await demo.dp.createReloads({ source: 'MANUAL', scheduledAt: new Date(Date.now() + 60_000).toISOString(), rows: [row] }, key());
    await demo.dp.lockReloadableCard(row.cardId);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + 120_000));
    expect((await demo.dp.getOne<ReloadRun>('reloadables/reloads', { id: run.id })).data).toMatchObject({ state: 'DELETED', creditedCount: 0, deletedCount: 1 });
    expect(await demo.dp.getWallet()).toMatchObject({ balanceCents: 30_000, reservedCents: 0 });
    expect((await demo.dp.getList('reloadables/reloads-history', LIST)).total).toBe(1);
  });

  it('refuses an upload that is not a CSV (415), not base64 or not UTF-8 (400 FILE_UNREADABLE), and a plan in the past', async () => {
    const demo = await reloadableDemo();
    const file = (type: string, name: string, content: string) => demo.dp.validateReloads({ file: { type, name, content } });
    expect(await refusal(file('image/png', 'cards.png', base64('x')))).toMatchObject({ status: 415, code: 'FILE_TYPE_NOT_ALLOWED', errors: { file: 'validation.fileType' } });
    expect(await refusal(file('text/csv', 'r.csv', 'not*base64!'))).toMatchObject({ status: 400, code: 'FILE_UNREADABLE', errors: { file: 'validation.fileUnreadable' } });
    expect(await refusal(file('text/csv', 'r.csv', btoa('\xff\xfe')))).toMatchObject({ status: 400, code: 'FILE_UNREADABLE' });
    expect((await file('', 'r.csv', base64('cardNumber,amount\n'))).errors).toEqual([{ row: 1, field: 'file', code: 'validation.csvEmpty' }]);
    const rows = await rowsFor(demo, [[NORD(1), 100]]);
    expect(await refusal(demo.dp.validateReloads({ rows, scheduledAt: new Date(Date.now() - 1_000).toISOString() }))).toMatchObject({ status: 400, code: 'RELOAD_SCHEDULE_PAST', errors: { scheduledAt: 'validation.schedulePast' } });
    expect(await refusal(demo.dp.createReloads({ source: 'MANUAL', scheduledAt: new Date(Date.now() + 367 * 86_400_000).toISOString(), rows }, key()))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', errors: { scheduledAt: 'validation.maxDaysAhead?days=366' } });
  });

  it('deleting planned reloads from the queue releases their reservation; a run left empty is DELETED', async () => {
    const demo = await reloadableDemo();
    const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
    const run = await demo.dp.createReloads({ source: 'MANUAL', scheduledAt, rows: await rowsFor(demo, [[NORD(20), 3_000], [NORD(21), 2_000], [NORD(22), 1_000]]) }, key());
    expect((await demo.dp.getWallet()).reservedCents).toBe(6_000);
    const queue = (await demo.dp.getList<PlannedReload>('reloadables/queue-reloads', LIST)).data;
    const removed = (await demo.dp.delete<PlannedReload>('reloadables/queue-reloads', { id: queue[0].id })).data;
    expect(removed).toMatchObject({ state: 'DELETED', reason: null, cardNumber: NORD(20) });
    expect(await demo.dp.getWallet()).toMatchObject({ balanceCents: 30_000, reservedCents: 3_000, availableCents: 27_000 });
    expect(await refusal(demo.dp.delete('reloadables/queue-reloads', { id: queue[0].id }))).toMatchObject({ status: 409, code: 'RELOAD_NOT_PENDING' });
    const deleted = await demo.dp.deleteReloadRun(run.id);
    expect(deleted).toMatchObject({ state: 'DELETED', deletedCount: 3, progress: { done: 3, total: 3 } });
    expect(await demo.dp.getWallet()).toMatchObject({ reservedCents: 0, availableCents: 30_000 });
    expect((await demo.dp.getList('reloadables/queue-reloads', { ...LIST, filter: { state: 'DELETED' } })).total).toBe(3);
  });

  it('card actions follow the domain rules: lock, unlock, reload by hand, client ID, with their history', async () => {
    const demo = await reloadableDemo();
    const card = await demo.card(NORD(30));
    expect((await demo.dp.lockReloadableCard(card.id)).status).toBe('LOCKED');
    expect(await refusal(demo.dp.reloadReloadableCard(card.id, 1_000, key()))).toMatchObject({ status: 409, code: 'RELOAD_CARD_LOCKED' });
    expect(await refusal(demo.dp.lockReloadableCard(card.id))).toMatchObject({ status: 409, code: 'CARD_STATE_INVALID' });
    expect((await demo.dp.unlockReloadableCard(card.id)).status).toBe('ACTIVE');
    expect(await refusal(demo.dp.reloadReloadableCard(card.id, -5, key()))).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', errors: { amountCents: 'validation.amount' } });
    const { card: after, run } = await demo.dp.reloadReloadableCard(card.id, 1_500, key());
    expect(after.balanceCents).toBe(1_500);
    expect(run).toMatchObject({ source: 'CARD', state: 'COMPLETED', rowCount: 1, totalCents: 1_500 });
    expect(await refusal(demo.dp.reloadReloadableCard(card.id, 30_000, key()))).toMatchObject({ status: 409, code: 'WALLET_INSUFFICIENT', params: { shortfallCents: 1_500 } });
    expect(await refusal(demo.dp.unlockReloadableCard((await demo.card(NORD(229))).id))).toMatchObject({ status: 409, code: 'CARD_STATE_INVALID' });
    expect(await refusal(demo.dp.setReloadableCardClientId(card.id, 'ACME-NORD-0031'))).toMatchObject({ status: 409, code: 'CLIENT_ID_TAKEN' });
    expect((await demo.dp.setReloadableCardClientId(card.id, 'BADGE-77')).clientId).toBe('BADGE-77');
    const events = (await demo.dp.getList('reloadables/card-history', { ...LIST, filter: { cardId: card.id } })).data;
    expect(events.map((e) => e.type)).toEqual(['CLIENT_ID_CHANGED', 'RELOAD', 'UNLOCK', 'LOCK', 'ISSUE']);
    expect(events[0].detail).toEqual({ from: 'ACME-NORD-0030', to: 'BADGE-77' });
  });

  it('bulk actions answer per card; the reloads that pass make one run', async () => {
    const demo = await reloadableDemo();
    const ids = await Promise.all([NORD(40), NORD(221), NORD(41)].map(async (n) => (await demo.card(n)).id));
    const result = await demo.dp.bulkReloadableCards({ action: 'reload', ids, params: { amountCents: 2_000 } }, key());
    expect(result).toEqual({ action: 'reload', total: 3, succeeded: 2, failed: [{ id: ids[1], code: NORD(221), error: 'RELOAD_CARD_LOCKED' }] });
    expect((await demo.dp.getWallet()).balanceCents).toBe(26_000);
    const lock = await demo.dp.bulkReloadableCards({ action: 'lock', ids }, key());
    expect(lock).toMatchObject({ succeeded: 2, failed: [{ id: ids[1], error: 'CARD_STATE_INVALID' }] });
  });

  it('a replayed keyed bulk reload answers its first summary, whatever happened to the cards since (as the API)', async () => {
    const demo = await reloadableDemo();
    const ids = await Promise.all([NORD(42), NORD(43), NORD(222)].map(async (n) => (await demo.card(n)).id));
    const body = { action: 'reload' as const, ids, params: { amountCents: 1_000 } };
    const first = await demo.dp.bulkReloadableCards(body, 'demo-bulk-replay');
    expect(first).toEqual({ action: 'reload', total: 3, succeeded: 2, failed: [{ id: ids[2], code: NORD(222), error: 'RELOAD_CARD_LOCKED' }] });
    await demo.dp.unlockReloadableCard(ids[2]);
    await demo.dp.lockReloadableCard(ids[0]);
    expect(await demo.dp.bulkReloadableCards(body, 'demo-bulk-replay')).toEqual(first);
    expect((await demo.card(NORD(222))).balanceCents).toBe(0);
    expect((await demo.dp.getWallet()).balanceCents).toBe(28_000);
  });

  it('caps per calendar month: a card at 2,500.00 € this month refuses one more cent (RELOAD_MONTHLY_CAP)', async () => {
    const demo = await reloadableDemo('referent@acme.test');
    const card = await demo.card(ACME(1));
    await demo.dp.reloadReloadableCard(card.id, 250_000, key());
    expect(await refusal(demo.dp.reloadReloadableCard(card.id, 1, key()))).toMatchObject({ status: 409, code: 'RELOAD_MONTHLY_CAP' });
    const report = await demo.dp.validateReloads({ rows: [{ cardId: card.id, amountCents: 1 }] });
    expect(report.errors).toEqual([{ row: 1, field: 'card', code: 'errors.codes.RELOAD_MONTHLY_CAP' }]);
  });

  it('offers the template and the history CSV in the user language', async () => {
    const demo = await reloadableDemo();
    expect(await textOf(await demo.dp.reloadsTemplate('it'))).toMatch(/cardNumber;amount\r\n5350000000000001;25,00/);
    const csv = await textOf(await demo.dp.exportReloadsHistory({}, { language: 'it', timeZone: 'Europe/Rome' }));
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Lotto;Creato il;Data programmata;Completato il;Riga;Numero carta;Cliente;Importo ricarica;Stato;Accreditata il;Motivo');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(new RegExp(`^RL-000001;\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d:\\d\\d;;[^;]+;1;${NORD(201)};[^;]+;25,00;Completata;[^;]+;$`));
  });
});
