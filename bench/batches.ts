/**
 * Batches benchmark (not part of npm test): a batch of BENCH_BATCH_CARDS (100,000) cards made by
 * the generation job, against a baseline measured in the same run (the same rows inserted by one
 * bare INSERT … SELECT), and the PDF archive of BENCH_PDF_CARDS (10,000) of them streamed to a
 * file, with heap figures (run with --expose-gc for live-heap samples). Prints a figures table and
 * writes bench/results/batches-<driver>.txt.
 *
 *   npx tsx bench/batches.ts                                   # PGlite (in memory)
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/batches.ts   # PostgreSQL (throwaway database)
 *   node --expose-gc --import tsx bench/batches.ts             # heap of live data (GC at each sample)
 *
 * Targets (issue 9): 100,000 codes stored ≤ 3 s on PostgreSQL, ≤ 10 s on PGlite; the PDF of
 * 10,000 cards at ≥ 500 cards/s with the heap flat.
 */
import { openBenchDatabase } from './support';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generateCardCodes } from '../domain/codes';
import { queryRows, type DbHandle } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { createDiskStorage } from '../server/lib/files.disk';
import { sheetsPdf, type SheetCard } from '../server/modules/catalog/archive';
import { generateBatchCards } from '../server/modules/catalog/generate';
import { seedDemoData } from '../server/seed/demo';

const CARDS = Number(process.env.BENCH_BATCH_CARDS ?? 100_000);
const PDF_CARDS = Number(process.env.BENCH_PDF_CARDS ?? 10_000);
const lines: string[] = [];
const log = (message: string) => {
  lines.push(message);
  console.log(message);
};
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const openDatabase = () => openBenchDatabase('tessera_bench_batches', 10);

async function newBatch(handle: DbHandle, companyId: string, typologyId: string, lot: string, quantity: number): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    handle.db,
    sql`INSERT INTO card_batches (company_id, typology_id, lot_number, quantity) VALUES (${companyId}, ${typologyId}, ${lot}, ${quantity}) RETURNING id`,
  );
  return row.id;
}

/** Heap sampler: every second, after a GC when exposed (so the figure is live data, and GC does not eat the run). */
function sampleHeap() {
  const samples: number[] = [];
  const timer = setInterval(() => {
    gc?.();
    samples.push(process.memoryUsage().heapUsed);
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      gc?.();
      samples.push(process.memoryUsage().heapUsed);
      return { max: Math.max(...samples), last: samples[samples.length - 1], count: samples.length };
    },
  };
}

async function pdfRun(handle: DbHandle, companyId: string, lot: string, count: number, dir: string) {
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const heap = sampleHeap();
  const files = createDiskStorage(dir);
  async function* cards(): AsyncIterable<SheetCard[]> {
    let after = -1;
    let left = count;
    while (left > 0) {
      const rows = await queryRows<{ code: string; progressive: string }>(
        handle.db,
        sql`SELECT code, progressive FROM gift_cards WHERE company_id = ${companyId} AND lot_number = ${lot} AND progressive > ${after}
            ORDER BY progressive LIMIT ${Math.min(500, left)}`,
      );
      if (rows.length === 0) return;
      left -= rows.length;
      after = Number(rows[rows.length - 1].progressive);
      yield rows.map((r) => ({ code: r.code, progressive: Number(r.progressive) }));
    }
  }
  const started = performance.now();
  const header = { typologyName: 'Bench physical card', valueCents: 2500, lotNumber: lot, expireDate: '2099-12-31', language: 'it' };
  const { size } = await files.put(`sheets-${count}.pdf`, sheetsPdf(header, cards(), async () => undefined));
  const seconds = (performance.now() - started) / 1000;
  const { max, last } = heap.stop();
  return { seconds, rate: count / seconds, bytes: size, before, max, last };
}

async function main() {
  const { handle, label, drop } = await openDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-batches-'));
  try {
    await runMigrations(handle);
    await seedDemoData(handle.db);
    const [company] = await queryRows<{ id: string }>(handle.db, sql`SELECT id FROM companies WHERE code = 'ACME'`);
    const [typology] = await queryRows<{ id: string }>(
      handle.db,
      sql`INSERT INTO card_typologies (name, type, value_cents, sku, expiration_type, expiration_months)
          VALUES ('Bench physical card', 'PHYSICAL', 2500, ${`BENCH-${randomBytes(3).toString('hex')}`}, 'MONTHS_FROM_ACTIVATION', 12) RETURNING id`,
    );
    const [existing] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM gift_cards`);
    log(`# batches bench — ${label}, ${CARDS.toLocaleString('en')} cards per batch, gift_cards holds ${existing.n.toLocaleString('en')} cards before, ${new Date().toISOString()}, load ${loadavg()[0].toFixed(2)}`);

    // baseline: the same rows (codes drawn beforehand) in one bare INSERT … SELECT, no job, no chunks
    const codes = generateCardCodes(CARDS);
    let started = performance.now();
    await handle.db.execute(sql`INSERT INTO gift_cards (company_id, typology_id, code, progressive, lot_number, status)
      SELECT ${company.id}, ${typology.id}, u.code, 900000000 + u.n, 'BENCH-BASE', 'NOT_ACTIVE'
      FROM unnest(string_to_array(${codes.join(',')}, ',')) WITH ORDINALITY AS u(code, n)`);
    const baseline = (performance.now() - started) / 1000;

    const batchId = await newBatch(handle, company.id, typology.id, 'BENCH-LOT-1', CARDS);
    started = performance.now();
    await generateBatchCards(handle.db, batchId);
    const generation = (performance.now() - started) / 1000;
    const [made] = await queryRows<{ n: number; first: string; last: string; codes: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n, min(progressive) AS first, max(progressive) AS last, count(DISTINCT code)::int AS codes FROM gift_cards WHERE lot_number = 'BENCH-LOT-1'`,
    );
    if (made.n !== CARDS || made.codes !== CARDS || Number(made.last) - Number(made.first) !== CARDS - 1) throw new Error(`batch incomplete: ${JSON.stringify(made)}`);
    const target = label === 'postgres' ? 3 : 10;
    log('');
    log('| measure | value |');
    log('| --- | --- |');
    log(`| baseline: ${CARDS.toLocaleString('en')} rows, one bare INSERT … SELECT | ${baseline.toFixed(2)} s |`);
    log(`| batch of ${CARDS.toLocaleString('en')} cards generated by the job (codes, range, chunks, progress) | ${generation.toFixed(2)} s (${Math.round(CARDS / generation).toLocaleString('en')} cards/s; ×${(generation / baseline).toFixed(2)} the baseline; target ≤ ${target} s: ${generation <= target ? 'met' : 'MISSED'}) |`);

    for (const count of [1_000, PDF_CARDS]) {
      const run = await pdfRun(handle, company.id, 'BENCH-LOT-1', count, dir);
      log(
        `| PDF of ${count.toLocaleString('en')} cards streamed to a file | ${run.seconds.toFixed(2)} s, ${Math.round(run.rate).toLocaleString('en')} cards/s${count === PDF_CARDS ? ` (target ≥ 500: ${run.rate >= 500 ? 'met' : 'MISSED'})` : ''}, ${mb(run.bytes)} MB; heap before ${mb(run.before)} MB, peak ${mb(run.max)} MB, after ${mb(run.last)} MB |`,
      );
    }
    log('');
    log(gc ? 'Heap figures sampled every second after a forced GC (live data).' : 'Heap figures without --expose-gc include garbage not yet collected.');
    log(`Load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores (the machine is shared: figures scale with it, ratios to the baseline hold better).`);
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(`bench/results/batches-${label}-${CARDS}.txt`, `${lines.join('\n')}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await handle.close();
    await drop();
  }
}

await main();
