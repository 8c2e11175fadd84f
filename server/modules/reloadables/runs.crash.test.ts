import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { DEMO_PASSWORD, seedDemoData } from '../../seed/demo';
import { CONCURRENT_DRIVERS, createTestDb } from '../../test/db';
import { killProcess, signInOverHttp, startServerProcess, waitFor, type RunningServer } from '../../test/processes';
import { companyIdOf } from '../../test/builders';
import { addReloadableCards, fundWallet, runLedger, walletOf } from '../../test/support/reloadables-runs';

const ROWS = 1000;
const CHUNK = 100; // RELOAD_CHUNK_ROWS of both servers
const DONE_CHUNKS = 3;
const STALE_SECONDS = 2;
/** both servers: the job runner polling fast, a crashed worker's job taken over after STALE_SECONDS, small chunks */
const SERVER_ENV = {
  NODE_ENV: 'test',
  TEST_CLOCK: '1',
  JOBS_POLL_INTERVAL_MS: '100',
  JOBS_STALE_AFTER_SECONDS: String(STALE_SECONDS),
  RELOAD_CHUNK_ROWS: String(CHUNK),
  // the test holds a row lock on purpose while the runner waits: no lock timeout to race on a loaded machine
  DB_LOCK_TIMEOUT_SECONDS: '0',
};


/**
 * Two real server processes share a PostgreSQL database; the one whose job runner took a planned
 * run is killed with SIGKILL in the middle of it, and the other must finish it: every row
 * credited exactly once. The kill point is exact: the test holds a card of chunk DONE_CHUNKS + 1
 * locked, so DONE_CHUNKS chunks have committed and the next is mid-transaction when the process dies.
 */
describe.each(CONCURRENT_DRIVERS)('a planned run survives a killed scheduler (%s)', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let dataDir: string;
  let acme: string;
  let cards: Array<{ id: string; number: string }>;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    db = await createTestDb('postgres');
    dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-reload-kill-'));
    await seedDemoData(db.db);
    acme = await companyIdOf(db.db, 'ACME');
    cards = await addReloadableCards(db.db, acme, ROWS);
    await fundWallet(db.db, acme, ROWS * 100);
    servers.push(...(await Promise.all([startServerProcess(db.url!, dataDir, SERVER_ENV), startServerProcess(db.url!, dataDir, SERVER_ENV)])));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map(killProcess));
    await db?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const completed = async () => Number((await queryRows<{ n: string }>(db.db, sql`SELECT count(*) AS n FROM reload_rows WHERE company_id = ${acme} AND state = 'COMPLETED'`))[0].n);
  const waitingOnLocks = async () =>
    Number((await queryRows<{ n: string }>(db.db, sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n);

  it('the other instance takes the job over after the stale delay and credits every remaining row once', async () => {
    const [a, b] = servers;
    const accessToken = await signInOverHttp(a.base, 'referent@acme.test', DEMO_PASSWORD);

    // planned two minutes ahead by the real clock: due on A only once the test moves A's clock
    const scheduledAt = new Date(Date.now() + 120_000);
    const created = await fetch(`${a.base}/api/company/${acme}/reloadable/reloads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ source: 'CSV', fileName: 'kill.csv', scheduledAt: scheduledAt.toISOString(), rows: cards.map((c, i) => ({ row: i + 1, cardId: c.id, amountCents: 100 })) }),
    });
    expect(created.status).toBe(201);
    const run = (await created.json()) as { id: string };
    expect(await walletOf(db.db, acme)).toEqual({ balance: ROWS * 100, reserved: ROWS * 100, movementsSum: ROWS * 100 });

    const holder = new pg.Client({ connectionString: db.url! });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM reloadable_cards WHERE id = $1 FOR UPDATE', [cards[DONE_CHUNKS * CHUNK + 1].id]);

    const moved = await fetch(`${a.base}/api/test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: new Date(scheduledAt.getTime() + 1000).toISOString() }) });
    expect(moved.status).toBe(200);
    await waitFor(async () => (await completed()) === DONE_CHUNKS * CHUNK, `${DONE_CHUNKS} chunks credited`);
    await waitFor(async () => (await waitingOnLocks()) >= 1, 'the next chunk waiting on the held card');
    // the other instance shows the progress of the committed chunks while the run is under way
    const during = await fetch(`${b.base}/api/company/${acme}/reloadable/reloads/${run.id}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await during.json()).toMatchObject({ state: 'IN_PROGRESS', progress: { done: DONE_CHUNKS * CHUNK, total: ROWS }, creditedCount: DONE_CHUNKS * CHUNK });
    await killProcess(a);
    const killedAt = Date.now();
    await holder.query('ROLLBACK');
    await holder.end();
    expect(await completed()).toBe(DONE_CHUNKS * CHUNK); // the open chunk rolled back with the process

    await waitFor(
      async () => (await queryRows<{ state: string }>(db.db, sql`SELECT state FROM reload_runs WHERE id = ${run.id}`))[0].state === 'COMPLETED',
      'B to finish the run',
      (STALE_SECONDS + 30) * 1000,
    );
    expect(b.child.exitCode).toBeNull();
    expect(await runLedger(db.db, run.id)).toEqual({ rows: ROWS, completed: ROWS, deleted: 0, eventsBad: 0, movesBad: 0, cardsBad: 0, reserved: 0 });
    expect(await walletOf(db.db, acme)).toEqual({ balance: 0, reserved: 0, movementsSum: 0 });
    const [counters] = await queryRows<{ credited_count: number; credited_cents: string }>(db.db, sql`SELECT credited_count, credited_cents FROM reload_runs WHERE id = ${run.id}`);
    expect({ count: Number(counters.credited_count), cents: Number(counters.credited_cents) }).toEqual({ count: ROWS, cents: ROWS * 100 });
    console.info(`reload kill: ${DONE_CHUNKS * CHUNK}/${ROWS} rows done at kill; the other instance finished ${Date.now() - killedAt} ms after the kill`);
  }, 120_000);
});
