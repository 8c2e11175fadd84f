import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardBulkResult, CardEvent, ReloadableCard, ReloadableUser, ReloadableUserDetail, ReloadRunDetail } from '../../../domain/reloadables';
import { createTestApp, type TestApp } from '../../test/app';
import { DRIVERS } from '../../test/db';
import { caller, q } from '../../test/builders';
import { addCard, demoOf, reloadableUrl, walletLedger, type Demo } from '../../test/support/reloadables';

describe.each(DRIVERS)('reloadable cards (%s)', (driver) => {
  let t: TestApp;
  let d: Demo;
  let call: ReturnType<typeof caller>;
  let nordCard: { id: string; number: string; userId: string | null };
  let acmeCard: { id: string; number: string; userId: string | null };
  const cards = (companyId: string, path = '') => reloadableUrl(companyId, `cards${path}`);
  const list = async (token: string, companyId: string, filter: Record<string, unknown> = {}, extra = '') =>
    (await call(token, 'GET', `${cards(companyId)}?filter=${q(filter)}${extra}`)).json<ReloadableCard[]>();

  beforeAll(async () => {
    t = await createTestApp(driver);
    d = await demoOf(t.app, t.db.db);
    call = caller(t.app);
    nordCard = await addCard(t.db.db, d.nord, { number: '5350000000009001', clientId: 'CLI-1', holder: { firstName: 'Giulia', lastName: 'Bianchi', email: 'giulia.bianchi@example.it', clientId: 'CLI-1' } });
    await addCard(t.db.db, d.nord, { number: '5350000000009002', status: 'LOCKED', holder: { firstName: 'Marco', lastName: 'Verdi' } });
    await addCard(t.db.db, d.nord, { number: '5350000000009003', status: 'FREEZED' });
    await addCard(t.db.db, d.nord, { number: '5350000000009004', status: 'DELETED' });
    acmeCard = await addCard(t.db.db, d.acme, { number: '5350000000019001' });
  });
  afterAll(() => t.close());

  it('lists the whole subtree by number, filters by number prefix, client ID, customer, status and company', async () => {
    const all = await call(d.referent, 'GET', cards(d.acme));
    expect(all.statusCode).toBe(200);
    expect(all.json<ReloadableCard[]>().map((c) => c.number)).toEqual(['5350000000009001', '5350000000009002', '5350000000009003', '5350000000009004', '5350000000019001']);
    expect(all.headers['content-range']).toBe('cards 0-4/5');
    const first = all.json<ReloadableCard[]>()[0];
    expect(first).toMatchObject({ companyName: 'Acme Nord S.r.l.', clientId: 'CLI-1', customerName: 'Giulia Bianchi', status: 'ACTIVE', balanceCents: 0, expirationDate: '2099-12-31', monthReloadedCents: 0 });
    // seen from Acme, a card of Acme Nord is not reloadable from Acme's wallet; from Acme Nord it is
    // (but from there, with no sub-company, there is no other company to link it to)
    expect(first.actions).toEqual({ lock: true, unlock: false, reload: false, linkCompany: true, clientId: true });
    expect((await list(d.referent, d.nord, { q: nordCard.number }))[0].actions).toEqual({ lock: true, unlock: false, reload: true, linkCompany: false, clientId: true });
    expect((await list(d.referent, d.acme, { q: '535000000001' }))[0].actions.reload).toBe(true);
    expect((await list(d.referent, d.acme, { q: '535000000001' })).map((c) => c.number)).toEqual(['5350000000019001']);
    expect((await list(d.referent, d.acme, { q: 'cli-1' })).map((c) => c.id)).toEqual([nordCard.id]);
    expect((await list(d.referent, d.acme, { q: 'verdi marco' })).map((c) => c.number)).toEqual(['5350000000009002']);
    expect((await list(d.referent, d.acme, { status: 'FREEZED' })).map((c) => c.actions)).toEqual([{ lock: false, unlock: false, reload: false, linkCompany: true, clientId: true }]);
    expect((await list(d.referent, d.acme, { companyId: d.acme })).map((c) => c.id)).toEqual([acmeCard.id]);
    expect(await list(d.nordOperator, d.nord, { companyId: d.acme })).toEqual([]);
    expect((await list(d.referent, d.acme, { userId: nordCard.userId })).map((c) => c.id)).toEqual([nordCard.id]);
    const page = await call(d.referent, 'GET', `${cards(d.acme)}?range=${q([0, 1])}&sort=${q(['number', 'DESC'])}`);
    expect(page.json<ReloadableCard[]>().map((c) => c.number)).toEqual(['5350000000019001', '5350000000009004']);
    expect(page.headers['content-range']).toBe('cards 0-1/*');
    expect((await call(d.referent, 'GET', `${cards(d.acme)}?filter=${q({ colour: 'red' })}`)).statusCode).toBe(400);
  });

  it('refuses a search shorter than its rule with a field error (never an empty list): 4 digits of a number, 2 characters otherwise', async () => {
    const refusal = async (url: string) => {
      const res = await call(d.referent, 'GET', url);
      return [res.statusCode, res.json().error?.message, res.json().errors];
    };
    expect(await refusal(`${cards(d.acme)}?filter=${q({ q: '53' })}`)).toEqual([400, 'VALIDATION_ERROR', { q: 'validation.cardSearchDigits?min=4' }]);
    expect(await refusal(`${cards(d.acme)}?filter=${q({ q: 'G' })}`)).toEqual([400, 'VALIDATION_ERROR', { q: 'validation.searchMinChars?min=2' }]);
    expect(await refusal(`${reloadableUrl(d.acme, 'reloads/planned')}?filter=${q({ cardNumber: '535' })}`)).toEqual([400, 'VALIDATION_ERROR', { cardNumber: 'validation.cardSearchDigits?min=4' }]);
    expect((await list(d.referent, d.acme, { q: '5350 0000 0000 9001' })).map((c) => c.number)).toEqual(['5350000000009001']);
    expect((await list(d.referent, d.acme, { q: 'Gi' })).map((c) => c.number)).toEqual(['5350000000009001']);
  });

  it('offers no action that cannot change anything: no link without another company in the scope, no reload of an expired card', async () => {
    // Acme Nord has no sub-company: its cards have nowhere else to go; seen from Acme they do
    expect((await list(d.nordOperator, d.nord)).map((c) => c.actions.linkCompany)).toEqual([false, false, false, false]);
    expect((await list(d.referent, d.acme, { q: nordCard.number }))[0].actions.linkCompany).toBe(true);
    const expired = await addCard(t.db.db, d.nord, { expirationDate: '2020-01-31' });
    const seen = (await call(d.nordOperator, 'GET', cards(d.nord, `/${expired.id}`))).json<ReloadableCard>();
    expect(seen.actions).toEqual({ lock: true, unlock: false, reload: false, linkCompany: false, clientId: true });
    expect((await call(d.nordOperator, 'POST', cards(d.nord, `/${expired.id}/reload`), { amountCents: 100 })).json().error.message).toBe('RELOAD_CARD_EXPIRED');
  });

  it('keeps cards inside the scope: 404 outside it, 403 without the flag', async () => {
    expect((await call(d.nordOperator, 'GET', cards(d.nord, `/${acmeCard.id}`))).statusCode).toBe(404);
    expect((await call(d.nordOperator, 'POST', cards(d.nord, `/${acmeCard.id}/lock`))).statusCode).toBe(404);
    expect((await call(d.nordOperator, 'GET', cards(d.acme))).statusCode).toBe(404);
    expect((await call(d.noAccess, 'GET', cards(d.acme))).statusCode).toBe(403);
    expect((await call(d.noAccess, 'POST', cards(d.acme, `/${acmeCard.id}/lock`))).statusCode).toBe(403);
    expect((await call(d.referent, 'GET', cards(d.acme, `/${randomUUID()}`))).statusCode).toBe(404);
    expect((await call(d.nordOperator, 'GET', cards(d.nord, `/${nordCard.id}`))).json<ReloadableCard>().number).toBe('5350000000009001');
  });

  it('locks and unlocks by the state rules, each change in the card history, newest first', async () => {
    const locked = await call(d.nordOperator, 'POST', cards(d.nord, `/${nordCard.id}/lock`));
    expect(locked.json<ReloadableCard>()).toMatchObject({ status: 'LOCKED', actions: { lock: false, unlock: true, reload: false } });
    const twice = await call(d.nordOperator, 'POST', cards(d.nord, `/${nordCard.id}/lock`));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('CARD_STATE_INVALID');
    expect((await call(d.nordOperator, 'POST', cards(d.nord, `/${nordCard.id}/unlock`))).json<ReloadableCard>().status).toBe('ACTIVE');
    const frozen = (await list(d.nordOperator, d.nord, { status: 'FREEZED' }))[0];
    const deleted = (await list(d.nordOperator, d.nord, { status: 'DELETED' }))[0];
    for (const [card, action] of [[frozen, 'lock'], [frozen, 'unlock'], [deleted, 'lock'], [deleted, 'unlock']] as const) {
      const res = await call(d.nordOperator, 'POST', cards(d.nord, `/${card.id}/${action}`));
      expect(res.statusCode).toBe(409);
    }
    const deletedClient = await call(d.nordOperator, 'POST', cards(d.nord, `/${deleted.id}/client-id`), { clientId: 'X' });
    expect(deletedClient.json().error.message).toBe('CARD_STATE_INVALID');
    const history = await call(d.nordOperator, 'GET', cards(d.nord, `/${nordCard.id}/history`));
    expect(history.json<CardEvent[]>().map((e) => [e.type, e.detail, e.userName])).toEqual([
      ['UNLOCK', { from: 'LOCKED', to: 'ACTIVE' }, 'Nico Nord'],
      ['LOCK', { from: 'ACTIVE', to: 'LOCKED' }, 'Nico Nord'],
      ['ISSUE', null, null],
    ]);
    expect((await call(d.nordOperator, 'GET', cards(d.nord, `/${frozen.id}`))).json<ReloadableCard>().status).toBe('FREEZED');
  });

  it('sets a client ID unique among the company’s cards, and links a card to a company of the subtree', async () => {
    const other = await addCard(t.db.db, d.nord, {});
    const taken = await call(d.nordOperator, 'POST', cards(d.nord, `/${other.id}/client-id`), { clientId: 'CLI-1' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('CLIENT_ID_TAKEN');
    const set = await call(d.nordOperator, 'POST', cards(d.nord, `/${other.id}/client-id`), { clientId: 'CLI-2' });
    expect(set.json<ReloadableCard>().clientId).toBe('CLI-2');
    expect((await call(d.nordOperator, 'POST', cards(d.nord, `/${other.id}/client-id`), { clientId: '' })).statusCode).toBe(400);
    expect((await call(d.nordOperator, 'POST', cards(d.nord, `/${other.id}/client-id`), { clientId: 'x'.repeat(41) })).statusCode).toBe(400);
    // the same client ID in another company is fine
    expect((await call(d.referent, 'POST', cards(d.acme, `/${acmeCard.id}/client-id`), { clientId: 'CLI-2' })).statusCode).toBe(200);

    expect((await call(d.nordOperator, 'POST', cards(d.nord, `/${other.id}/company`), { companyId: d.acme })).statusCode).toBe(404);
    const clash = await call(d.referent, 'POST', cards(d.acme, `/${other.id}/company`), { companyId: d.acme });
    expect(clash.json().error.message).toBe('CLIENT_ID_TAKEN');
    const moved = await call(d.referent, 'POST', cards(d.acme, `/${nordCard.id}/company`), { companyId: d.acme });
    expect(moved.json<ReloadableCard>()).toMatchObject({ companyId: d.acme, companyName: 'Acme S.p.A.' });
    expect((await call(d.nordOperator, 'GET', cards(d.nord, `/${nordCard.id}`))).statusCode).toBe(404);
    const history = (await call(d.referent, 'GET', cards(d.acme, `/${other.id}/history`))).json<CardEvent[]>();
    expect(history[0]).toMatchObject({ type: 'CLIENT_ID_CHANGED', detail: { from: null, to: 'CLI-2' } });
    const [linked] = (await call(d.referent, 'GET', cards(d.acme, `/${nordCard.id}/history`))).json<CardEvent[]>();
    expect(linked).toMatchObject({ type: 'COMPANY_LINKED', detail: { from: d.nord, to: d.acme, toName: 'Acme S.p.A.' } });
    await call(d.referent, 'POST', cards(d.acme, `/${nordCard.id}/company`), { companyId: d.nord });
  });

  it('lists cardholders with their card count and shows one with its cards', async () => {
    const res = await call(d.nordOperator, 'GET', reloadableUrl(d.nord, 'users'));
    expect(res.json<ReloadableUser[]>().map((u) => [u.lastName, u.cardCount])).toEqual([['Bianchi', 1], ['Verdi', 1]]);
    const found = await call(d.nordOperator, 'GET', `${reloadableUrl(d.nord, 'users')}?filter=${q({ q: 'giulia.bianchi@' })}`);
    expect(found.json<ReloadableUser[]>()).toHaveLength(1);
    const detail = await call(d.nordOperator, 'GET', reloadableUrl(d.nord, `users/${nordCard.userId}`));
    expect(detail.json<ReloadableUserDetail>()).toMatchObject({ firstName: 'Giulia', email: 'giulia.bianchi@example.it', clientId: 'CLI-1', cards: [{ id: nordCard.id }] });
    expect((await call(d.referent, 'GET', reloadableUrl(d.acme, `users/${randomUUID()}`))).statusCode).toBe(404);
    expect((await call(d.noAccess, 'GET', reloadableUrl(d.acme, 'users'))).statusCode).toBe(403);
    const acmeUser = await addCard(t.db.db, d.acme, { holder: { firstName: 'Paolo', lastName: 'Neri' } });
    expect((await call(d.nordOperator, 'GET', reloadableUrl(d.nord, `users/${acmeUser.userId}`))).statusCode).toBe(404);
  });

  it('reloads one card by hand from the route company’s wallet (a one-row run), refusing a locked card', async () => {
    await call(d.admin, 'POST', reloadableUrl(d.nord, 'wallet/fund'), { amountCents: 10_000 });
    const key = { 'idempotency-key': `card-reload-${driver}` };
    const res = await call(d.nordOperator, 'POST', cards(d.nord, `/${nordCard.id}/reload`), { amountCents: 2_500 }, key);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ card: ReloadableCard; run: ReloadRunDetail }>();
    expect(body.card).toMatchObject({ balanceCents: 2_500, monthReloadedCents: 2_500, yearReloadedCents: 2_500 });
    expect(body.run).toMatchObject({ source: 'CARD', state: 'COMPLETED', rowCount: 1, creditedCents: 2_500 });
    const replay = await call(d.nordOperator, 'POST', cards(d.nord, `/${nordCard.id}/reload`), { amountCents: 2_500 }, key);
    expect(replay.json().run.id).toBe(body.run.id);
    expect(await walletLedger(t.db.db, d.nord)).toMatchObject({ balance: 7_500, sum: 7_500 });
    const history = (await call(d.nordOperator, 'GET', cards(d.nord, `/${nordCard.id}/history`))).json<CardEvent[]>();
    expect(history[0]).toMatchObject({ type: 'RELOAD', amountCents: 2_500, balanceAfterCents: 2_500, runId: body.run.id });
    const locked = (await list(d.nordOperator, d.nord, { status: 'LOCKED' }))[0];
    const refused = await call(d.nordOperator, 'POST', cards(d.nord, `/${locked.id}/reload`), { amountCents: 100 });
    // one card: the bare reason, which the SPA words as "the card is locked: unlock it first"
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('RELOAD_CARD_LOCKED');
    const overCap = await call(d.nordOperator, 'POST', cards(d.nord, `/${nordCard.id}/reload`), { amountCents: 250_000 });
    expect(overCap.statusCode).toBe(409);
    expect(overCap.json().error.message).toBe('RELOAD_MONTHLY_CAP');
    for (const amountCents of [0, 10.5, 250_001]) expect((await call(d.nordOperator, 'POST', cards(d.nord, `/${nordCard.id}/reload`), { amountCents })).statusCode).toBe(400);
    expect(await walletLedger(t.db.db, d.nord)).toMatchObject({ balance: 7_500, sum: 7_500 });
  });

  it('runs bulk actions card by card with a per-id summary', async () => {
    const fresh = await Promise.all([addCard(t.db.db, d.nord), addCard(t.db.db, d.nord)]);
    const locked = (await list(d.nordOperator, d.nord, { status: 'LOCKED' }))[0];
    const unknown = randomUUID();
    const lock = await call(d.nordOperator, 'POST', cards(d.nord, '/bulk'), { action: 'lock', ids: [fresh[0].id, fresh[1].id, locked.id, unknown] }, { 'idempotency-key': `bulk-lock-${driver}` });
    expect(lock.statusCode).toBe(200);
    const summary = lock.json<CardBulkResult>();
    expect(summary).toMatchObject({ action: 'lock', total: 4, succeeded: 2 });
    expect(summary.failed).toEqual([
      { id: locked.id, code: locked.number, error: 'CARD_STATE_INVALID' },
      { id: unknown, code: '', error: 'NOT_FOUND' },
    ]);
    const replay = await call(d.nordOperator, 'POST', cards(d.nord, '/bulk'), { action: 'lock', ids: [fresh[0].id, fresh[1].id, locked.id, unknown] }, { 'idempotency-key': `bulk-lock-${driver}` });
    expect(replay.json()).toEqual(summary);
    expect((await call(d.nordOperator, 'GET', cards(d.nord, `/${fresh[0].id}/history`))).json<CardEvent[]>().map((e) => e.type)).toEqual(['LOCK', 'ISSUE']);
    const unlock = await call(d.nordOperator, 'POST', cards(d.nord, '/bulk'), { action: 'unlock', ids: [fresh[0].id, fresh[1].id] });
    expect(unlock.json<CardBulkResult>()).toMatchObject({ succeeded: 2, failed: [] });

    const reload = await call(d.nordOperator, 'POST', cards(d.nord, '/bulk'), { action: 'reload', ids: [fresh[0].id, fresh[1].id, locked.id], params: { amountCents: 1_000 } });
    expect(reload.statusCode).toBe(200);
    expect(reload.json<CardBulkResult>()).toMatchObject({ action: 'reload', total: 3, succeeded: 2, failed: [{ id: locked.id, code: locked.number }] });
    expect(reload.json<CardBulkResult>().failed[0].error).toMatch(/^RELOAD_CARD_LOCKED$/);
    expect(await walletLedger(t.db.db, d.nord)).toMatchObject({ balance: 5_500, sum: 5_500 });
    const tooMuch = await call(d.nordOperator, 'POST', cards(d.nord, '/bulk'), { action: 'reload', ids: [fresh[0].id, fresh[1].id], params: { amountCents: 5_000 } });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ error: { message: 'WALLET_INSUFFICIENT' }, params: { shortfallCents: 4_500 } });
    expect(await walletLedger(t.db.db, d.nord)).toMatchObject({ balance: 5_500, sum: 5_500 });

    expect((await call(d.nordOperator, 'POST', cards(d.nord, '/bulk'), { action: 'reload', ids: [fresh[0].id] })).statusCode).toBe(400);
    expect((await call(d.nordOperator, 'POST', cards(d.nord, '/bulk'), { action: 'linkCompany', ids: [fresh[0].id], params: { companyId: d.acme } })).statusCode).toBe(404);
    const link = await call(d.referent, 'POST', cards(d.acme, '/bulk'), { action: 'linkCompany', ids: [fresh[0].id], params: { companyId: d.acme } });
    expect(link.json<CardBulkResult>()).toMatchObject({ succeeded: 1, failed: [] });
  });

  it('answers a replayed keyed bulk reload with its first answer, whatever happened to the cards since', async () => {
    await call(d.admin, 'POST', reloadableUrl(d.acme, 'wallet/fund'), { amountCents: 10_000 });
    const bulk = (ids: string[], key: string) => call(d.referent, 'POST', cards(d.acme, '/bulk'), { action: 'reload', ids, params: { amountCents: 1_000 } }, { 'idempotency-key': `${key}-${driver}` });
    const setState = (id: string, action: 'lock' | 'unlock') => call(d.referent, 'POST', cards(d.acme, `/${id}/${action}`));

    // both reloaded, then both locked: the replay still says both were reloaded (they hold the money)
    const both = await Promise.all([addCard(t.db.db, d.acme), addCard(t.db.db, d.acme)]);
    const first = await bulk([both[0].id, both[1].id], 'replay-ok');
    expect(first.json<CardBulkResult>()).toEqual({ action: 'reload', total: 2, succeeded: 2, failed: [] });
    for (const card of both) await setState(card.id, 'lock');
    const replay = await bulk([both[0].id, both[1].id], 'replay-ok');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());

    // one refused as locked, then unlocked: the replay still refuses it, and nothing more is credited
    const three = await Promise.all([addCard(t.db.db, d.acme), addCard(t.db.db, d.acme), addCard(t.db.db, d.acme, { status: 'LOCKED' })]);
    const ids = three.map((c) => c.id);
    const before = await walletLedger(t.db.db, d.acme);
    const partial = await bulk(ids, 'replay-locked');
    expect(partial.json<CardBulkResult>()).toEqual({ action: 'reload', total: 3, succeeded: 2, failed: [{ id: three[2].id, code: three[2].number, error: 'RELOAD_CARD_LOCKED' }] });
    await setState(three[2].id, 'unlock');
    const again = await bulk(ids, 'replay-locked');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(partial.json());
    expect((await call(d.referent, 'GET', cards(d.acme, `/${three[2].id}`))).json<ReloadableCard>().balanceCents).toBe(0);
    expect(await walletLedger(t.db.db, d.acme)).toMatchObject({ balance: before.balance - 2_000, sum: before.balance - 2_000 });
    // the same key with another selection is another request: refused
    expect((await bulk(ids.slice(0, 2), 'replay-locked')).statusCode).toBe(422);
  });
});
