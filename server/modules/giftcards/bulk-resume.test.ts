import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../db/client';
import { idempotencyKeys, users } from '../../db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../test/app';
import { killProcess, startServerProcess, waitFor, type RunningServer } from '../../test/processes';
import { login } from '../../test/auth';
import { CONCURRENT_DRIVERS, createTestDb, DRIVERS } from '../../test/db';
import { hashOf } from '../../lib/idempotency';
import { caller, companyIdOf } from '../../test/builders';
import { addCard, addTypology } from '../../test/support/giftcards';

/** Cards of the company with a RECHARGE of exactly `amount`, counted per card. */
async function rechargesPerCard(db: Db, companyId: string, amount: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ n: string; cards: string }>(
    db,
    sql`SELECT n, count(*) AS cards FROM (
          SELECT c.id, (SELECT count(*) FROM gift_card_transactions x WHERE x.card_id = c.id AND x.type = 'RECHARGE' AND x.amount_cents = ${amount}) AS n
          FROM gift_cards c WHERE c.company_id = ${companyId}) per GROUP BY n`,
  );
  return new Map(rows.map((r) => [Number(r.n), Number(r.cards)]));
}

/** Cards whose running balance is not the sum of their SUCCESS ledger rows (must be none). */
async function ledgerMismatches(db: Db, companyId: string): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM gift_cards c WHERE c.company_id = ${companyId}
          AND c.balance_cents <> (SELECT coalesce(sum(amount_cents), 0) FROM gift_card_transactions x WHERE x.card_id = c.id AND x.result = 'SUCCESS')`,
  );
  return Number(row.n);
}

/**
 * A keyed bulk whose runner is gone must finish exactly once on the next call with the key.
 * Both drivers: the state a dead runner leaves (claim with a run-out lease, its target ids, the
 * cards it moved with their progress rows) is written directly, and the retry is an inject call.
 */
describe.each(DRIVERS)('keyed bulk takeover (%s)', (driver) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let token: string;
  let userId: string;
  let companyId: string;
  let cards: Array<{ id: string; code: string }>;

  beforeAll(async () => {
    t = await createTestApp(driver);
    call = caller(t.app);
    token = (await login(t.app, 'admin@tessera.test')).accessToken;
    [{ id: userId }] = await queryRows<{ id: string }>(t.db.db, sql`SELECT id FROM ${users} WHERE email = 'admin@tessera.test'`);
    companyId = await companyIdOf(t.db.db, 'ACME');
    const typologyId = await addTypology(t.db.db);
    cards = [];
    for (let i = 0; i < 12; i += 1) cards.push(await addCard(t.db.db, { companyId, typologyId, balanceCents: 1000, status: i === 11 ? 'LOCKED' : 'ACTIVE' }));
  });
  afterAll(() => t.close());

  it('answers 409 while the lease is live, then finishes only the cards left and answers the whole summary', async () => {
    const body = { action: 'reload', ids: cards.map((c) => c.id), params: { amountCents: 77 } };
    const route = `cards.bulk:${companyId}`;
    const key = `takeover-${driver}`;
    // what a runner that died after moving the first five cards leaves behind
    const done = cards.slice(0, 5);
    const moved = await call(token, 'POST', `/api/company/${companyId}/giftcard/cards/bulk`, { ...body, ids: done.map((c) => c.id) });
    expect(moved.json().succeeded).toBe(5);
    const [claim] = await t.db.db
      .insert(idempotencyKeys)
      .values({ key, userId, route, requestHash: hashOf({ key, userId, route, body }), leaseOwner: 'dead-runner', leaseExpiresAt: sql`now() + interval '1 hour'`, work: { ids: body.ids } })
      .returning({ id: idempotencyKeys.id });
    for (const card of done) await t.db.db.execute(sql`INSERT INTO bulk_action_items (key_id, card_id, card_code) VALUES (${claim.id}, ${card.id}, ${card.code})`);

    const retry = () => call(token, 'POST', `/api/company/${companyId}/giftcard/cards/bulk`, body, { 'idempotency-key': key });
    const live = await retry();
    expect(live.statusCode).toBe(409);
    expect(live.json().error.message).toBe('CONFLICT');

    await t.db.db.execute(sql`UPDATE idempotency_keys SET lease_expires_at = now() - interval '1 second' WHERE id = ${claim.id}`);
    const finished = await retry();
    expect(finished.statusCode).toBe(200);
    const locked = cards[11];
    expect(finished.json()).toEqual({ action: 'reload', total: 12, succeeded: 11, failed: [{ id: locked.id, code: locked.code, error: 'CARD_LOCKED' }] });
    // each card once: the LOCKED one's refusal is its ERROR row (amount 0)
    expect(await rechargesPerCard(t.db.db, companyId, 77)).toEqual(new Map([[1, 11], [0, 1]]));
    expect(await ledgerMismatches(t.db.db, companyId)).toBe(0);
    // the stored answer is replayed; the progress rows went with it
    expect((await retry()).json()).toEqual(finished.json());
    expect(await queryRows(t.db.db, sql`SELECT 1 FROM bulk_action_items WHERE key_id = ${claim.id}`)).toEqual([]);
  });

  it('drops a claim whose work failed before anything moved, so the same key runs afresh', async () => {
    const key = `fails-${driver}`;
    const bad = { action: 'editExpiry', ids: [cards[0].id], params: { expireDate: '2001-01-01' } };
    const first = await call(token, 'POST', `/api/company/${companyId}/giftcard/cards/bulk`, bad, { 'idempotency-key': key });
    expect(first.statusCode).toBe(400);
    expect(await queryRows(t.db.db, sql`SELECT 1 FROM idempotency_keys WHERE key = ${key}`)).toEqual([]);
  });
});

const CARDS = 3000;
const CHUNK = 500; // bulk.service.ts CHUNK
const LEASE_SECONDS = 2;


/**
 * The crash the issue describes, for real: a server process on PostgreSQL runs a keyed bulk
 * reload of 3,000 cards and is killed with SIGKILL part-way; a new process gets the same request
 * with the same key and must finish it, each card reloaded exactly once, answering the summary of
 * all 3,000. The kill point is made exact by holding one card of each of the next chunks locked
 * from the test (the bulk's chunks wait on them), so `done` chunks have committed and the next
 * ones are mid-transaction when the process dies.
 */
describe.each(CONCURRENT_DRIVERS)('keyed bulk reload survives a killed server process (%s)', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let dataDir: string;
  let companyId: string;
  let ids: string[];
  let lockedCards: Array<{ id: string; code: string }>;
  let server: RunningServer | null = null;
  let token: string;

  beforeAll(async () => {
    db = await createTestDb('postgres');
    dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-kill-'));
    await seedDemoData(db.db);
    companyId = await companyIdOf(db.db, 'ACME');
    const typologyId = await addTypology(db.db);
    // 3,000 active cards of 10.00, every 300th LOCKED (a refusal the summary must list)
    await db.db.execute(sql`
      WITH made AS (
        INSERT INTO gift_cards (company_id, typology_id, code, progressive, status, enabled_status, balance_cents, activation_date)
        SELECT ${companyId}, ${typologyId}, 'KILL' || lpad(g::text, 12, '0'), 900000 + g,
          CASE WHEN g % 300 = 0 THEN 'LOCKED' ELSE 'ACTIVE' END, CASE WHEN g % 300 = 0 THEN 'ACTIVE' END, 1000, now()
        FROM generate_series(1, ${CARDS}) g
        RETURNING id)
      INSERT INTO gift_card_transactions (card_id, company_id, type, amount_cents, balance_after_cents)
      SELECT id, ${companyId}, 'ACTIVATE', 1000, 1000 FROM made`);
    const rows = await queryRows<{ id: string; code: string; status: string }>(db.db, sql`SELECT id, code, status FROM gift_cards WHERE company_id = ${companyId} ORDER BY id`);
    ids = rows.map((r) => r.id);
    lockedCards = rows.filter((r) => r.status === 'LOCKED').map(({ id, code }) => ({ id, code }));
    server = await startServerProcess(db.url!, dataDir, { BULK_LEASE_SECONDS: String(LEASE_SECONDS) });
    // signed in through the real HTTP API: built-in identity provider, then token exchange
    const signIn = await fetch(`${server.base}/identity/v1/accounts:signInWithPassword?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tessera.test', password: DEMO_PASSWORD, tenantId: 'tessera', returnSecureToken: true }),
    });
    const { idToken } = (await signIn.json()) as { idToken: string };
    const exchange = await fetch(`${server.base}/api/auth/token-exchange`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fireBaseToken: idToken }) });
    ({ accessToken: token } = (await exchange.json()) as { accessToken: string });
  }, 60_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) await killProcess(server);
    await db?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const bulk = (base: string, amount: number, key: string) =>
    fetch(`${base}/api/company/${companyId}/giftcard/cards/bulk`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: JSON.stringify({ action: 'reload', ids, params: { amountCents: amount } }),
    });

  /** progress rows of the key, and RECHARGE rows (moves and refusals) written since `since` */
  const progress = async (key: string, since: Date) => {
    const [row] = await queryRows<{ items: string; recharges: string }>(
      db.db,
      sql`SELECT (SELECT count(*) FROM bulk_action_items i JOIN idempotency_keys k ON k.id = i.key_id WHERE k.key = ${key}) AS items,
            (SELECT count(*) FROM gift_card_transactions WHERE company_id = ${companyId} AND type = 'RECHARGE' AND created_at >= ${since.toISOString()}::timestamptz) AS recharges`,
    );
    return { items: Number(row.items), recharges: Number(row.recharges) };
  };
  const waitingOnLocks = async () => {
    const [row] = await queryRows<{ n: string }>(db.db, sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    return Number(row.n);
  };

  it.each([
    ['early', 1],
    ['middle', 3],
    ['late', 5],
  ])('kill %s (after %i chunks of 500): the retry with the key moves each card exactly once and answers all 3,000', async (_point, doneChunks) => {
    const amount = 100 + doneChunks;
    const key = `kill-${amount}`;
    const started = new Date();
    if (!server || server.child.exitCode !== null) server = await startServerProcess(db.url!, dataDir, { BULK_LEASE_SECONDS: String(LEASE_SECONDS) });
    // hold one card of each chunk from `doneChunks` on, so the run stops exactly there
    const holder = new pg.Client({ connectionString: db.url! });
    await holder.connect();
    await holder.query('BEGIN');
    const held = Array.from({ length: CARDS / CHUNK - doneChunks }, (_, i) => ids[(doneChunks + i) * CHUNK + 1]);
    await holder.query('SELECT id FROM gift_cards WHERE id = ANY($1::uuid[]) FOR UPDATE', [held]);

    const first = bulk(server!.base, amount, key).catch((error: unknown) => error);
    await waitFor(async () => (await progress(key, started)).items === doneChunks * CHUNK, `${doneChunks * CHUNK} cards done`);
    await waitFor(async () => (await waitingOnLocks()) >= Math.min(4, held.length), 'the next chunks waiting');
    const atKill = await progress(key, started);
    await killProcess(server!);
    const killedAt = Date.now();
    expect(await first).toBeInstanceOf(Error); // the client lost its answer
    // progress is recorded with the work: as many moved cards as progress rows, nothing more
    expect(atKill).toEqual({ items: doneChunks * CHUNK, recharges: doneChunks * CHUNK });
    await holder.query('ROLLBACK');
    await holder.end();
    expect(await progress(key, started)).toEqual(atKill); // the killed chunks rolled back

    server = await startServerProcess(db.url!, dataDir, { BULK_LEASE_SECONDS: String(LEASE_SECONDS) });
    const answers: number[] = [];
    let summary: { action: string; total: number; succeeded: number; failed: unknown[] } | null = null;
    await waitFor(
      async () => {
        const res = await bulk(server!.base, amount, key);
        answers.push(res.status);
        if (res.status === 200) summary = (await res.json()) as typeof summary;
        else expect(((await res.json()) as { error: { message: string } }).error.message).toBe('CONFLICT');
        return res.status === 200;
      },
      'the retry to finish',
      (LEASE_SECONDS + 20) * 1000,
    );
    expect(new Set(answers.slice(0, -1))).toEqual(new Set(answers.length > 1 ? [409] : []));
    expect(summary).toEqual({
      action: 'reload',
      total: CARDS,
      succeeded: CARDS - lockedCards.length,
      failed: expect.arrayContaining(lockedCards.map((c) => ({ ...c, error: 'CARD_LOCKED' }))),
    });
    expect(summary!.failed).toHaveLength(lockedCards.length);
    // every card moved exactly once under this key (a LOCKED card has its one refused ERROR row, amount 0)
    expect(await rechargesPerCard(db.db, companyId, amount)).toEqual(new Map([[1, CARDS - lockedCards.length], [0, lockedCards.length]]));
    const [errors] = await queryRows<{ n: string }>(db.db, sql`SELECT count(*) AS n FROM gift_card_transactions WHERE type = 'RECHARGE' AND result = 'ERROR' AND created_at >= ${started.toISOString()}::timestamptz`);
    expect(Number(errors.n)).toBe(lockedCards.length);
    expect(await ledgerMismatches(db.db, companyId)).toBe(0);
    // a later replay answers the stored summary
    expect(await (await bulk(server!.base, amount, key)).json()).toEqual(summary);
    console.info(`kill ${_point}: ${atKill.items}/${CARDS} done at kill; retry finished ${Date.now() - killedAt} ms after the kill (${answers.length} calls)`);
  }, 90_000);
});
