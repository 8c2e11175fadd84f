/**
 * Dashboard benchmark (not part of npm test; issue 21). On PostgreSQL (BENCH_DATABASE_URL; PGlite
 * in memory without it, for a small BENCH_DASHBOARD_CARDS):
 * - BENCH_DASHBOARD_CARDS (1,000,000) gift cards over the last year, spread over 20 companies (Acme,
 *   Acme Nord and 18 sub-companies of Acme), 8 typologies and 40 stores, 5 ledger rows each (SOLD,
 *   ACTIVATE, three CONSUMEs, one of every ten consumes partly RETURNed): ~5,000,000 rows, written by
 *   the database itself (INSERT … SELECT generate_series), the ledger's indexes rebuilt after;
 * - the rollup from nothing (every day since the first move: the backfill a new installation runs);
 * - GET …/dashboard/stats through the API (app.inject), BENCH_DASHBOARD_CALLS (300) calls per case
 *   with varied periods (30 days, 1 year, 2 years, different ends), provider-wide and for one
 *   company, as admin (premium: previous period and breakdowns): p50/p95 per case, target p95 ≤ 100 ms.
 *
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/dashboard.ts
 *   BENCH_DASHBOARD_KEEP=1 keeps the database; BENCH_DASHBOARD_REUSE=<name> measures a kept one again.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows, type Db } from '../server/db/client';
import { MIGRATIONS_FOLDER, runMigrations } from '../server/db/migrate';
import { addDays, businessDay } from '../server/modules/dashboard/days';
import { runDashboardRollup } from '../server/modules/dashboard/rollup';
import { seedDemoData } from '../server/seed/demo';
import { login } from '../server/test/auth';
import { benchLog, openBenchDatabase, percentile, writeBenchResults } from './support';

const CARDS = Number(process.env.BENCH_DASHBOARD_CARDS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_DASHBOARD_CALLS ?? 300);
const TARGET_P95_MS = 100;
const COMPANIES = 20;
const TYPOLOGIES = 8;
const STORES = 40;
const { lines, log } = benchLog();

function ledgerIndexes(): Array<{ name: string; statement: string }> {
  const text = readFileSync(`${MIGRATIONS_FOLDER}/0001_giftcard_core.sql`, 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.trim().replace(/;$/, ''))
    .filter((s) => /^CREATE (UNIQUE )?INDEX/.test(s) && ['gift_cards', 'gift_card_transactions'].some((t) => s.includes(`ON "${t}"`)))
    .map((statement) => ({ name: /INDEX "([^"]+)"/.exec(statement)?.[1] ?? '', statement }));
}

async function generate(db: Db): Promise<void> {
  const t0 = Date.now();
  const [acme] = await queryRows<{ id: string; nord: string }>(db, sql`SELECT (SELECT id FROM companies WHERE code = 'ACME') AS id, (SELECT id FROM companies WHERE code = 'ACME-NORD') AS nord`);
  for (let i = 1; i <= COMPANIES - 2; i += 1) await db.execute(sql`INSERT INTO companies (code, name, parent_id) VALUES (${`BENCH-D-${i}`}, ${`Bench ${i} S.r.l.`}, ${acme.id})`);
  await db.execute(sql`CREATE TEMP TABLE bench_companies AS SELECT row_number() OVER (ORDER BY code) - 1 AS n, id FROM companies WHERE code = 'ACME' OR code = 'ACME-NORD' OR code LIKE 'BENCH-D-%'`);
  await db.execute(sql`CREATE TEMP TABLE bench_typologies AS SELECT g - 1 AS n, id FROM (SELECT g, gen_random_uuid() AS id FROM generate_series(1, ${TYPOLOGIES}) g) t`);
  await db.execute(sql`INSERT INTO card_typologies (id, name, type, value_cents, sku, expiration_type, expiration_months)
    SELECT id, 'Bench typology ' || n, 'PHYSICAL', 5000, 'BENCH-D-' || n, 'MONTHS_FROM_ACTIVATION', 12 FROM bench_typologies`);
  await db.execute(sql`CREATE TEMP TABLE bench_stores AS SELECT g - 1 AS n, gen_random_uuid() AS id, (SELECT id FROM bench_companies WHERE n = (g - 1) % ${COMPANIES}) AS company_id FROM generate_series(1, ${STORES}) g`);
  await db.execute(sql`INSERT INTO stores (id, company_id, code, name, store_category_id) SELECT id, company_id, 'BENCH-D-' || n, 'Bench store ' || n, 'RETAIL' FROM bench_stores`);

  const indexes = ledgerIndexes();
  for (const { name } of indexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${name}"`));
  // foreign-key triggers off for the load only (the generator writes consistent ids)
  await db.execute(sql.raw(`SET session_replication_role = replica`));
  // cards evenly over the last 365 days; each: SOLD, ACTIVATE 50.00, three CONSUMEs of 5.00 a day apart, a RETURN of 2.00 after one consume in ten
  const spacing = (365 * 86_400) / CARDS;
  const chunk = 200_000;
  for (let from = 1; from <= CARDS; from += chunk) {
    const to = Math.min(CARDS, from + chunk - 1);
    await db.execute(sql`
      INSERT INTO gift_cards (id, company_id, typology_id, code, progressive, status, balance_cents, activation_date, activation_store_id, created_at, updated_at)
      SELECT gen_random_uuid(), c.id, t.id, translate(substr(md5('dash-' || g), 1, 16), '0123456789abcdef', 'ABCDEFGHJKMNPQRS'), 5000000 + g,
        'ACTIVE', 5000 - 1500 + CASE WHEN g % 10 = 0 THEN 200 ELSE 0 END,
        now() - ((${CARDS} - g) * ${spacing}::float8 * interval '1 second') - interval '4 days', s.id,
        now() - ((${CARDS} - g) * ${spacing}::float8 * interval '1 second') - interval '4 days', now()
      FROM generate_series(${from}::bigint, ${to}::bigint) g
      JOIN bench_companies c ON c.n = g % ${COMPANIES}
      JOIN bench_typologies t ON t.n = (g / 7) % ${TYPOLOGIES}
      JOIN bench_stores s ON s.n = g % ${STORES}`);
    await db.execute(sql`
      INSERT INTO gift_card_transactions (id, card_id, company_id, type, result, amount_cents, balance_after_cents, store_id, created_at)
      SELECT gen_random_uuid(), c.id, c.company_id,
        CASE k WHEN 1 THEN 'SOLD' WHEN 2 THEN 'ACTIVATE' WHEN 6 THEN 'RETURN' ELSE 'CONSUME' END, 'SUCCESS',
        CASE k WHEN 1 THEN 0 WHEN 2 THEN 5000 WHEN 6 THEN 200 ELSE -500 END, 0,
        CASE WHEN k = 4 THEN NULL ELSE c.activation_store_id END,
        c.activation_date + CASE k WHEN 1 THEN interval '0' WHEN 2 THEN interval '1 minute' WHEN 6 THEN interval '3 days 1 hour' ELSE (k - 2) * interval '1 day' END
      FROM gift_cards c CROSS JOIN generate_series(1, 6) k
      WHERE c.progressive BETWEEN ${5_000_000 + from} AND ${5_000_000 + to} AND (k < 6 OR c.progressive % 10 = 0)`);
    log(`  ${to.toLocaleString('en')} cards (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await db.execute(sql.raw(`SET session_replication_role = DEFAULT`));
  const t1 = Date.now();
  for (const { statement } of indexes) await db.execute(sql.raw(statement));
  await db.execute(sql.raw(`ANALYZE`));
  log(`  ledger indexes rebuilt and analysed (${((Date.now() - t1) / 1000).toFixed(0)} s)`);
}


async function main() {
  const reuse = process.env.BENCH_DASHBOARD_REUSE;
  const { handle, label, drop } = await openBenchDatabase('tessera_bench_dashboard', 10, { reuse, keep: process.env.BENCH_DASHBOARD_KEEP === '1', log });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-dashboard-'));
  try {
    log(`dashboard bench on ${label} (load ${loadavg()[0].toFixed(1)}): ${CARDS.toLocaleString('en')} cards over a year, ${COMPANIES} companies, ${TYPOLOGIES} typologies, ${STORES} stores`);
    if (!reuse) {
      await runMigrations(handle);
      await seedDemoData(handle.db);
      await generate(handle.db);
    }
    const [counts] = await queryRows<{ cards: string; rows: string }>(handle.db, sql`SELECT (SELECT count(*) FROM gift_cards) AS cards, (SELECT count(*) FROM gift_card_transactions) AS rows`);
    log(`  ${Number(counts.cards).toLocaleString('en')} cards, ${Number(counts.rows).toLocaleString('en')} ledger rows`);

    await handle.db.execute(sql`TRUNCATE giftcard_stats_daily, giftcard_store_stats_daily, giftcard_stats_days`);
    const r0 = performance.now();
    const rolled = await runDashboardRollup(handle.db, new Date());
    const rollupMs = performance.now() - r0;
    const [summary] = await queryRows<{ daily: string; stores: string }>(handle.db, sql`SELECT (SELECT count(*) FROM giftcard_stats_daily) AS daily, (SELECT count(*) FROM giftcard_store_stats_daily) AS stores`);
    log(`  rollup from nothing: ${rolled.days} days in ${(rollupMs / 1000).toFixed(1)} s (${Number(summary.daily).toLocaleString('en')} typology rows, ${Number(summary.stores).toLocaleString('en')} store rows)`);
    const t0 = performance.now();
    await runDashboardRollup(handle.db, new Date());
    log(`  recurring rollup (yesterday and today): ${(performance.now() - t0).toFixed(0)} ms`);
    await handle.db.execute(sql`ANALYZE giftcard_stats_daily`);
    await handle.db.execute(sql`ANALYZE giftcard_store_stats_daily`);

    const config = loadConfig({ DATA_DIR: dataDir, SPA_DIR: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'warn', PUBLIC_URL: 'http://bench.test' });
    const app = await buildApp(config, { db: handle });
    const admin = (await login(app, 'admin@tessera.test')).accessToken;
    const [ids] = await queryRows<{ provider: string; company: string }>(handle.db, sql`SELECT (SELECT id FROM companies WHERE is_provider LIMIT 1) AS provider, (SELECT id FROM companies WHERE code = 'BENCH-D-3') AS company`);
    const today = businessDay(new Date());
    const periods = [30, 365, 731];
    const all: number[] = [];
    for (const [scope, companyId] of [['provider-wide', ids.provider], ['one company (BENCH-D-3)', ids.company]] as const) {
      for (const days of periods) {
        const times: number[] = [];
        for (let i = 0; i < CALLS; i += 1) {
          // a different end each call: no two answers alike
          const to = addDays(today, -(i % 120));
          const from = addDays(to, -(days - 1));
          const t = performance.now();
          const res = await app.inject({ method: 'GET', url: `/api/company/${companyId}/dashboard/stats?from=${from}&to=${to}`, headers: { authorization: `Bearer ${admin}` } });
          times.push(performance.now() - t);
          if (res.statusCode !== 200 || !res.json().premium) throw new Error(`stats ${from}..${to}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        }
        all.push(...times);
        times.sort((a, b) => a - b);
        log(`  stats ${scope}, ${days} days (premium): p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms over ${CALLS} calls`);
      }
    }
    all.sort((a, b) => a - b);
    const p95 = percentile(all, 0.95);
    log(`  stats, every call: p95 ${p95.toFixed(1)} ms  target ≤ ${TARGET_P95_MS} ms  ${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}`);
    await app.close();
    writeBenchResults(`dashboard-${label}-${CARDS}`, lines);
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
