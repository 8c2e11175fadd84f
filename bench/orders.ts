/**
 * Orders benchmark (not part of npm test): a digital order of BENCH_ORDER_CARDS (10,000) cards
 * issued by the issue job, its activation, and the first byte / whole of its codes CSV read by
 * a real HTTP client, and its PDF sheets. Prints a figures table and writes bench/results/orders-<driver>.txt.
 *
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/orders.ts   # PostgreSQL (throwaway database)
 *   npx tsx bench/orders.ts                                   # PGlite (in memory)
 *
 * Targets (issue 9): issued ≤ 5 s on PostgreSQL; codes CSV first byte < 1 s.
 */
import { openBenchDatabase } from './support';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seedDemoData } from '../server/seed/demo';

const CARDS = Number(process.env.BENCH_ORDER_CARDS ?? 10_000);
const lines: string[] = [];
const log = (message: string) => {
  lines.push(message);
  console.log(message);
};

const openDatabase = () => openBenchDatabase('tessera_bench_orders', 20);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const { handle, label, drop } = await openDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-orders-'));
  try {
    await runMigrations(handle);
    // the demo catalog and 3,000 cards, so the order lands among other cards
    await seedDemoData(handle.db, { giftcards: true });
    const config = loadConfig({ DATA_DIR: dataDir, SPA_DIR: path.join(dataDir, 'no-dist'), LOG_LEVEL: 'warn', PUBLIC_URL: 'http://bench.test' });
    const app = await buildApp(config, { db: handle, mailTransport: null });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await app.inject({ method: 'POST', url: '/identity/v1/accounts:signInWithPassword?key=k', payload: { email: 'admin@tessera.test', password: 'Tessera-Demo-2026!', tenantId: 'tessera', returnSecureToken: true } });
    const exchange = await app.inject({ method: 'POST', url: '/api/auth/token-exchange', payload: { fireBaseToken: signIn.json().idToken } });
    const headers = { authorization: `Bearer ${exchange.json().accessToken}` };
    const [acme] = await queryRows<{ id: string }>(handle.db, sql`SELECT id FROM companies WHERE code = 'ACME'`);
    const [typology] = await queryRows<{ id: string }>(handle.db, sql`SELECT id FROM card_typologies WHERE sku = 'GC-DIG-XMAS'`);
    const base = `/api/company/${acme.id}/giftcard`;
    const call = (method: 'POST' | 'PUT', url: string, payload?: object) => app.inject({ method, url: base + url, headers, ...(payload ? { payload } : {}) });

    const order = (await call('POST', '/orders', { subCompanyId: acme.id, shippingType: 'DIGITAL' })).json();
    await call('POST', `/orders/${order.id}/items`, { typologyId: typology.id, quantity: CARDS });
    await call('PUT', `/orders/${order.id}`, { referentName: 'Bench', referentEmail: 'bench@acme.test', companyOrderNumber: 'BENCH-1' });
    const confirmStart = performance.now();
    await call('POST', `/orders/${order.id}/confirm`);
    const confirmMs = performance.now() - confirmStart;
    const issueStart = performance.now();
    await app.ctx.jobs.drain();
    const issueMs = performance.now() - issueStart;
    const [issued] = await queryRows<{ state: string; cards: number; sold: number }>(
      handle.db,
      sql`SELECT o.state, (SELECT count(*)::int FROM gift_cards g WHERE g.company_id = o.company_id AND g.order_reference = o.number) AS cards,
            (SELECT count(*)::int FROM gift_card_transactions x JOIN gift_cards g ON g.id = x.card_id WHERE g.order_reference = o.number AND x.type = 'SOLD') AS sold
          FROM orders o WHERE o.id = ${order.id}`,
    );
    const activateStart = performance.now();
    const activated = await call('POST', `/orders/${order.id}/activate`);
    const activateMs = performance.now() - activateStart;

    const csvStart = performance.now();
    const response = await fetch(`${address}${base}/orders/${order.id}/codes?format=csv`, { headers });
    const reader = response.body!.getReader();
    let firstByteMs = 0;
    let bytes = 0;
    let rows = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - csvStart;
      bytes += value.length;
      for (const b of value) if (b === 10) rows += 1;
    }
    const csvMs = performance.now() - csvStart;

    const pdfStart = performance.now();
    const pdf = await fetch(`${address}${base}/orders/${order.id}/codes?format=pdf`, { headers });
    const pdfReader = pdf.body!.getReader();
    let pdfFirstMs = 0;
    let pdfBytes = 0;
    for (;;) {
      const { done, value } = await pdfReader.read();
      if (done) break;
      if (pdfBytes === 0) pdfFirstMs = performance.now() - pdfStart;
      pdfBytes += value.length;
    }
    const pdfMs = performance.now() - pdfStart;
    await app.close();

    log(`orders bench on ${label}, ${new Date().toISOString()}, ${CARDS} digital cards`);
    log(`| measure | figure | target |`);
    log(`| --- | --- | --- |`);
    log(`| confirm (request) | ${seconds(confirmMs)} | |`);
    log(`| issue job: ${issued.cards} cards SOLD, ${issued.sold} SOLD rows → ${issued.state} | ${seconds(issueMs)} | ≤ 5 s on PostgreSQL |`);
    log(`| activate (request, ACTIVATE rows) → ${activated.statusCode} | ${seconds(activateMs)} | |`);
    log(`| codes CSV first byte | ${(firstByteMs).toFixed(0)} ms | < 1 s |`);
    log(`| codes CSV whole (${rows - 1} rows, ${(bytes / 1024).toFixed(0)} KB) | ${seconds(csvMs)} | |`);
    log(`| codes PDF first byte | ${pdfFirstMs.toFixed(0)} ms | |`);
    log(`| codes PDF whole (${(pdfBytes / 1024 / 1024).toFixed(1)} MB) | ${seconds(pdfMs)} = ${Math.round(CARDS / (pdfMs / 1000))} cards/s | |`);
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(`bench/results/orders-${label}-${CARDS}.txt`, lines.join('\n') + '\n');
  } finally {
    await handle.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
