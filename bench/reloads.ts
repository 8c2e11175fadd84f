/**
 * Reloads benchmark (not part of npm test): BENCH_RELOAD_ROWS (10,000) active reloadable cards
 * and a wallet that covers them; times the validation of a 10,000-row CSV (parse + checkRows)
 * and a run now of 10,000 rows (createRun: checks, reservation, rows, then every chunk credited).
 * Prints the figures against the targets and writes bench/results/reloads-<driver>-<rows>.txt.
 *
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/reloads.ts   # PostgreSQL (throwaway database)
 *   node --import tsx bench/reloads.ts                                   # PGlite (in memory)
 *
 * Targets (issue 10): validate ≤ 1 s, execute ≤ 3 s (PostgreSQL).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { parseReloadCsv } from '../domain/reloadables';
import { queryRows } from '../server/db/client';
import { applyWalletMoves, lockWallet } from '../server/modules/reloadables/ledger.repository';
import { checkRows, createRun } from '../server/modules/reloadables/reloads.service';
import { benchLog, seededBenchApp, writeBenchResults } from './support';

const ROWS = Number(process.env.BENCH_RELOAD_ROWS ?? 10_000);
const TARGET_VALIDATE_MS = 1000;
const TARGET_EXECUTE_MS = 3000;
const { lines, log } = benchLog();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const { handle, label, app, config, acmeId, close } = await seededBenchApp('tessera_bench_reloads', 20, { log });
  const acme = { id: acmeId };
  try {
    const [user] = await queryRows<{ id: string }>(handle.db, sql`SELECT id FROM users WHERE email = 'referent@acme.test'`);
    const actor = { userId: user.id, companyId: acme.id, isProvider: false };

    const cards = await queryRows<{ id: string; number: string }>(
      handle.db,
      sql`INSERT INTO reloadable_cards (number, company_id, status, balance_cents, activation_date)
          SELECT '54' || lpad(g::text, 14, '0'), ${acme.id}, 'ACTIVE', 0, now() FROM generate_series(1, ${ROWS}) g
          RETURNING id, number`,
    );
    await handle.db.transaction(async (tx) => {
      const wallet = await lockWallet(tx, acme.id);
      await applyWalletMoves(tx, wallet, [{ type: 'WALLET_RELOAD', reason: 'FUNDING', amountCents: ROWS * 2500 }]);
    });
    const csv = `cardNumber;amount\r\n${cards.map((c, i) => `${c.number};${(10 + (i % 15)).toFixed(2).replace('.', ',')}`).join('\r\n')}\r\n`;

    // warm-up on a few rows (first query plans, module loads)
    await checkRows(handle.db, app.ctx, actor, parseReloadCsv(csv.split('\r\n').slice(0, 11).join('\r\n')).rows, new Date());

    const validateStart = performance.now();
    const parsed = parseReloadCsv(csv);
    const parseMs = performance.now() - validateStart;
    const report = await checkRows(handle.db, app.ctx, actor, parsed.rows, new Date());
    const validateMs = performance.now() - validateStart;
    if (report.count !== ROWS || report.errors.length + parsed.errors.length > 0) throw new Error(`validation found ${report.errors.length + parsed.errors.length} errors`);

    const executeStart = performance.now();
    const run = await createRun(app.ctx, actor, { source: 'CSV', fileName: 'bench.csv', rows: report.rows.map((r) => ({ row: r.row, cardId: r.cardId, amountCents: r.amountCents })) }, null);
    const executeMs = performance.now() - executeStart;
    if (run.state !== 'COMPLETED' || run.creditedCount !== ROWS) throw new Error(`run ended ${run.state} with ${run.creditedCount} rows credited`);
    const [wallet] = await queryRows<{ balance: string; reserved: string; moves: string }>(
      handle.db,
      sql`SELECT balance_cents AS balance, reserved_cents AS reserved, (SELECT count(*) FROM wallet_movements WHERE run_id = ${run.id}) AS moves FROM wallets WHERE company_id = ${acme.id}`,
    );

    log(`reloads bench on ${label} (load ${loadavg()[0].toFixed(1)}): ${ROWS.toLocaleString('en')} cards, CSV of ${(csv.length / 1024).toFixed(0)} KB`);
    log(`  validate (parse ${seconds(parseMs)} + checkRows): ${seconds(validateMs)}  target ≤ ${seconds(TARGET_VALIDATE_MS)}  ${validateMs <= TARGET_VALIDATE_MS ? 'met' : 'MISSED'}`);
    log(`  run now of ${ROWS.toLocaleString('en')} rows (createRun, chunks of ${config.reloads.chunkRows}): ${seconds(executeMs)}  target ≤ ${seconds(TARGET_EXECUTE_MS)}  ${executeMs <= TARGET_EXECUTE_MS ? 'met' : 'MISSED'}`);
    log(`  ${run.number}: ${run.creditedCount} rows credited, ${wallet.moves} wallet movements; wallet ${wallet.balance} cents, reserved ${wallet.reserved}`);
    writeBenchResults(`reloads-${label}-${ROWS}`, lines);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
