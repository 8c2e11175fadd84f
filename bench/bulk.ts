/**
 * Bulk actions on gift cards at scale (issue 45), each beside a bare statement on the same rows
 * measured in the same run (not part of npm test):
 *
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/bulk.ts     # PostgreSQL, 200,000 cards
 *   node --import tsx bench/bulk.ts                                     # PGlite (in memory)
 *   BENCH_CARDS=… BENCH_BULK=… BENCH_RUNS=…                             # database size, cards per action, runs
 *
 * Every action goes through the HTTP route (POST …/giftcard/cards/bulk, app.inject: routing, auth,
 * validation, serialisation of the answer): disable then enable of BENCH_BULK cards by a progressive
 * range filter (the ids path accepts MAX_BULK_IDS ids; it is measured too, at that size), and
 * reload by the same filter, with and without an Idempotency-Key (the keyed run also writes a
 * progress row per card). Anchors: a bare `UPDATE gift_cards SET status = … WHERE id = ANY(…)` of
 * the same rows, and for reload a bare INSERT of one ledger row per card + the UPDATE of balances;
 * each anchor also runs once with the migrations' per-row `audit_row` triggers off (in this
 * throwaway database only), which shows their share. "this process's CPU" is the server's own
 * work (routing, rules, JSON) per action: the rest of the wall time is the database's.
 */
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows, type Db } from '../server/db/client';
import { login } from '../server/test/auth';
import { MAX_BULK_FILTER_CARDS, MAX_BULK_IDS } from '../domain/giftcards';
import { benchLog, cardListDatabase, openBenchDatabase, percentile, writeBenchResults } from './support';

const { lines, log } = benchLog();
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

interface Figure {
  name: string;
  times: number[];
  note: string;
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

function summary(f: Figure): { p50: number; p95: number } {
  const sorted = [...f.times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

async function timedSql(run: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await run();
  return performance.now() - t;
}

async function main() {
  const { handle, label, drop } = await openBenchDatabase('tessera_bulk', 20, { reuse: process.env.BENCH_REUSE_DB, keep: process.env.BENCH_KEEP === '1', log });
  const cards = Number(process.env.BENCH_CARDS ?? (label === 'postgres' ? 200_000 : 100_000));
  const size = Math.min(MAX_BULK_FILTER_CARDS, Number(process.env.BENCH_BULK ?? MAX_BULK_FILTER_CARDS));
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  log(`# Tessera bulk actions — ${label}, ${cards.toLocaleString('en')} cards, ${size.toLocaleString('en')} cards per action, ${runs} runs`);
  log(`# ${new Date().toISOString()}, node ${process.version}, load before: ${load()}`);
  const t0 = performance.now();
  const ids = process.env.BENCH_REUSE_DB
    ? (await queryRows<{ acme: string; nord: string }>(handle.db, sql`SELECT (SELECT id FROM companies WHERE code = 'ACME') AS acme, (SELECT id FROM companies WHERE code = 'ACME-NORD') AS nord`))[0]
    : await cardListDatabase(handle, cards);
  log(`# data ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const db = handle.db;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bulk-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), { db: handle });
  await app.ready();
  const token = (await login(app, 'operator@acme.test')).accessToken;
  const base = `/api/company/${ids.acme}/giftcard`;
  let keyN = 0;
  const post = async (body: unknown, keyed = false) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (keyed) headers['idempotency-key'] = `bench-bulk-${Date.now()}-${keyN++}`;
    const t = performance.now();
    const cpu = process.cpuUsage();
    const res = await app.inject({ method: 'POST', url: `${base}/cards/bulk`, headers, payload: body as object });
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu);
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}: ${res.body.slice(0, 300)}`);
    const r = res.json<{ total: number; succeeded: number; failed: unknown[] }>();
    return { ms, note: `${r.total} cards, ${r.succeeded} ok, ${r.failed.length} refused, answer ${(res.body.length / 1024).toFixed(0)} KB, this process's CPU ${((used.user + used.system) / 1e6).toFixed(2)} s` };
  };
  const idsOf = async (from: number, n: number) =>
    (await queryRows<{ id: string }>(db, sql`SELECT id FROM gift_cards WHERE progressive >= ${from} ORDER BY progressive LIMIT ${n}`)).map((r) => r.id);

  const figures: Figure[] = [];
  const add = (name: string, ms: number, note = '') => {
    let f = figures.find((x) => x.name === name);
    if (!f) figures.push((f = { name, times: [], note }));
    f.times.push(ms);
    if (note) f.note = note;
  };

  // one unmeasured round first: plans, caches, the JIT
  const warm = async (from: number) => {
    const filter = { progressiveFrom: from, progressiveTo: from + 999 };
    await post({ action: 'disable', filter });
    await post({ action: 'enable', filter });
    await post({ action: 'reload', filter, params: { amountCents: 100 } });
  };
  await warm(1);

  for (let run = 0; run < runs; run++) {
    // each run on its own slice of the cards (the ranges of a 200,000-card database are disjoint for 3 runs)
    const from = 2000 + ((run * size) % Math.max(1, cards - size - 2000));
    const filter = { progressiveFrom: from, progressiveTo: from + size - 1 };
    const rows = await idsOf(from, size);
    const uuids = `{${rows.join(',')}}`; // one array parameter (drizzle would spread a JS array into a row)
    log(`run ${run + 1}: progressive ${from}–${from + size - 1}, load ${load()}`);

    // each bare statement twice: as the application runs it (the per-row audit_row triggers of the
    // migrations fire) and, in this throwaway database only, with those triggers off — their share
    const statements: Array<[string, (tx: Db) => Promise<unknown>]> = [
      ['disable', (tx) => tx.execute(sql`UPDATE gift_cards SET enabled_status = status, status = 'DISABLED', updated_at = now() WHERE id = ANY(${uuids}::uuid[]) AND status = 'ACTIVE'`)],
      ['enable', (tx) => tx.execute(sql`UPDATE gift_cards SET status = enabled_status, enabled_status = NULL, updated_at = now() WHERE id = ANY(${uuids}::uuid[]) AND status = 'DISABLED' AND enabled_status IS NOT NULL`)],
      [
        'reload',
        async (tx) => {
          await tx.execute(sql`INSERT INTO gift_card_transactions (id, card_id, company_id, type, result, amount_cents, balance_after_cents, frozen_delta_cents, user_id, created_at)
            SELECT gen_random_uuid(), c.id, c.company_id, 'RECHARGE', 'SUCCESS', 100, c.balance_cents + 100, 0, NULL, clock_timestamp()
            FROM gift_cards c WHERE c.id = ANY(${uuids}::uuid[])`);
          await tx.execute(sql`UPDATE gift_cards SET balance_cents = balance_cents + 100, updated_at = now() WHERE id = ANY(${uuids}::uuid[])`);
        },
      ],
    ];
    const triggers = async (on: boolean) => {
      for (const table of ['gift_cards', 'gift_card_transactions']) await db.execute(sql.raw(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER audit_row`));
    };
    for (const [action, statement] of statements) {
      const label = action === 'reload' ? 'bare INSERT ledger rows + UPDATE balance (reload)' : `bare UPDATE status (${action})`;
      add(`anchor: ${label}`, await timedSql(() => db.transaction((tx) => statement(tx))));
    }
    for (const [action, statement] of statements) {
      const label = action === 'reload' ? 'bare INSERT ledger rows + UPDATE balance (reload)' : `bare UPDATE status (${action})`;
      await triggers(false);
      try {
        add(`  same, audit triggers off: ${label}`, await timedSql(() => db.transaction((tx) => statement(tx))));
      } finally {
        await triggers(true);
      }
    }

    const d = await post({ action: 'disable', filter });
    add(`bulk disable, filter of ${size.toLocaleString('en')}`, d.ms, d.note);
    const e = await post({ action: 'enable', filter });
    add(`bulk enable, filter of ${size.toLocaleString('en')}`, e.ms, e.note);
    const r = await post({ action: 'reload', filter, params: { amountCents: 100 } });
    add(`bulk reload, filter of ${size.toLocaleString('en')}`, r.ms, r.note);
    const k = await post({ action: 'reload', filter, params: { amountCents: 100 } }, true);
    add(`bulk reload, filter of ${size.toLocaleString('en')}, Idempotency-Key`, k.ms, k.note);
    // the ids path at its own maximum
    const few = rows.slice(0, MAX_BULK_IDS);
    const di = await post({ action: 'disable', ids: few });
    add(`bulk disable, ${MAX_BULK_IDS.toLocaleString('en')} ids`, di.ms, di.note);
    const ei = await post({ action: 'enable', ids: few });
    add(`bulk enable, ${MAX_BULK_IDS.toLocaleString('en')} ids`, ei.ms, ei.note);
  }
  log(`# load after: ${load()}`);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });

  const anchorOf = (name: string) => {
    if (name.includes(' ids')) return undefined;
    const action = ['reload', 'disable', 'enable'].find((a) => name.includes(a));
    return figures.find((f) => f.name.startsWith('anchor') && f.name.includes(`(${action})`));
    return undefined;
  };
  log('');
  log('| operation | runs | p50 | p95 | × bare statement (p50) | note |');
  log('| --- | --- | --- | --- | --- | --- |');
  for (const f of figures) {
    const s = summary(f);
    const a = f.name.startsWith('anchor') || f.name.includes('triggers off') ? undefined : anchorOf(f.name);
    const ratio = a ? `${(s.p50 / summary(a).p50).toFixed(1)}×` : '';
    log(`| ${f.name} | ${f.times.length} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${ratio} | ${f.note} |`);
  }
  log('');
  log(`(anchors act on all ${size.toLocaleString('en')} rows of the range; a 5,000-id action's anchor would be about a tenth)`);
  try {
    log(`# machine: ${execSync('nproc').toString().trim()} cores`);
  } catch {
    /* not Linux */
  }
  await handle.close();
  await drop();
  console.log(`\nwritten to ${path.relative(process.cwd(), writeBenchResults(`bulk-${label}`, lines))}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
