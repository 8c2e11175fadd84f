import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELOAD_LIMITS } from '../../../domain/reloadables';
import { queryRows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { login } from '../../test/auth';
import { DRIVERS } from '../../test/db';
import { caller, companyIdOf, userWith } from '../../test/builders';
import { addReloadableCards, balanceOf, fundWallet, runLedger, walletOf } from '../../test/support/reloadables-runs';

const csv = (text: string) => ({ file: { type: 'text/csv', name: 'reloads.csv', content: Buffer.from(text).toString('base64') } });

/** Creating and validating reload runs: all-or-nothing, bad input refused with nothing moved. */
describe.each(DRIVERS)('reload runs: validate and create (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let token: string;
  let acme: string;
  let url: string;
  let cards: Array<{ id: string; number: string }>;

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    token = (await login(t.app, 'referent@acme.test')).accessToken;
    acme = await companyIdOf(t.db.db, 'ACME');
    url = `/api/company/${acme}/reloadable/reloads`;
    cards = await addReloadableCards(t.db.db, acme, 6, { balanceCents: 1000, customer: { firstName: 'Lia', lastName: 'Verdi' } });
    await fundWallet(t.db.db, acme, 100_000);
  });
  afterAll(() => t.close());

  const runCount = async () => Number((await queryRows<{ n: string }>(t.db.db, sql`SELECT count(*) AS n FROM reload_runs`))[0].n);

  it('offers the CSV template in the user separator', async () => {
    const it = await call(token, 'GET', `${url}/template?lang=it`);
    expect(it.statusCode).toBe(200);
    expect(it.headers['content-type']).toContain('text/csv');
    expect(it.body.startsWith('\uFEFFcardNumber;amount\r\n')).toBe(true);
    expect((await call(token, 'GET', `${url}/template?lang=en`)).body).toContain('cardNumber,amount\r\n5350000000000001,25.00');
  });

  it('validates rows without writing: good rows with their card, bad rows with a code each, the total and the shortfall', async () => {
    const [locked] = await addReloadableCards(t.db.db, acme, 1, { status: 'LOCKED' });
    const [nearCap] = await addReloadableCards(t.db.db, acme, 1, { monthReloadedCents: RELOAD_LIMITS.monthlyCapCents - 100 });
    const before = await walletOf(t.db.db, acme);
    const res = await call(token, 'POST', `${url}/validate`, {
      rows: [
        { cardId: cards[0].id, amountCents: 60_000 },
        { cardNumber: cards[1].number, amountCents: 50_000 },
        { cardNumber: '5399999999999999', amountCents: 100 },
        { cardId: cards[0].id, amountCents: 100 },
        { cardId: locked.id, amountCents: 100 },
        { cardId: nearCap.id, amountCents: 101 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rows: [
        { row: 1, cardId: cards[0].id, cardNumber: cards[0].number, customer: 'Lia Verdi', amountCents: 60_000 },
        { row: 2, cardId: cards[1].id, cardNumber: cards[1].number, customer: 'Lia Verdi', amountCents: 50_000 },
      ],
      errors: [
        { row: 3, field: 'card', code: 'errors.codes.RELOAD_CARD_UNKNOWN' },
        { row: 4, field: 'card', code: 'errors.codes.RELOAD_CARD_DUPLICATE' },
        { row: 5, field: 'card', code: 'errors.codes.RELOAD_CARD_LOCKED' },
        { row: 6, field: 'card', code: 'errors.codes.RELOAD_MONTHLY_CAP' },
      ],
      errorCount: 4,
      badRows: 4,
      count: 2,
      totalCents: 110_000,
      availableCents: 100_000,
      shortfallCents: 10_000,
    });
    expect(await walletOf(t.db.db, acme)).toEqual(before);
    expect(await runCount()).toBe(0);
  });

  it('a CSV of bad lines answers at once with its first errors and their number; past the row cap, one file error', async () => {
    const bad = `cardNumber;amount\r\n${'x;y\r\n'.repeat(RELOAD_LIMITS.maxRows)}`;
    const capped = await call(token, 'POST', `${url}/validate`, csv(bad));
    expect(capped.statusCode).toBe(200);
    const report = capped.json();
    expect(report.errors).toHaveLength(RELOAD_LIMITS.maxReportedErrors);
    expect(report).toMatchObject({ errorCount: RELOAD_LIMITS.maxRows * 2, badRows: RELOAD_LIMITS.maxRows, count: 0 });
    expect(capped.body.length).toBeLessThan(50_000);
    // 5 MB of short bad lines: refused by its row count before it is split (how fast and in how
    // much memory: bench/refusals.ts)
    const payload = JSON.stringify(csv(`cardNumber;amount\r\n${'x;y\r\n'.repeat(Math.floor((5 * 1024 * 1024 - 40) / 5))}`));
    const refused = await call(token, 'POST', `${url}/validate`, payload, { 'content-type': 'application/json' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().errors).toEqual([{ row: 1, field: 'file', code: `validation.csvTooManyRows?max=${RELOAD_LIMITS.maxRows}` }]);
  });

  it('validates a CSV file: lines numbered as in the file, parse errors beside the card checks', async () => {
    const text = `cardNumber;amount\r\n${cards[2].number};12,50\r\n${cards[3].number};abc\r\n5399999999999998;1,00\r\n`;
    const res = await call(token, 'POST', `${url}/validate`, csv(text));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows).toEqual([{ row: 2, cardId: cards[2].id, cardNumber: cards[2].number, customer: 'Lia Verdi', amountCents: 1250 }]);
    expect(body.errors).toEqual([
      { row: 3, field: 'amount', code: 'validation.amountFormat?wholeInputCents=2500&exampleInputCents=2550' },
      { row: 4, field: 'card', code: 'errors.codes.RELOAD_CARD_UNKNOWN' },
    ]);
    expect((await call(token, 'POST', `${url}/validate`, csv('number;value\r\n1;2\r\n'))).json().errors).toEqual([{ row: 1, field: 'file', code: 'validation.csvHeader' }]);
  });

  it('refuses a file that is not base64, too large or not a CSV', async () => {
    const notBase64 = await call(token, 'POST', `${url}/validate`, { file: { type: 'text/csv', name: 'r.csv', content: '!!not base64!!' } });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json().error.message).toBe('FILE_UNREADABLE');
    const huge = Buffer.alloc(RELOAD_LIMITS.maxCsvBytes + 10, 'a').toString('base64');
    const tooLarge = await call(token, 'POST', `${url}/validate`, { file: { type: 'text/csv', name: 'r.csv', content: huge } });
    expect(tooLarge.statusCode).toBe(413);
    const image = await call(token, 'POST', `${url}/validate`, { file: { type: 'image/png', name: 'r.png', content: 'AAAA' } });
    expect(image.statusCode).toBe(415);
  });

  it('runs a run now: every row credited before the answer, one movement per row, nothing left reserved', async () => {
    const before = await walletOf(t.db.db, acme);
    const res = await call(token, 'POST', url, { source: 'MANUAL', rows: [{ cardId: cards[4].id, amountCents: 2500 }, { cardNumber: cards[5].number, amountCents: 1500 }] });
    expect(res.statusCode).toBe(201);
    const run = res.json();
    expect(run).toMatchObject({ source: 'MANUAL', state: 'COMPLETED', rowCount: 2, totalCents: 4000, creditedCount: 2, creditedCents: 4000, deletedCount: 0, scheduledAt: null, userName: 'Rita Referente', progress: { done: 2, total: 2 } });
    expect(run.number).toMatch(/^RL-\d{6}$/);
    expect(await balanceOf(t.db.db, cards[4].id)).toBe(3500);
    expect(await balanceOf(t.db.db, cards[5].id)).toBe(2500);
    const after = await walletOf(t.db.db, acme);
    expect(after).toEqual({ balance: before.balance - 4000, reserved: 0, movementsSum: before.balance - 4000 });
    expect(await runLedger(t.db.db, run.id)).toEqual({ rows: 2, completed: 2, deleted: 0, eventsBad: 0, movesBad: 0, cardsBad: 0, reserved: 0 });

    const shown = await call(token, 'GET', `${url}/${run.id}`);
    expect(shown.json()).toEqual(run);
    const rows = await call(token, 'GET', `${url}/${run.id}/rows`);
    expect(rows.json()).toMatchObject([
      { position: 1, cardNumber: cards[4].number, customer: 'Lia Verdi', amountCents: 2500, initialAmountCents: 1000, currentAmountCents: 3500, state: 'COMPLETED', reason: null },
      { position: 2, cardNumber: cards[5].number, amountCents: 1500, initialAmountCents: 1000, currentAmountCents: 2500, state: 'COMPLETED' },
    ]);
    expect(rows.headers['content-range']).toBe('rows 0-1/2');
    // the wallet's movements name the run they paid for
    const movements = await call(token, 'GET', `/api/company/${acme}/reloadable/wallet/movements?range=${encodeURIComponent('[0,1]')}`);
    expect(movements.json()).toMatchObject([
      { type: 'CARD_RELOAD', amountCents: -1500, cardNumber: cards[5].number, runId: run.id, runNumber: run.number },
      { type: 'CARD_RELOAD', amountCents: -2500, cardNumber: cards[4].number, runId: run.id, runNumber: run.number },
    ]);
  });

  it('answers a replay of a keyed create with the same run and writes nothing', async () => {
    const body = { source: 'MANUAL', rows: [{ cardId: cards[4].id, amountCents: 100 }] };
    const first = await call(token, 'POST', url, body, { 'idempotency-key': `create-${driver}` });
    const runs = await runCount();
    const wallet = await walletOf(t.db.db, acme);
    const replay = await call(token, 'POST', url, body, { 'idempotency-key': `create-${driver}` });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(first.json().id);
    expect(await runCount()).toBe(runs);
    expect(await walletOf(t.db.db, acme)).toEqual(wallet);
  });

  describe('refuses bad rows with 400 RELOAD_ROWS_INVALID, naming each row, and moves nothing', () => {
    const cases: Array<[string, () => Promise<unknown[]>, Record<string, string>]> = [
      ['amount 0', async () => [{ cardId: cards[0].id, amountCents: 0 }], { 'rows.1.amount': 'validation.amount' }],
      ['cents not an integer', async () => [{ cardId: cards[0].id, amountCents: 12.5 }], { 'rows.1.amount': 'validation.amount' }],
      ['over the most of one reload', async () => [{ cardId: cards[0].id, amountCents: RELOAD_LIMITS.maxReloadCents + 1 }], { 'rows.1.amount': `validation.amountMax?maxCents=${RELOAD_LIMITS.maxReloadCents}` }],
      ['over the monthly cap', async () => [{ cardId: (await addReloadableCards(t.db.db, acme, 1, { monthReloadedCents: RELOAD_LIMITS.monthlyCapCents }))[0].id, amountCents: 1 }], { 'rows.1.card': 'errors.codes.RELOAD_MONTHLY_CAP' }],
      ['an unknown card, a duplicate, a locked card', async () => [
        { cardId: cards[0].id, amountCents: 100 },
        { cardNumber: '5399999999999997', amountCents: 100 },
        { cardId: cards[0].id, amountCents: 100, row: 7 },
        { cardId: (await addReloadableCards(t.db.db, acme, 1, { status: 'LOCKED' }))[0].id, amountCents: 100 },
      ], { 'rows.2.card': 'errors.codes.RELOAD_CARD_UNKNOWN', 'rows.7.card': 'errors.codes.RELOAD_CARD_DUPLICATE', 'rows.4.card': 'errors.codes.RELOAD_CARD_LOCKED' }],
    ];
    it.each(cases)('%s', async (_name, rows, errors) => {
      const wallet = await walletOf(t.db.db, acme);
      const runs = await runCount();
      const balance = await balanceOf(t.db.db, cards[0].id);
      const res = await call(token, 'POST', url, { source: 'MANUAL', rows: await rows() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: 'RELOAD_ROWS_INVALID' }, errors });
      expect(await walletOf(t.db.db, acme)).toEqual(wallet);
      expect(await runCount()).toBe(runs);
      expect(await balanceOf(t.db.db, cards[0].id)).toBe(balance);
    });

    it('over the yearly cap (the monthly cap set above it)', async () => {
      const [card] = await addReloadableCards(t.db.db, acme, 1);
      await t.db.db.execute(sql`UPDATE reloadable_cards SET year_reloaded_cents = ${RELOAD_LIMITS.yearlyCapCents - 50} WHERE id = ${card.id}`);
      const res = await call(token, 'POST', url, { source: 'MANUAL', rows: [{ cardId: card.id, amountCents: 100 }] });
      expect(res.json()).toMatchObject({ error: { message: 'RELOAD_ROWS_INVALID' }, errors: { 'rows.1.card': 'errors.codes.RELOAD_YEARLY_CAP' } });
    });
  });

  it('refuses a run the wallet does not cover with 409 and the shortfall, wallet and cards unchanged', async () => {
    const wallet = await walletOf(t.db.db, acme);
    const available = wallet.balance - wallet.reserved;
    const res = await call(token, 'POST', url, { source: 'MANUAL', rows: [{ cardId: cards[0].id, amountCents: 250_000 }] });
    expect(available).toBeLessThan(250_000);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { message: 'WALLET_INSUFFICIENT' }, params: { shortfallCents: 250_000 - available } });
    expect(await walletOf(t.db.db, acme)).toEqual(wallet);
    expect(await balanceOf(t.db.db, cards[0].id)).toBe(1000);
  });

  it('refuses a schedule in the past or more than a year ahead', async () => {
    const past = await call(token, 'POST', url, { source: 'MANUAL', scheduledAt: new Date(Date.now() - 60_000).toISOString(), rows: [{ cardId: cards[0].id, amountCents: 100 }] });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ error: { message: 'RELOAD_SCHEDULE_PAST' }, errors: { scheduledAt: 'validation.schedulePast' } });
    const far = await call(token, 'POST', url, { source: 'MANUAL', scheduledAt: new Date(Date.now() + 400 * 86_400_000).toISOString(), rows: [{ cardId: cards[0].id, amountCents: 100 }] });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors).toEqual({ scheduledAt: 'validation.maxDaysAhead?days=366' });
  });

  it('needs reloadable.reloads (403) and a company in scope (404)', async () => {
    const noReloads = await userWith(t.app, t.db.db, `cards-only-${driver}@acme.test`, acme, ['reloadable.cards']);
    expect((await call(noReloads, 'GET', url)).statusCode).toBe(403);
    expect((await call(noReloads, 'POST', url, { source: 'MANUAL', rows: [{ cardId: cards[0].id, amountCents: 100 }] })).statusCode).toBe(403);
    const nord = (await login(t.app, 'operator@acme-nord.test')).accessToken;
    expect((await call(nord, 'GET', url)).statusCode).toBe(404);
    // Acme Nord reloading Acme's card from its own wallet: not its card
    const nordId = await companyIdOf(t.db.db, 'ACME-NORD');
    const res = await call(nord, 'POST', `/api/company/${nordId}/reloadable/reloads/validate`, { rows: [{ cardId: cards[0].id, amountCents: 100 }] });
    expect(res.json().errors).toEqual([{ row: 1, field: 'card', code: 'errors.codes.RELOAD_CARD_UNKNOWN' }]);
  });
});
