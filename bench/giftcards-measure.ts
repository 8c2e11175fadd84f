import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { to as copyTo } from 'pg-copy-streams';
import { queryRows, rawDriverOf, type Db } from '../server/db/client';
import { copyStatement } from '../server/lib/row-stream';
import { inIds, subtreeIds } from '../server/db/company-scope';
import { encodeCursor } from '../server/lib/keyset';
import { csvRead } from '../server/lib/csv-export';
import { cardsCsv } from '../server/modules/giftcards/export';
import { login } from '../server/test/auth';

export interface Row {
  operation: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  note: string;
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The code the generator gave card number `g` (bench/giftcards-data.ts). */
export const benchCode = (g: number) =>
  createHash('md5')
    .update(`card-${g}`)
    .digest('hex')
    .slice(0, 16)
    .replace(/[0-9a-f]/g, (c) => 'ABCDEFGHJKMNPQRS'['0123456789abcdef'.indexOf(c)]);

async function timed(runs: number, once: (i: number) => Promise<{ statusCode: number; body?: string }>, expectStatus = 200): Promise<{ times: number[]; last: string }> {
  const times: number[] = [];
  let last = '';
  await once(-1); // warm-up: plans and caches, not measured
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await once(i);
    times.push(performance.now() - start);
    if (res.statusCode !== expectStatus) throw new Error(`status ${res.statusCode}: ${res.body?.slice(0, 300)}`);
    last = res.body ?? '';
  }
  return { times: times.sort((a, b) => a - b), last };
}

function row(operation: string, times: number[], note = ''): Row {
  return { operation, runs: times.length, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], note };
}

export async function measure(app: FastifyInstance, db: Db, acmeId: string, cards: number): Promise<Row[]> {
  const token = (await login(app, 'operator@acme.test')).accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const get = (url: string) => app.inject({ method: 'GET', url, headers });
  const base = `/api/company/${acmeId}/giftcard`;
  const rows: Row[] = [];
  const list = async (name: string, url: string, runs = 40) => {
    const { times, last } = await timed(runs, () => get(url));
    const body = JSON.parse(last) as unknown;
    const counted = body as { count?: number; capped?: boolean };
    rows.push(row(name, times, Array.isArray(body) ? `${body.length} rows` : counted.count !== undefined ? `count ${counted.count}${counted.capped ? ', capped ("more than")' : ''}` : ''));
  };

  await list('baseline: GET /api/user/configuration', '/api/user/configuration');
  await list('cards: first page (25)', `${base}/cards?range=${q([0, 24])}`);
  await list('cards: first page, progressive DESC', `${base}/cards?range=${q([0, 24])}&sort=${q(['progressive', 'DESC'])}`);
  // load more by cursor (what the SPA sends: the previous page's Next-Cursor), at depth, against the same page by OFFSET
  const subtree = await subtreeIds(db, acmeId);
  const cursorAt = async (depth: number, filter: SQL, order: 'ASC' | 'DESC' = 'ASC') => {
    const dir = sql.raw(order);
    const [row] = await queryRows<{ v: string; id: string }>(
      db,
      sql`SELECT c.progressive::text AS v, c.id FROM gift_cards c WHERE ${inIds(sql`c.company_id`, subtree)} AND ${filter} ORDER BY c.progressive ${dir}, c.id ${dir} OFFSET ${depth - 1} LIMIT 1`,
    );
    return encodeURIComponent(encodeCursor({ field: 'progressive', order: 'ASC', value: row.v, id: row.id }));
  };
  const locked = sql`c.status = 'LOCKED'`;
  const [{ n: lockedCount }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM gift_cards c WHERE ${inIds(sql`c.company_id`, subtree)} AND ${locked}`);
  const pageAt = (depth: number) => `range=${q([depth, depth + 24])}`;
  await list('cards: load-more page at 10,000 by OFFSET (before)', `${base}/cards?${pageAt(10_000)}`);
  await list('cards: load-more page at 100,000 by OFFSET (before)', `${base}/cards?${pageAt(100_000)}`, 20);
  await list('cards: load-more page at 10,000 (cursor)', `${base}/cards?${pageAt(10_000)}&cursor=${await cursorAt(10_000, sql`TRUE`)}`);
  await list('cards: load-more page at 100,000 (cursor)', `${base}/cards?${pageAt(100_000)}&cursor=${await cursorAt(100_000, sql`TRUE`)}`);
  await list(`cards: last page (cursor, at ${(cards - 25).toLocaleString('en')})`, `${base}/cards?${pageAt(cards - 25)}&cursor=${await cursorAt(cards - 25, sql`TRUE`)}`);
  await list('cards: status=locked, first page', `${base}/cards?filter=${q({ status: 'locked' })}&range=${q([0, 24])}`);
  await list('cards: status=locked, page at 10,000 by OFFSET (before)', `${base}/cards?filter=${q({ status: 'locked' })}&${pageAt(10_000)}`, 20);
  await list('cards: status=locked, page at 10,000 (cursor)', `${base}/cards?filter=${q({ status: 'locked' })}&${pageAt(10_000)}&cursor=${await cursorAt(10_000, locked)}`);
  if (lockedCount > 100_025) await list('cards: status=locked, page at 100,000 (cursor)', `${base}/cards?filter=${q({ status: 'locked' })}&${pageAt(100_000)}&cursor=${await cursorAt(100_000, locked)}`);
  await list(`cards: status=locked, last page (cursor, at ${(lockedCount - 25).toLocaleString('en')})`, `${base}/cards?filter=${q({ status: 'locked' })}&${pageAt(lockedCount - 25)}&cursor=${await cursorAt(lockedCount - 25, locked)}`);
  await list('cards: lot filter', `${base}/cards?filter=${q({ lotNumber: 'LOT-00042' })}&range=${q([0, 24])}`);
  await list('cards: activation date range', `${base}/cards?filter=${q({ activationFrom: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) })}&range=${q([0, 24])}`);
  // the bounded count the bulk dialog and the list heading show (exact up to CARD_COUNT_CAP)
  await list('cards: count, no filter (bounded)', `${base}/cards/count`);
  await list('cards: count, status=locked', `${base}/cards/count?filter=${q({ status: 'locked' })}`);
  await list('cards: count, lot filter', `${base}/cards/count?filter=${q({ lotNumber: 'LOT-00042' })}`);
  await list('transactions: first page (25)', `${base}/transactions?range=${q([0, 24])}`);
  await list('transactions: load-more page at 10,000 by OFFSET (before)', `${base}/transactions?${pageAt(10_000)}`);
  const [ledgerRow] = await queryRows<{ v: string; id: string }>(
    db,
    sql`SELECT x.created_at::text AS v, x.id FROM gift_card_transactions x WHERE ${inIds(sql`x.company_id`, subtree)} ORDER BY x.created_at DESC, x.id DESC OFFSET 99999 LIMIT 1`,
  );
  const ledgerCursor = encodeURIComponent(encodeCursor({ field: 'createdAt', order: 'DESC', value: ledgerRow.v, id: ledgerRow.id }));
  await list('transactions: load-more page at 100,000 (cursor)', `${base}/transactions?${pageAt(100_000)}&cursor=${ledgerCursor}`);
  await list('transactions: type=consume, first page', `${base}/transactions?filter=${q({ type: 'consume' })}&range=${q([0, 24])}`);
  await list('transactions: one card', `${base}/transactions?filter=${q({ cardId: (await firstCardId(db)) })}&range=${q([0, 24])}`);

  const search = await timed(100, (i) => get(`${base}/cards/search?code=${benchCode(1 + ((i + 2) * 7919) % cards)}`));
  rows.push(row('search by code', search.times, 'exact code, random cards'));

  rows.push(...(await bulk(app, db, headers, base, cards)));
  return rows;
}

async function firstCardId(db: Db): Promise<string> {
  const [card] = await queryRows<{ id: string }>(db, sql`SELECT id FROM gift_cards WHERE progressive = 1`);
  return card.id;
}

async function bulk(app: FastifyInstance, db: Db, headers: Record<string, string>, base: string, cards: number): Promise<Row[]> {
  const post = (body: unknown) => app.inject({ method: 'POST', url: `${base}/cards/bulk`, headers, payload: body as object });
  const times: number[] = [];
  const filterTimes: number[] = [];
  let note = '';
  for (let run = 0; run < 3; run++) {
    const from = Math.max(1, Math.floor(cards / 2) - 15_000) + run * 5000;
    const ids = (await queryRows<{ id: string }>(db, sql`SELECT id FROM gift_cards WHERE progressive >= ${from} ORDER BY progressive LIMIT 5000`)).map((r) => r.id);
    for (const action of ['disable', 'enable']) {
      const start = performance.now();
      const res = await post({ action, ids });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(res.body);
      const body = res.json<{ total: number; succeeded: number; failed: unknown[] }>();
      note = `${body.total} cards, ${body.succeeded} ok, ${body.failed.length} refused`;
    }
    const start = performance.now();
    const res = await post({ action: 'reload', filter: { progressiveFrom: from, progressiveTo: from + 4999 }, params: { amountCents: 100 } });
    filterTimes.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  times.sort((a, b) => a - b);
  filterTimes.sort((a, b) => a - b);
  return [row('bulk disable/enable, 5,000 ids', times, note), row('bulk reload, filter of 5,000 cards', filterTimes, 'progressive range')];
}

/**
 * The client of a download, in a process of its own: the server's event loop then measures the
 * server's work only, not the reading and counting of 170 MB beside it. It prints its figures
 * (time to first byte, total, bytes, rows) as one JSON line.
 */
const DOWNLOAD_CLIENT = `
const http = require('node:http');
const [port, path, token] = process.argv.slice(1);
const start = performance.now();
let firstByte = 0, bytes = 0, newlines = 0;
http.get({ host: '127.0.0.1', port: Number(port), path, headers: { authorization: 'Bearer ' + token } }, (res) => {
  if (res.statusCode !== 200) { console.error('status ' + res.statusCode); process.exit(1); }
  res.on('data', (chunk) => {
    if (firstByte === 0) firstByte = performance.now() - start;
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
  });
  res.on('end', () => console.log(JSON.stringify({ firstByte, total: performance.now() - start, bytes, rows: newlines - 1 })));
}).on('error', (error) => { console.error(error); process.exit(1); });
`;

/** One download of the whole card CSV over HTTP by a client process: its figures; `sample` runs every 50 ms meanwhile. */
async function download(port: number, token: string, acmeId: string, sample: () => void): Promise<{ firstByte: number; total: number; bytes: number; rows: number }> {
  const timer = setInterval(sample, 50);
  try {
    const child = spawn(process.execPath, ['-e', DOWNLOAD_CLIENT, String(port), `/api/company/${acmeId}/giftcard/cards/export`, token], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`download client exited ${code}`);
    return JSON.parse(out) as { firstByte: number; total: number; bytes: number; rows: number };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The CSV export of every card, over HTTP, against what the database can hand over:
 * - a bare `COPY (<the export's own SELECT>) TO STDOUT` read by this process (PostgreSQL only):
 *   the statement the export itself runs, read and counted, no formatting, no HTTP;
 * - the export, once for its speed (the server's heap and RSS sampled every 50 ms as they are,
 *   garbage included);
 * - the export again for its memory: every 250 ms a full collection, then the heap: what the
 *   export holds (live), not the garbage it leaves for the collector.
 */
export async function streamCsv(app: FastifyInstance, db: Db, port: number, acmeId: string, cards: number): Promise<Row[]> {
  const token = (await login(app, 'operator@acme.test')).accessToken;
  const rows: Row[] = [];
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  const rate = (count: number, ms: number) => `${Math.round((count / ms) * 1000).toLocaleString('en')} rows/s`;
  let copy: { ms: number; rows: number } | undefined;
  const pool = rawDriverOf(db)?.kind === 'postgres' ? (rawDriverOf(db) as { pool: import('pg').Pool }).pool : undefined;
  if (pool) {
    const companyIds = await subtreeIds(db, acmeId);
    // the very statement the export runs (lib/row-stream.ts copyStatement), without the export around it
    const statement = copyStatement(csvRead(cardsCsv(companyIds, {}, { language: 'it', timeZone: 'Europe/Rome' })).read);
    const client = await pool.connect();
    try {
      const start = performance.now();
      let newlines = 0;
      const stream = client.query(copyTo(statement));
      for await (const chunk of stream as AsyncIterable<Buffer>) for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
      copy = { ms: performance.now() - start, rows: newlines };
    } finally {
      client.release();
    }
    rows.push({ operation: 'baseline: bare COPY of the export\'s rows TO STDOUT', runs: 1, p50: copy.ms, p95: copy.ms, max: copy.ms, note: `${copy.rows} rows, ${rate(copy.rows, copy.ms)}` });
  }

  global.gc?.();
  const before = process.memoryUsage();
  const samples: Array<{ at: number; rss: number; heap: number }> = [];
  // how long the server's event loop was held at a time while the file streamed (other requests wait that long)
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const speed = await download(port, token, acmeId, () => {
    const m = process.memoryUsage();
    samples.push({ at: performance.now(), rss: m.rss, heap: m.heapUsed });
  });
  loop.disable();
  const held = `event loop held: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`;
  const peak = (key: 'rss' | 'heap') => Math.max(0, ...samples.map((x) => x[key]));
  const ratio = copy ? `, ${(copy.ms / speed.total).toFixed(2)}× the bare COPY` : '';
  rows.push({
    operation: 'CSV export of every card (HTTP stream)',
    runs: 1,
    p50: speed.total,
    p95: speed.total,
    max: speed.total,
    note: `${speed.rows} rows (${cards} cards), ${rate(speed.rows, speed.total)}${ratio}, first byte ${speed.firstByte.toFixed(0)} ms, ${mb(speed.bytes)} MB, ${held}; server before: heap ${mb(before.heapUsed)} MB, RSS ${mb(before.rss)} MB; peak as sampled (garbage included): heap ${mb(peak('heap'))} MB, RSS ${mb(peak('rss'))} MB`,
  });

  global.gc?.();
  const start = process.memoryUsage().heapUsed;
  let live = 0;
  let ticks = 0;
  const memory = await download(port, token, acmeId, () => {
    if (++ticks % 5 !== 0 || !global.gc) return;
    global.gc();
    live = Math.max(live, process.memoryUsage().heapUsed);
  });
  rows.push({
    operation: 'CSV export again: live heap (full GC every 250 ms)',
    runs: 1,
    p50: memory.total,
    p95: memory.total,
    max: memory.total,
    note: global.gc ? `heap at start ${mb(start)} MB, live peak ${mb(live)} MB (+${mb(live - start)} MB; limit +50 MB)` : 'run with node --expose-gc for this figure',
  });
  return rows;
}

export function table(rows: Row[]): string[] {
  const baseline = rows[0]?.p50 ?? 1;
  const out = [`| operation | runs | p50 ms | p95 ms | max ms | p50 / baseline | notes |`, `| --- | ---: | ---: | ---: | ---: | ---: | --- |`];
  for (const r of rows) {
    out.push(`| ${r.operation} | ${r.runs} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${(r.p50 / baseline).toFixed(1)}× | ${r.note} |`);
  }
  return out;
}
