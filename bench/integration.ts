/**
 * Integration API benchmark (issue 22; not part of npm test): BENCH_INTEGRATION_TILLS (50) tills,
 * each with its own API key for one store, consume from BENCH_INTEGRATION_CARDS (500) cards over
 * real HTTP on an in-process server for BENCH_INTEGRATION_SECONDS (15), every call with its own
 * Idempotency-Key and every tenth call a retry of the till's previous one (the answer must be its
 * replay). Prints req/s and latencies, then sums the ledger: every accepted consumption is there
 * once, and nothing else (zero lost or doubled moves). Writes bench/results/integration-<driver>.txt.
 *
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/integration.ts   # PostgreSQL (throwaway database)
 *   node --import tsx bench/integration.ts                                   # PGlite (in memory)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { newApiKey } from '../server/modules/integration/keys';
import { seedDemoData } from '../server/seed/demo';
import { newCardCode } from '../server/seed/giftcards';
import { benchLog, openBenchDatabase, percentile, writeBenchResults } from './support';

const CARDS = Number(process.env.BENCH_INTEGRATION_CARDS ?? 500);
const TILLS = Number(process.env.BENCH_INTEGRATION_TILLS ?? 50);
const SECONDS = Number(process.env.BENCH_INTEGRATION_SECONDS ?? 15);
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
}

async function main() {
  const { handle, label, drop } = await openBenchDatabase('tessera_bench_integration', 20, { log });
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

    const consume = async (till: { key: string }, key: string, body: string) => {
      const res = await fetch(base, { method: 'POST', headers: { authorization: `Bearer ${till.key}`, 'idempotency-key': key, 'content-type': 'application/json' }, body });
      return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', text: await res.text() };
    };

    const run = async (seconds: number): Promise<Tally> => {
      const tally: Tally = { times: [], accepted: 0, acceptedCents: 0, replays: 0, badReplays: 0, errors: 0 };
      const until = performance.now() + seconds * 1000;
      const worker = async (till: (typeof tills)[number], n: number) => {
        let last: { key: string; body: string; text: string } | null = null;
        for (let i = 0; performance.now() < until; i++) {
          const started = performance.now();
          if (last && i % 10 === 9) {
            // the till timed out and retries: the same key and body must answer the first answer
            const again = await consume(till, last.key, last.body);
            tally.times.push(performance.now() - started);
            tally.replays++;
            if (again.status !== 200 || !again.replayed || again.text !== last.text) tally.badReplays++;
            continue;
          }
          const key = `bench-${n}-${i}-${Math.random().toString(36).slice(2, 8)}`;
          const amountCents = 1 + Math.floor(Math.random() * 100);
          const body = JSON.stringify({ code: cardIds[Math.floor(Math.random() * cardIds.length)].code, amountCents });
          const answer = await consume(till, key, body);
          tally.times.push(performance.now() - started);
          if (answer.status === 200) {
            tally.accepted++;
            tally.acceptedCents += amountCents;
            last = { key, body, text: answer.text };
          } else tally.errors++;
        }
      };
      await Promise.all(tills.map((till, n) => worker(till, n)));
      return tally;
    };

    await run(2); // warm-up: plans, JIT, pool connections (its moves are summed too)
    const [warm] = await queryRows<{ consumed: string; moves: string }>(
      handle.db,
      sql`SELECT coalesce(-sum(amount_cents), 0) AS consumed, count(*) AS moves FROM gift_card_transactions t JOIN gift_cards c ON c.id = t.card_id WHERE c.typology_id = ${typology.id} AND t.type = 'CONSUME' AND t.result = 'SUCCESS'`,
    );
    const started = performance.now();
    const tally = await run(SECONDS);
    const elapsed = (performance.now() - started) / 1000;
    await app.close();

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
    const exact = lost === 0 && consumed === tally.acceptedCents && Number(ledger.drift) === 0 && tally.badReplays === 0 && Number(ledger.balances) === CARDS * START_CENTS - Number(ledger.consumed);

    log(`integration bench on ${label} (load ${loadavg()[0].toFixed(1)}, node ${process.version}): ${TILLS} tills (a key each) consuming from ${CARDS} cards over HTTP for ${SECONDS} s`);
    log(`  ${(times.length / elapsed).toFixed(0)} req/s  p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms  p99 ${percentile(times, 0.99).toFixed(1)} ms  (${times.length} calls: ${tally.accepted} consumptions, ${tally.replays} retries, ${tally.errors} refused)`);
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
