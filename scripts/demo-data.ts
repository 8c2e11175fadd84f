/**
 * The demo's database, made at build time (npm run build:demo, npm run demo): the server's
 * migrations and its demo seed (the data `npm start` gives) on PGlite in Node, the data directory
 * dumped as one gzipped tarball the browser host loads at start (src/demo/host/worker.ts). Beside
 * it the host's settings: the server's own `loadConfig` for a demo environment and the SPA's
 * public part of it (what /config.js gives the real app).
 *
 * Both files are generated, not kept in git (`--if-missing`: made only when absent, for
 * `npm run typecheck` on a fresh checkout).
 *
 * The seed leaves work queued (orders to issue, a batch to generate, its e-mails), which a server
 * does in its first seconds. Done here by the server's own job runner, so the demo does not start
 * by doing it in the browser while its first visitor waits to sign in; what the demo then shows
 * is a server that has been running a while. A batch archive is left for the demo to make: its
 * PDF is a file of the host's storage, and the demo's storage is the browser's memory.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../domain/demoAccounts';
import { loadConfig } from '../server/config';
import { JOB_ARCHIVE } from '../server/modules/catalog/service';
import type { Db } from '../server/db/client';
import { pgliteSnapshot } from '../server/db/snapshot';
import { createApiHost, standaloneParts } from '../server/host/api-host';
import { publicConfig } from '../server/plugins/spa';
import { scheduleDashboardRollup } from '../server/modules/dashboard/rollup';
import { seedDemoData } from '../server/seed/demo';
import { withShortWal } from '../src/demo/shortWal';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/demo/generated');
// `--if-missing` (npm run typecheck): only a fresh checkout needs them, for their types
if (process.argv.includes('--if-missing') && existsSync(path.join(out, 'host.json')) && existsSync(path.join(out, 'demo-data.tar.gz'))) process.exit(0);
const started = performance.now();
const DEMO_WAITING_BATCH_CARDS = 2000;
const config = loadConfig({ APP_ENV: 'demo', DATA_DIR: '/demo', PUBLIC_URL: 'http://demo.tessera.local', LOG_LEVEL: 'warn' });

async function seedAndSettle(db: Db) {
  await seedDemoData(db, { giftcards: true, orders: true });
  // the seed's batch waiting to generate (20,000 cards on a server, made in its first minute)
  // would be 5 of every 6 cards here: rows the browser downloads and loads before the demo's first
  // answer. The demo makes 2,000 of them, the same batch at a tenth of its size.
  await db.execute(sql`UPDATE card_batches SET quantity = ${DEMO_WAITING_BATCH_CARDS} WHERE lot_number = 'LOT-2026-005' AND status = 'PENDING'`);
  const host = await createApiHost(await standaloneParts(config, db));
  try {
    await db.execute(sql`UPDATE jobs SET run_at = run_at + interval '100 years' WHERE name = ${JOB_ARCHIVE} AND status = 'queued'`);
    await host.ctx.jobs.drain();
    await db.execute(sql`UPDATE jobs SET run_at = run_at - interval '100 years' WHERE name = ${JOB_ARCHIVE} AND status = 'queued'`);
    // the dashboard's rollup queued, due at once: in the browser it brings the seed's summaries up to the visitor's today
    await scheduleDashboardRollup(db, 0, new Date());
  } finally {
    await host.close();
  }
  // the demo accounts' password is printed in the README: its hash (argon2id all the same, read by
  // the same verifier) is made at argon2's lowest cost, so their sign-in in the browser's
  // WebAssembly is not ~100 ms of the first screen's wait. Accounts made in the demo get the server's.
  const published = await hash(DEMO_PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  await db.execute(sql`UPDATE users SET password_hash = ${published} WHERE email IN (${sql.join(DEMO_ACCOUNTS.map((account) => sql`${account.email}`), sql`, `)})`);
  // the rows the jobs rewrote leave dead versions behind: compacted, the download is smaller
  await db.execute(sql`VACUUM FULL`);
  // the demo never creates a database: the two templates (a third of the download) stay out
  for (const template of ['template0', 'template1']) {
    await db.execute(sql.raw(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false IS_TEMPLATE false`));
    await db.execute(sql.raw(`DROP DATABASE ${template}`));
  }
  // the snapshot's checkpoint then starts a fresh WAL segment: the one segment kept (the
  // checkpoint's) holds a few pages of records instead of ≈9 MB of them and their zeros
  await db.execute(sql`SELECT pg_switch_wal()`);
}

const snapshot = await pgliteSnapshot(seedAndSettle);
mkdirSync(out, { recursive: true });
const bytes = await withShortWal(snapshot);
writeFileSync(path.join(out, 'demo-data.tar.gz'), bytes);
writeFileSync(path.join(out, 'host.json'), `${JSON.stringify({ config, publicConfig: publicConfig(config) }, null, 2)}\n`);
console.log(`demo data: ${(bytes.length / 1024).toFixed(0)} KiB gzipped in ${((performance.now() - started) / 1000).toFixed(1)} s → ${path.relative(process.cwd(), out)}`);
