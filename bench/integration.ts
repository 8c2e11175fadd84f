/**
 * Integration API benchmark (issue 22, made honest in issue 45; not part of npm test):
 * BENCH_INTEGRATION_TILLS (50) tills, each with its own API key for one store, consume from
 * BENCH_INTEGRATION_CARDS (500) cards over real HTTP for BENCH_INTEGRATION_SECONDS (15), every call
 * with its own Idempotency-Key and every tenth call a retry of the till's previous one (the answer
 * must be its replay). The server runs in this process (a pool of BENCH_INTEGRATION_POOL
 * connections); the load comes from a process of its own (integration-load.mjs beside this file),
 * so the two do not share a CPU's event loop. Prints req/s and latencies, the database round trips
 * of one call, then sums the ledger: every accepted consumption is there once, and nothing else
 * (zero lost or doubled moves). On PostgreSQL the anchor is measured in the same run: pgbench's
 * TPC-B (scale BENCH_PGBENCH_SCALE, 50) on a throwaway database of the same server, as many clients
 * as tills, for as long. Writes bench/results/integration-<driver>.txt.
 *
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/integration.ts   # PostgreSQL (throwaway databases)
 *   node --import tsx bench/integration.ts                                   # PGlite (in memory)
 *
 * BENCH_INTEGRATION_TRACE=1 prints the statements of one call; BENCH_INTEGRATION_PROFILE=<file>
 * writes a CPU profile of this process (the server alone) during the measured run.
 */
import { execFile, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { newApiKey } from '../server/modules/integration-api/keys';
import { seedDemoData } from '../server/seed/demo';
import { newCardCode } from '../server/seed/giftcards';
import { benchLog, percentile, openBenchDatabase, writeBenchResults } from './support';

const CARDS = Number(process.env.BENCH_INTEGRATION_CARDS ?? 500);
const TILLS = Number(process.env.BENCH_INTEGRATION_TILLS ?? 50);
const SECONDS = Number(process.env.BENCH_INTEGRATION_SECONDS ?? 15);
const POOL = Number(process.env.BENCH_INTEGRATION_POOL ?? 20);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 50);
const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';
/** every card starts with 1,000 € and a call consumes at most 1 €: no call is refused for the balance */
const START_CENTS = 100_000;
const { lines, log } = benchLog();

interface Tally {
  times: number[];
  accepted: number;
  acceptedCents: number;
  replays: number;
  badReplays: number;
  errors: number;
  statuses: Record<string, number>;
  elapsed: number;
  /** the load generator's own CPU time */
  cpuMs: number;
}

/** Every statement the server sends PostgreSQL (node-postgres' Client.query): counted, and kept while `trace` holds an array. */
const statements = { count: 0, trace: null as Array<{ text: string; values: unknown[] }> | null };
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements.count++;
  if (statements.trace) {
    const first = args[0] as string | { text?: string; name?: string; values?: unknown[] };
    const values = (Array.isArray(args[1]) ? args[1] : typeof first === 'object' ? first.values : undefined) ?? [];
    statements.trace.push({ text: typeof first === 'string' ? first : (first.text ?? ''), values });
  }
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

/** The load generator's run, in its own process. */
function load(job: { base: string; tills: Array<{ key: string }>; codes: string[]; seconds: number; tag: string }): Promise<Tally> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'integration-load.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
    child.once('message', (tally) => resolve(tally as Tally));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`load generator exited with ${code}`))));
    child.send(job);
  });
}

const run = promisify(execFile);

/** pgbench's TPC-B on a throwaway database of the same server: `clients` clients for `seconds` (prepared statements). */
async function pgbenchTpcB(adminUrl: string, clients: number, seconds: number, log: (message: string) => void): Promise<{ tps: number; latencyMs: number }> {
  const url = new URL(adminUrl);
  const name = `tessera_bench_pgbench_${Math.random().toString(16).slice(2, 10)}`;
  const base = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      await run(PGBENCH, [...base, '-i', '-q', '-s', String(PGBENCH_SCALE), name], { env, maxBuffer: 1 << 24 });
      const { stdout } = await run(PGBENCH, [...base, '-c', String(clients), '-j', '2', '-T', String(seconds), '-M', 'prepared', name], { env, maxBuffer: 1 << 24 });
      const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
      const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
      if (!Number.isFinite(tps)) throw new Error(`pgbench said: ${stdout}`);
      return { tps, latencyMs };
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((error: unknown) => log(`could not drop ${name}: ${String(error)}`));
    }
  } finally {
    await admin.end();
  }
}

async function main() {
  const { handle, label, drop } = await openBenchDatabase('tessera_bench_integration', POOL, { log });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-integration-'));
  try {
    await runMigrations(handle);
    await seedDemoData(handle.db);
    const [ids] = await queryRows<{ acme: string; operator: string }>(
      handle.db,
      sql`SELECT (SELECT id FROM companies WHERE code = 'ACME') AS acme, (SELECT id FROM users WHERE email = 'operator@acme.test') AS operator`,
    );
    const [typology] = await queryRows<{ id: string }>(
      handle.db,
      sql`INSERT INTO card_typologies (name, type, value_cents, sku, expiration_type, expiration_months) VALUES ('Bench till', 'PHYSICAL', ${START_CENTS}, 'BENCH-TILL', 'MONTHS_FROM_ACTIVATION', 12) RETURNING id`,
    );
    const cards = Array.from({ length: CARDS }, (_, i) => ({ code: newCardCode(), progressive: 900_000_000 + i }));
    const cardIds = await queryRows<{ id: string; code: string }>(
      handle.db,
      sql`INSERT INTO gift_cards (company_id, typology_id, code, progressive, status, balance_cents, activation_date, expire_date)
          SELECT ${ids.acme}, ${typology.id}, r.code, r.progressive, 'ACTIVE', ${START_CENTS}, now(), now() + interval '1 year'
          FROM jsonb_to_recordset(${JSON.stringify(cards)}::jsonb) AS r(code text, progressive bigint) RETURNING id, code`,
    );
    await handle.db.execute(sql`INSERT INTO gift_card_transactions (card_id, company_id, type, amount_cents, balance_after_cents)
        SELECT id, company_id, 'ACTIVATE', balance_cents, balance_cents FROM gift_cards WHERE typology_id = ${typology.id}`);
    // one store and one key per till, made by Acme's operator (privative.transactions, searchByCode)
    const tills: Array<{ key: string; store: string }> = [];
    for (let i = 0; i < TILLS; i++) {
      const store = `BENCH-T${i + 1}`;
      const [row] = await queryRows<{ id: string }>(handle.db, sql`INSERT INTO stores (company_id, code, name, store_category_id) VALUES (${ids.acme}, ${store}, ${`Till ${i + 1}`}, 'RETAIL') RETURNING id`);
      const made = newApiKey();
      await handle.db.execute(sql`INSERT INTO api_keys (company_id, store_id, name, prefix, secret_hash, scopes, created_by_user_id)
          VALUES (${ids.acme}, ${row.id}, ${store}, ${made.prefix}, ${made.secretHash}, ${JSON.stringify(['giftcards.balance', 'giftcards.move'])}::jsonb, ${ids.operator})`);
      tills.push({ key: made.key, store });
    }
    await handle.db.execute(sql`ANALYZE`);

    // the per-key limit is counted as in production, high enough not to refuse a bench till
    const config = loadConfig({ DATA_DIR: dataDir, SPA_DIR: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'warn', PUBLIC_URL: 'http://bench.test', INTEGRATION_RATE_LIMIT_PER_MINUTE: '1000000' });
    const app = await buildApp(config, { db: handle, mailTransport: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/integration/v1/giftcards/consume`;

    const codes = cardIds.map((card) => card.code);
    const job = { base, tills, codes };

    if (process.env.BENCH_INTEGRATION_TRACE) {
      // one call's statements, as PostgreSQL gets them
      statements.trace = [];
      const res = await fetch(base, { method: 'POST', headers: { authorization: `Bearer ${tills[0].key}`, 'idempotency-key': 'trace-1', 'content-type': 'application/json' }, body: JSON.stringify({ code: codes[0], amountCents: 1 }) });
      await res.text();
      const traced = statements.trace;
      statements.trace = null;
      log(`one call (${res.status}): ${traced.length} statements`);
      for (const { text } of traced) log(`  ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
      // each statement's plan as it ran, in a transaction rolled back (the writes undone)
      const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://none');
      url.pathname = `/${(await queryRows<{ name: string }>(handle.db, sql`SELECT current_database() AS name`))[0].name}`;
      const explain = new pg.Client({ connectionString: url.toString() });
      if (label === 'postgres') {
        explain.on('error', (error) => log(`  EXPLAIN connection lost: ${error.message}`));
        await explain.connect();
        for (const { text, values } of traced) {
          if (!/^\s*(select|insert|update|with)\b/i.test(text) || /set_config/.test(text)) continue;
          try {
            await explain.query('BEGIN');
            // a ledger row's id is taken by the call itself: the replayed insert writes a row of a new id
            const fresh = values.map((value) => (typeof value === 'string' && value.startsWith('[{"id":') ? value.replace(/"id":"[0-9a-f-]{36}"/g, () => `"id":"${randomUUID()}"`) : value));
            const plan = (await clientQuery.call(explain, `EXPLAIN (ANALYZE, BUFFERS) ${text}`, fresh)) as { rows: Array<{ 'QUERY PLAN': string }> };
            await explain.query('ROLLBACK');
            const lines = plan.rows.map((row) => row['QUERY PLAN']);
            log(`  EXPLAIN ${text.replace(/\s+/g, ' ').slice(0, 80)}…: ${lines.filter((line) => /Planning Time|Execution Time|Buffers: shared/.test(line)).slice(-4).map((line) => line.trim()).join('; ')}`);
          } catch (error) {
            log(`  EXPLAIN ${text.replace(/\s+/g, ' ').slice(0, 80)}… failed: ${(error as Error).message}`);
            await explain.query('ROLLBACK').catch(() => undefined);
          }
        }
        await explain.end().catch(() => undefined);
      }
    }

    await load({ ...job, seconds: 2, tag: 'warm' }); // warm-up: plans, JIT, pool connections (its moves are summed too)
    const [warm] = await queryRows<{ consumed: string; moves: string }>(
      handle.db,
      sql`SELECT coalesce(-sum(amount_cents), 0) AS consumed, count(*) AS moves FROM gift_card_transactions t JOIN gift_cards c ON c.id = t.card_id WHERE c.typology_id = ${typology.id} AND t.type = 'CONSUME' AND t.result = 'SUCCESS'`,
    );
    const loadBefore = loadavg()[0];
    const profile = process.env.BENCH_INTEGRATION_PROFILE;
    const session = profile ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const counted = statements.count;
    let connections = 0;
    app.server.on('connection', () => void connections++);
    const cpuBefore = process.cpuUsage();
    const eluBefore = performance.eventLoopUtilization();
    const tally = await load({ ...job, seconds: SECONDS, tag: 'run' });
    const sent = statements.count - counted;
    const cpu = process.cpuUsage(cpuBefore);
    const elu = performance.eventLoopUtilization(eluBefore);
    if (session) {
      const { profile: taken } = await session.post('Profiler.stop');
      writeFileSync(profile as string, JSON.stringify(taken));
      session.disconnect();
    }
    const elapsed = tally.elapsed;
    await app.close();
    const loadAfter = loadavg()[0];

    const [ledger] = await queryRows<{ consumed: string; moves: string; errors: string; balances: string; drift: string }>(
      handle.db,
      sql`SELECT coalesce(-sum(t.amount_cents) FILTER (WHERE t.type = 'CONSUME' AND t.result = 'SUCCESS'), 0) AS consumed,
            count(*) FILTER (WHERE t.type = 'CONSUME' AND t.result = 'SUCCESS') AS moves,
            count(*) FILTER (WHERE t.result = 'ERROR') AS errors,
            (SELECT sum(balance_cents) FROM gift_cards WHERE typology_id = ${typology.id}) AS balances,
            (SELECT count(*) FROM gift_cards c WHERE c.typology_id = ${typology.id}
               AND c.balance_cents <> (SELECT sum(x.amount_cents) FROM gift_card_transactions x WHERE x.card_id = c.id AND x.result = 'SUCCESS')) AS drift
          FROM gift_card_transactions t JOIN gift_cards c ON c.id = t.card_id WHERE c.typology_id = ${typology.id}`,
    );
    const moves = Number(ledger.moves) - Number(warm.moves);
    const consumed = Number(ledger.consumed) - Number(warm.consumed);
    const lost = tally.accepted - moves;
    const times = tally.times.sort((a, b) => a - b);
    const rps = times.length / elapsed;
    const anchor = label === 'postgres' ? await pgbenchTpcB(process.env.BENCH_DATABASE_URL as string, TILLS, SECONDS, log) : null;
    const exact = lost === 0 && consumed === tally.acceptedCents && Number(ledger.drift) === 0 && tally.badReplays === 0 && Number(ledger.balances) === CARDS * START_CENTS - Number(ledger.consumed);

    log(`integration bench on ${label} (load ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after the run; node ${process.version}): ${TILLS} tills (a key each, load generator in its own process) consuming from ${CARDS} cards over HTTP for ${SECONDS} s, server pool ${label === 'postgres' ? POOL : 1}`);
    log(`  ${rps.toFixed(0)} req/s  p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms  p99 ${percentile(times, 0.99).toFixed(1)} ms  (${times.length} calls: ${tally.accepted} consumptions, ${tally.replays} retries, ${tally.errors} refused${tally.errors ? ` ${JSON.stringify(tally.statuses)}` : ''})`);
    log(`  server process CPU: ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(2)} ms per call (${(cpu.user / 1000 / times.length).toFixed(2)} user, ${(cpu.system / 1000 / times.length).toFixed(2)} system), ${((cpu.user + cpu.system) / 10_000 / elapsed).toFixed(0)}% of one core`);
    // the server's one thread: busy (its event loop not waiting) for this share of the run; the
    // time inside system calls (a socket write to PostgreSQL per statement) is busy without being CPU
    log(`  server event loop busy ${(elu.utilization * 100).toFixed(0)}% of the run (CPU time plus time blocked in system calls)`);
    log(`  load generator process CPU: ${(tally.cpuMs / times.length).toFixed(2)} ms per call, ${(tally.cpuMs / 10 / elapsed).toFixed(0)}% of one core`);
    log(`  ${connections} HTTP connections opened for ${times.length} calls (keep-alive)`);
    if (label === 'postgres') log(`  ${(sent / times.length).toFixed(2)} database round trips per call (${sent} statements for ${times.length} calls, BEGIN/COMMIT included)`);
    if (anchor) {
      log(`  anchor: pgbench TPC-B (scale ${PGBENCH_SCALE}, ${TILLS} clients, -M prepared, ${SECONDS} s) on the same PostgreSQL: ${anchor.tps.toFixed(0)} tps, latency average ${anchor.latencyMs.toFixed(1)} ms (load ${loadavg()[0].toFixed(1)} after it)`);
      log(`  ratio: ${(rps / anchor.tps).toFixed(2)}× pgbench's tps (target ≥ 0.5×, p95 ≤ 50 ms)`);
      // what the target's rate would take of this machine, at this run's cost per call, before the database's share
      const target = anchor.tps / 2;
      const cores = (msPerCall: number) => ((target * msPerCall) / 1000).toFixed(2);
      log(
        `  at the target's ${target.toFixed(0)} req/s: the load generator alone would need ${cores(tally.cpuMs / times.length)} cores and the server process ${cores((cpu.user + cpu.system) / 1000 / times.length)} cores of CPU (this machine: ${availableParallelism()})`,
      );
    }
    log(`  ledger: ${moves} CONSUME rows for ${tally.accepted} accepted calls, ${consumed} cents for ${tally.acceptedCents} accepted; ${tally.badReplays} retries not answered as replays; ${ledger.drift} cards whose balance differs from their ledger`);
    log(`  ${exact ? 'zero lost or doubled moves' : 'MISMATCH: moves lost or doubled'}`);
    writeBenchResults(`integration-${label}`, lines);
    if (!exact) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await handle.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
