/**
 * One instance against two (issue 17; not part of npm test): the gift-card list
 * (GET /api/company/{id}/giftcard/cards?range=[0,24], the operator's first screen) under a closed
 * loop of BENCH_CONCURRENCY clients, sent to one server process, then to two server processes on
 * the same PostgreSQL database in turn (a client-side round robin, as a balancer would). Prints
 * req/s, p50 and p95 of each and writes bench/results/instances-<cards>.txt.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/instances.ts
 *   BENCH_CARDS=100000 BENCH_SECONDS=10 BENCH_CONCURRENCY=32 …
 *
 * PostgreSQL only (several processes on one database); it creates a throwaway database next to
 * BENCH_DATABASE_URL's and drops it after. Everything (load, servers, database) shares this
 * machine's cores: what a second instance buys here is bounded by them, and the figures say so.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/client';
import { newIdentityPem } from '../server/lib/key-material';
import { DEMO_PASSWORD } from '../server/seed/demo';
import { killProcess, signInOverHttp, startServerProcess, type RunningServer } from '../server/test/processes';
import { benchLog, cardListDatabase, closedLoad, openBenchDatabase, type LoadFigures } from './support';

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const { lines, log } = benchLog();

async function main() {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log('instances: PostgreSQL only — set BENCH_DATABASE_URL (several server processes share one database)');
    return;
  }
  const { handle, drop } = await openBenchDatabase('tessera_bench_instances', 4, { log });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-instances-'));
  const servers: RunningServer[] = [];
  try {
    log(`# one instance vs two on one PostgreSQL — ${CARDS.toLocaleString('en')} cards, ${CONCURRENCY} concurrent clients, ${SECONDS} s each, ${availableParallelism()} cores shared by all, node ${process.version}`);
    const ids = await cardListDatabase(handle, CARDS);

    // what instances share: the database, the keys and the public address
    const url = new URL(process.env.BENCH_DATABASE_URL);
    url.pathname = `/${(await queryRows<{ name: string }>(handle.db, sql`SELECT current_database() AS name`))[0].name}`;
    const env = { PUBLIC_URL: 'http://bench.test', IDENTITY_PRIVATE_KEY: await newIdentityPem() };
    servers.push(...(await Promise.all(['a', 'b'].map((name) => startServerProcess(url.toString(), path.join(dataDir, name), env)))));
    const token = await signInOverHttp(servers[0].base, 'operator@acme.test', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const listOn = (server: RunningServer) => `${server.base}/api/company/${ids.acme}/giftcard/cards?range=${encodeURIComponent('[0,24]')}`;

    const one = [listOn(servers[0])];
    const two = servers.map(listOn);
    await closedLoad(two, headers, 2, CONCURRENCY); // warm-up of both (plans, JIT)
    const figures: Array<[string, LoadFigures]> = [
      ['one instance', await closedLoad(one, headers, SECONDS, CONCURRENCY)],
      ['two instances', await closedLoad(two, headers, SECONDS, CONCURRENCY)],
    ];
    for (const [name, r] of figures) {
      log(`${name.padEnd(14)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms${r.errors ? `  ${r.errors} errors` : ''}`);
    }
    log(`two / one: ${((figures[1][1].rps / figures[0][1].rps) * 100).toFixed(0)} % of the throughput, p95 ${((figures[1][1].p95 / figures[0][1].p95) * 100).toFixed(0)} %`);
    const results = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
    mkdirSync(results, { recursive: true });
    writeFileSync(path.join(results, `instances-${CARDS}.txt`), `${lines.join('\n')}\n`);
  } finally {
    await Promise.all(servers.map(killProcess));
    await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
