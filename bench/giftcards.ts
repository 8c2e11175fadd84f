/**
 * Gift-card scale benchmark (not part of npm test). Prints a figures table.
 *
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/giftcards.ts      # PostgreSQL, 1,000,000 cards
 *   npx tsx bench/giftcards.ts                                      # PGlite (in memory), 100,000 cards
 *   BENCH_CARDS=200000 …                                            # another size (5 ledger rows per card)
 *   node --expose-gc --import tsx bench/giftcards.ts                # heap figures of live data (GC each second)
 *   BENCH_ONLY=export …                                             # only the CSV export (its heap figures)
 *
 * On PostgreSQL it creates a throwaway database next to BENCH_DATABASE_URL's and drops it after
 * (BENCH_KEEP=1 keeps it; BENCH_REUSE_DB=<name> measures a kept one again without generating). The server runs in this process and listens on a free port, so the CSV
 * export is read by a real HTTP client while the server's memory is sampled.
 */
import { openBenchDatabase } from './support';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows, type DbHandle } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seedDemoData } from '../server/seed/demo';
import { generateGiftcards } from './giftcards-data';
import { measure, streamCsv, table, type Row } from './giftcards-measure';

const lines: string[] = [];
const log = (message: string) => {
  lines.push(message);
  console.log(message);
};

const openDatabase = () => openBenchDatabase('tessera_bench', 20, { reuse: process.env.BENCH_REUSE_DB, keep: process.env.BENCH_KEEP === '1', log });

async function main() {
  const { handle, label, drop } = await openDatabase();
  const reused = Boolean(process.env.BENCH_REUSE_DB && label === 'postgres');
  const cards = reused
    ? Number((await queryRows<{ n: string }>(handle.db, sql`SELECT count(*) AS n FROM gift_cards`))[0].n)
    : Number(process.env.BENCH_CARDS ?? (label === 'postgres' ? 1_000_000 : 100_000));
  const perCard = 5;
  log(`# Tessera gift-card benchmark — ${label}, ${cards.toLocaleString('en')} cards, ${(cards * perCard).toLocaleString('en')} transactions${reused ? ' (reused database)' : ''}`);
  log(`# ${new Date().toISOString()}, node ${process.version}`);
  if (!reused) await prepare(handle, cards, perCard);
  const [ids] = await queryRows<{ acme: string; nord: string }>(
    handle.db,
    sql`SELECT (SELECT id FROM companies WHERE code = 'ACME') AS acme, (SELECT id FROM companies WHERE code = 'ACME-NORD') AS nord`,
  );
  await serve(handle, ids.acme, cards);
  await handle.close();
  await drop();
  const outDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `giftcards-${label}-${cards}${process.env.BENCH_ONLY ? `-${process.env.BENCH_ONLY}` : ''}.txt`);
  writeFileSync(file, lines.join('\n') + '\n');
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

async function prepare(handle: DbHandle, cards: number, perCard: number) {
  await runMigrations(handle);
  await seedDemoData(handle.db);
  const [ids] = await queryRows<{ acme: string; nord: string }>(
    handle.db,
    sql`SELECT (SELECT id FROM companies WHERE code = 'ACME') AS acme, (SELECT id FROM companies WHERE code = 'ACME-NORD') AS nord`,
  );
  const [typology] = await queryRows<{ id: string }>(
    handle.db,
    sql`INSERT INTO card_typologies (name, type, value_cents, sku, expiration_type, expiration_months)
        VALUES ('Bench 50', 'PHYSICAL', 5000, 'BENCH-50', 'MONTHS_FROM_ACTIVATION', 12) RETURNING id`,
  );
  const [store] = await queryRows<{ id: string }>(
    handle.db,
    sql`INSERT INTO stores (company_id, code, name, store_category_id, is_default_activation) VALUES (${ids.acme}, 'BENCH-S', 'Bench store', 'RETAIL', true) RETURNING id`,
  );
  const t0 = Date.now();
  log('generating…');
  await generateGiftcards(handle.db, { acmeId: ids.acme, nordId: ids.nord, typologyId: typology.id, storeId: store.id, cards, perCard, log });
  log(`generated in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

async function serve(handle: DbHandle, acmeId: string, cards: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', GIFT_CARD_SEARCH_MAX_PER_MINUTE: '100000' }), { db: handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const rows: Row[] = process.env.BENCH_ONLY === 'export' ? [] : await measure(app, handle.db, acmeId, cards);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  rows.push(...(await streamCsv(app, handle.db, port, acmeId, cards)));
  log('');
  for (const line of table(rows)) log(line);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
