/**
 * Oversized-file refusals benchmark (not part of npm test): how fast, and with how much memory,
 * the server refuses a 5 MB file of short bad lines, which it must stop reading at the row cap
 * rather than split or check whole:
 * - a store CSV import (POST …/stores/import, multipart): refused with `validation.storeRowsMax`;
 * - a reload CSV validation (POST …/reloadable/reloads/validate, JSON with the file in base64):
 *   refused with `validation.csvTooManyRows`.
 * The unit tests (server/modules/stores/import.test.ts, server/modules/reloadables/reloads.test.ts)
 * assert the refusals themselves; the figures live here, away from a shared test machine's load.
 * Each refusal is sent BENCH_REFUSAL_RUNS times (5) after one warm-up; the request's bytes are made
 * before the clock starts, so what is timed is the server reading them. Memory is the process's
 * RSS growth over one refusal (the largest seen), run with --expose-gc so each starts collected.
 *
 *   BENCH_DATABASE_URL=postgres://… node --expose-gc --import tsx bench/refusals.ts   # PostgreSQL (throwaway database)
 *   node --expose-gc --import tsx bench/refusals.ts                                   # PGlite (in memory)
 *
 * Targets: each refusal ≤ 1 s, RSS growth ≤ 50 MB.
 */
import { loadavg } from 'node:os';
import { RELOAD_LIMITS } from '../domain/reloadables';
import { STORE_IMPORT_LIMITS } from '../domain/schemas/stores-api';
import { login } from '../server/test/auth';
import { multipartFile } from '../server/test/support/companies';
import { benchLog, seededBenchApp, writeBenchResults } from './support';

const RUNS = Number(process.env.BENCH_REFUSAL_RUNS ?? 5);
const FILE_BYTES = 5 * 1024 * 1024;
const TARGET_MS = 1000;
const TARGET_RSS_MB = 50;
const { lines, log } = benchLog();
const collect = () => (globalThis as { gc?: () => void }).gc?.();

async function main() {
  const { app, acmeId, label, close } = await seededBenchApp('tessera_bench_refusals', 10, { log });
  try {
    const operator = (await login(app, 'operator@acme.test')).accessToken;
    const referent = (await login(app, 'referent@acme.test')).accessToken;

    const storeHeader = 'code,name,storeCategoryId,defaultActivationStore\n';
    const storeUpload = multipartFile('stores.csv', 'text/csv', Buffer.from(storeHeader + 'x,*,y,\n'.repeat(Math.floor((FILE_BYTES - storeHeader.length - 400) / 7))));
    const reloadPayload = JSON.stringify({
      file: { type: 'text/csv', name: 'reloads.csv', content: Buffer.from(`cardNumber;amount\r\n${'x;y\r\n'.repeat(Math.floor((FILE_BYTES - 40) / 5))}`).toString('base64') },
    });
    const cases = [
      {
        name: 'store import',
        expected: `validation.storeRowsMax?max=${STORE_IMPORT_LIMITS.maxRows}`,
        send: () => app.inject({ method: 'POST', url: `/api/company/${acmeId}/stores/import`, headers: { authorization: `Bearer ${operator}`, ...storeUpload.headers }, payload: storeUpload.payload }),
        refusal: (body: { errors?: { file?: string } }) => body.errors?.file,
      },
      {
        name: 'reload validation',
        expected: `validation.csvTooManyRows?max=${RELOAD_LIMITS.maxRows}`,
        send: () =>
          app.inject({ method: 'POST', url: `/api/company/${acmeId}/reloadable/reloads/validate`, headers: { authorization: `Bearer ${referent}`, 'content-type': 'application/json' }, payload: reloadPayload }),
        refusal: (body: { errors?: { code?: string }[] }) => body.errors?.[0]?.code,
      },
    ];

    log(`Refusals of a ${(FILE_BYTES / 1024 / 1024).toFixed(0)} MB file of bad lines, ${label}, ${RUNS} runs each (load average ${loadavg()[0].toFixed(2)})`);
    let missed = false;
    for (const { name, expected, send, refusal } of cases) {
      // warm-up: module loads, first query plans
      await send();
      const times: number[] = [];
      let rssGrowth = 0;
      for (let run = 0; run < RUNS; run += 1) {
        collect();
        const rss = process.memoryUsage().rss;
        const started = performance.now();
        const res = await send();
        times.push(performance.now() - started);
        rssGrowth = Math.max(rssGrowth, process.memoryUsage().rss - rss);
        const said = refusal(res.json());
        if (said !== expected) throw new Error(`${name}: expected the refusal ${expected}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      const worst = times[times.length - 1];
      const mb = rssGrowth / 1024 / 1024;
      const met = worst <= TARGET_MS && mb <= TARGET_RSS_MB;
      missed ||= !met;
      log(`  ${name}: median ${median.toFixed(0)} ms, slowest ${worst.toFixed(0)} ms (target ≤ ${TARGET_MS} ms); RSS growth at most ${mb.toFixed(1)} MB (target ≤ ${TARGET_RSS_MB} MB)  ${met ? 'met' : 'MISSED'}`);
    }
    log(`Results written to ${writeBenchResults(`refusals-${label}`, lines)}`);
    if (missed) process.exitCode = 1;
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
