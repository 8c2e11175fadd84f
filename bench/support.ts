import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, queryRows, type DbHandle } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seedDemoData } from '../server/seed/demo';
import { generateGiftcards } from './giftcards-data';
import { openPostgres } from '../server/db/postgres';
import { buildApp } from '../server/app';
import { loadConfig, type AppConfig } from '../server/config';

export interface BenchDatabase {
  handle: DbHandle;
  label: 'pglite' | 'postgres';
  /** drops the throwaway database (unless kept or reused) */
  drop: () => Promise<void>;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * The benchmarks' database: PGlite in memory, or with BENCH_DATABASE_URL a throwaway PostgreSQL
 * database created next to that URL's (`<prefix>_<random>`) and dropped by `drop()`.
 * `reuse` names a kept database to measure again; `keep` leaves the new one in place.
 */
export async function openBenchDatabase(prefix: string, pool: number, options: { reuse?: string; keep?: boolean; log?: (message: string) => void } = {}): Promise<BenchDatabase> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { handle: await openPglite(null), label: 'pglite', drop: async () => undefined };
  const name = options.reuse ?? `${prefix}_${randomBytes(4).toString('hex')}`;
  if (!options.reuse) await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    handle: openPostgres(url.toString(), pool),
    label: 'postgres',
    drop: async () => {
      if (options.keep || options.reuse) return options.log?.(`kept database ${name}`);
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Prints a line and keeps it for the results file. */
export function benchLog(): { lines: string[]; log: (message: string) => void } {
  const lines: string[] = [];
  return {
    lines,
    log: (message: string) => {
      lines.push(message);
      console.log(message);
    },
  };
}

/** The `q` quantile (0.95: p95) of times sorted ascending: the nearest rank below. */
export const percentile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

export interface LoadFigures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/**
 * A closed loop for `seconds`: `concurrency` workers, each sending its next GET when the last one
 * answered, to the `urls` in turn (one URL: one target; several: a client-side balancer).
 */
export async function closedLoad(urls: string[], headers: Record<string, string>, seconds: number, concurrency: number): Promise<LoadFigures> {
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  let errors = 0;
  let turn = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fetch(urls[turn++ % urls.length], { headers });
      await res.arrayBuffer();
      if (res.status !== 200) errors++;
      times.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99), errors };
}

/**
 * The card lists' bench data: the migrated schema, the demo seed, and `cards` gift cards of Acme
 * (one movement each) on a typology and store of their own, analysed. Returns Acme's and Acme
 * Nord's ids. `log` hears the generation's progress.
 */
export async function cardListDatabase(handle: DbHandle, cards: number, log: (message: string) => void = () => undefined): Promise<{ acme: string; nord: string }> {
  await runMigrations(handle);
  await seedDemoData(handle.db);
  const [ids] = await queryRows<{ acme: string; nord: string }>(handle.db, sql`SELECT (SELECT id FROM companies WHERE code = 'ACME') AS acme, (SELECT id FROM companies WHERE code = 'ACME-NORD') AS nord`);
  const [typology] = await queryRows<{ id: string }>(
    handle.db,
    sql`INSERT INTO card_typologies (name, type, value_cents, sku, expiration_type, expiration_months) VALUES ('Bench 50', 'PHYSICAL', 5000, 'BENCH-50', 'MONTHS_FROM_ACTIVATION', 12) RETURNING id`,
  );
  const [store] = await queryRows<{ id: string }>(
    handle.db,
    sql`INSERT INTO stores (company_id, code, name, store_category_id, is_default_activation) VALUES (${ids.acme}, 'BENCH-S', 'Bench store', 'RETAIL', true) RETURNING id`,
  );
  await generateGiftcards(handle.db, { acmeId: ids.acme, nordId: ids.nord, typologyId: typology.id, storeId: store.id, cards, perCard: 1, log });
  await handle.db.execute(sql`ANALYZE`);
  return ids;
}

export interface SeededBenchApp extends BenchDatabase {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: AppConfig;
  /** Acme's id (the demo's customer company) */
  acmeId: string;
  /** closes the app and the database, drops the database and removes the data folder */
  close: () => Promise<void>;
}

/**
 * The server on a bench database: migrated, the demo seed in, a data folder of its own, no SPA and
 * no mail transport; `env` adds settings (a lower threshold, a higher rate limit).
 */
export async function seededBenchApp(prefix: string, pool: number, options: { log?: (message: string) => void; env?: Record<string, string> } = {}): Promise<SeededBenchApp> {
  const database = await openBenchDatabase(prefix, pool, { log: options.log });
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  const close = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database.handle.close();
    await database.drop();
  };
  try {
    await runMigrations(database.handle);
    await seedDemoData(database.handle.db);
    const config = loadConfig({ DATA_DIR: dataDir, SPA_DIR: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'warn', PUBLIC_URL: 'http://bench.test', ...options.env });
    const app = await buildApp(config, { db: database.handle, mailTransport: null });
    const [acme] = await queryRows<{ id: string }>(database.handle.db, sql`SELECT id FROM companies WHERE code = 'ACME'`);
    return {
      ...database,
      app,
      config,
      acmeId: acme.id,
      close: async () => {
        await app.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Keeps a bench's figures in bench/results/<name>.txt; answers the file's path. */
export function writeBenchResults(name: string, lines: readonly string[]): string {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.txt`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
