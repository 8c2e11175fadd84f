/**
 * Per-request cost of the gift-card list (not part of npm test). In one run, on one database:
 * req/s of GET /api/company/{id}/giftcard/cards?range=[0,24] through the whole app (access token,
 * caller, scope, guards, list, serialization) against a bare Fastify route that runs only the
 * page's SQL (the same repository call with the company ids known in advance), and the database
 * round trips one list request makes.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55434/postgres npx tsx bench/list-throughput.ts
 *   npx tsx bench/list-throughput.ts                 # PGlite in memory (one connection)
 *   BENCH_CARDS=100000 BENCH_SECONDS=10 BENCH_CONCURRENCY=32 …
 *
 * On PostgreSQL it creates a throwaway database next to BENCH_DATABASE_URL's and drops it after.
 * The load is a closed loop of BENCH_CONCURRENCY keep-alive fetches per target, in this process.
 */
import { cardListDatabase, closedLoad, openBenchDatabase } from './support';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { DbHandle } from '../server/db/client';
import { subtreeIds } from '../server/db/company-scope';
import { listCards } from '../server/modules/giftcards/cards.repository';
import { login } from '../server/test/auth';

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const POOL = Number(process.env.BENCH_POOL ?? 20);

const openDatabase = () => openBenchDatabase('tessera_listbench', POOL);

/** Counts the queries one request sends (node-postgres pool, or PGlite's client). */
function countQueries(handle: DbHandle): { reset(): void; count(): number } {
  let n = 0;
  const target = (handle.pool ?? handle.pglite) as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of handle.pool ? ['query'] : ['query', 'execProtocol', 'exec']) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = function (this: unknown, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
  }
  return { reset: () => (n = 0), count: () => n };
}

async function main() {
  const { handle, label, drop } = await openDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-listbench-'));
  try {
    console.log(`# gift-card list throughput — ${label}, ${CARDS.toLocaleString('en')} cards, ${CONCURRENCY} concurrent, ${SECONDS} s per target, node ${process.version}`);
    const ids = await cardListDatabase(handle, CARDS);

    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), { db: handle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    // the bare route: only the page's SQL, the company ids known in advance, default JSON
    const companyIds = await subtreeIds(handle.db, ids.acme);
    const bare = Fastify({ logger: false });
    bare.get('/cards', async () => listCards(handle.db, companyIds, { filter: {}, sort: { field: 'progressive', order: 'ASC' }, offset: 0, limit: 26 }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const portOf = (server: typeof app.server) => (server.address() as { port: number }).port;

    const token = (await login(app, 'operator@acme.test')).accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const listUrl = `http://127.0.0.1:${portOf(app.server)}/api/company/${ids.acme}/giftcard/cards?range=${encodeURIComponent('[0,24]')}`;
    const bareUrl = `http://127.0.0.1:${portOf(bare.server)}/cards`;

    const counter = countQueries(handle);
    counter.reset();
    const probe = await fetch(listUrl, { headers });
    if (probe.status !== 200) throw new Error(`list answered ${probe.status}: ${await probe.text()}`);
    const listQueries = counter.count();
    counter.reset();
    await (await fetch(bareUrl)).arrayBuffer();
    const bareQueries = counter.count();

    await closedLoad([listUrl], headers, 2, CONCURRENCY); // warm-up (plans, JIT)
    await closedLoad([bareUrl], {}, 2, CONCURRENCY);
    const list = await closedLoad([listUrl], headers, SECONDS, CONCURRENCY);
    const base = await closedLoad([bareUrl], {}, SECONDS, CONCURRENCY);
    const fmt = (r: { rps: number; p50: number; p99: number; errors: number }) => `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms${r.errors ? `  ${r.errors} errors` : ''}`;
    console.log(`list  GET /api/company/{id}/giftcard/cards?range=[0,24]  ${fmt(list)}  ${listQueries} queries/request`);
    console.log(`bare  the page's SQL only                               ${fmt(base)}  ${bareQueries} queries/request`);
    console.log(`ratio list / bare: ${((list.rps / base.rps) * 100).toFixed(0)} %`);
    await bare.close();
    await app.close();
  } finally {
    await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
