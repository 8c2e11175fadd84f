/**
 * Generated reports benchmark (issue 21; not part of npm test). Prints a figures table.
 *
 *   BENCH_DATABASE_URL=postgres://… node --expose-gc --import tsx bench/reports.ts   # PostgreSQL, 1,000,000 ledger rows
 *   (TEST_DATABASE_URL or DATABASE_URL serve as well; without any: PGlite in memory, 100,000 rows)
 *   BENCH_CARDS=200000 …                                                          # another size
 *
 * A throwaway database (bench/support.ts) gets the demo seed and `BENCH_CARDS` cards with one
 * ledger row each (bench/giftcards-data.ts), spread over the last 347 days. Then, with the app
 * built in this process: the card list's first page timed idle; a giftcard-transactions report
 * of the whole period (one CSV row per ledger row) generated through its job (reports.generate:
 * rows counted, the CSV written by csvDownload into the file storage on disk) while the same card
 * list is timed again, back to back, until the job ends; rows/s and the heap (after a full
 * collection before and after, and the peak sampled every 100 ms while it ran: flat means it
 * does not grow with the file). Last, the outstanding-balances report of the same ledger (an
 * aggregate of every row: few lines, one pass).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { GeneratedReport } from '../domain/schemas/reports';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { login } from '../server/test/auth';
import { benchLog, cardListDatabase, openBenchDatabase, writeBenchResults } from './support';

// (only when one is set: process.env turns an assigned undefined into the string 'undefined')
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (databaseUrl) process.env.BENCH_DATABASE_URL = databaseUrl;
const { lines, log } = benchLog();
const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => process.memoryUsage().heapUsed / 1_048_576;
const settledHeap = () => {
  gc?.();
  return heapMb();
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value: number) => value.toFixed(1);
const day = (date: Date) => date.toISOString().slice(0, 10);

interface Timing {
  runs: number;
  p50: number;
  p95: number;
  max: number;
}
const timing = (times: number[]): Timing => {
  const sorted = [...times].sort((a, b) => a - b);
  return { runs: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
};

async function main() {
  const { handle, label, drop } = await openBenchDatabase('tessera_bench_reports', 20, { keep: process.env.BENCH_KEEP === '1', log });
  const cards = Number(process.env.BENCH_CARDS ?? (label === 'postgres' ? 1_000_000 : 100_000));
  log(`# Tessera reports benchmark — ${label}, ${cards.toLocaleString('en')} cards, ${cards.toLocaleString('en')} ledger rows`);
  log(`# ${new Date().toISOString()}, node ${process.version}${gc ? '' : ' (run with --expose-gc for settled heap figures)'}`);
  const t0 = Date.now();
  log('generating…');
  const ids = await cardListDatabase(handle, cards, log);
  log(`generated in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-reports-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', GIFT_CARD_SEARCH_MAX_PER_MINUTE: '100000' }), { db: handle });
  try {
    await measure(app, ids.acme, cards);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    await handle.close();
    await drop();
  }
  const file = writeBenchResults(`reports-${label}-${cards}`, lines);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

async function measure(app: FastifyInstance, acmeId: string, cards: number) {
  const token = (await login(app, 'operator@acme.test')).accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const base = `/api/company/${acmeId}/giftcard`;
  const cardList = async () => {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url: `${base}/cards?range=${encodeURIComponent('[0,24]')}`, headers });
    if (res.statusCode !== 200) throw new Error(`card list: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return performance.now() - start;
  };
  const generate = async (type: string, parameters: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: `${base}/report/${type}/generate`, headers, payload: { parameters: { ...parameters, companyId: '', includeSubCompanies: true }, language: 'it', timeZone: 'Europe/Rome' } });
    if (res.statusCode !== 202) throw new Error(`generate: ${res.statusCode} ${res.body}`);
    return (res.json() as GeneratedReport).id;
  };
  const report = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: `${base}/report-generated?filter=${encodeURIComponent(JSON.stringify({}))}&range=${encodeURIComponent('[0,9]')}`, headers });
    return (res.json() as GeneratedReport[]).find((r) => r.id === id)!;
  };

  await app.ctx.jobs.drain(); // the seed's own jobs, out of the way
  for (let i = 0; i < 20; i++) await cardList(); // warm-up: plans and caches
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await cardList());

  const to = new Date();
  const from = new Date(to.getTime() - 365 * 86_400_000);
  const id = await generate('giftcard-transactions', { dateFrom: day(from), dateTo: day(to), type: '' });
  const before = settledHeap();
  let peak = heapMb();
  const sampler = setInterval(() => (peak = Math.max(peak, heapMb())), 100);
  let running = true;
  const started = performance.now();
  const job = app.ctx.jobs.drain().finally(() => (running = false));
  const during: number[] = [];
  const progress: number[] = [];
  while (running) {
    during.push(await cardList());
    if (during.length % 50 === 0) progress.push((await report(id)).progress);
  }
  await job;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = settledHeap();
  const done = await report(id);
  if (done.state !== 'ready') throw new Error(`report ${done.state} ${done.errorCode}`);

  const idleT = timing(idle);
  const duringT = timing(during);
  log('');
  log(`## giftcard-transactions report, ${done.rowCount!.toLocaleString('en')} rows (of ${cards.toLocaleString('en')} ledger rows), ${(done.sizeBytes! / 1_048_576).toFixed(1)} MB`);
  log(`- job: ${seconds.toFixed(1)} s → ${Math.round(done.rowCount! / seconds).toLocaleString('en')} rows/s (count + write, from the runner picking it up to ready)`);
  log(`- progress seen on the list while it ran: ${progress.join(', ') || '(done before a sample)'}`);
  log(`- heap: before ${before.toFixed(1)} MB, peak ${peak.toFixed(1)} MB (sampled every 100 ms, garbage included), after ${after.toFixed(1)} MB`);
  log('');
  log('| card list, first page (25) | runs | p50 ms | p95 ms | max ms |');
  log('| --- | ---: | ---: | ---: | ---: |');
  log(`| idle | ${idleT.runs} | ${ms(idleT.p50)} | ${ms(idleT.p95)} | ${ms(idleT.max)} |`);
  log(`| while the report is written | ${duringT.runs} | ${ms(duringT.p50)} | ${ms(duringT.p95)} | ${ms(duringT.max)} |`);
  log(`| p95 during / idle | | | ${(duringT.p95 / idleT.p95).toFixed(2)}× | |`);

  const outstanding = await generate('outstanding-balances', { date: day(to) });
  const t1 = performance.now();
  await app.ctx.jobs.drain();
  const balances = await report(outstanding);
  log('');
  log(`## outstanding-balances report over the same ledger: ${balances.state}, ${balances.rowCount} lines, ${((performance.now() - t1) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
