/**
 * Square vouchers benchmark (not part of npm test; issue 19). Through the API (app.inject) on a
 * seeded database:
 * - a BENCH_SQUARE_ROWS-line (10,000) recipients CSV validated (POST orders/validate): target ≤ 1 s;
 * - the order created from it (the file read into the order by its job);
 * - the order activated: approved (its codes minted by the mint job) and activated (codes sold,
 *   one e-mail queued per code by the activation job), from the approve request to ACTIVE:
 *   target ≤ 5 s on PostgreSQL;
 * - the communications sent to a local SMTP server (smtp-server on a free port, the server's own
 *   nodemailer transport): messages per second, from ACTIVE to the last one SENT.
 * Jobs are run by the app's own runner, drained here (no polling interval in the figures).
 *
 *   BENCH_DATABASE_URL=postgres://… node --import tsx bench/square.ts   # PostgreSQL (throwaway database)
 *   node --import tsx bench/square.ts                                   # PGlite (in memory)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { queryRows } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seedDemoData } from '../server/seed/demo';
import { login } from '../server/test/auth';
import { benchLog, openBenchDatabase, writeBenchResults } from './support';

const ROWS = Number(process.env.BENCH_SQUARE_ROWS ?? 10_000);
const TARGET_VALIDATE_MS = 1000;
const TARGET_ACTIVATE_MS = 5000;
const { lines, log } = benchLog();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function main() {
  const { handle, label, drop } = await openBenchDatabase('tessera_bench_square', 20, { log });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-square-'));
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  try {
    await runMigrations(handle);
    await seedDemoData(handle.db);
    const config = loadConfig({
      DATA_DIR: dataDir,
      SPA_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://bench.test',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // every order of the bench waits for approval, as a large one does
      SQUARE_APPROVAL_THRESHOLD_CENTS: '1',
    });
    const app = await buildApp(config, { db: handle });
    const [acme] = await queryRows<{ id: string }>(handle.db, sql`SELECT id FROM companies WHERE code = 'ACME'`);
    const admin = (await login(app, 'admin@tessera.test')).accessToken;
    const base = `/api/company/${acme.id}/square`;
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await app.inject({ method, url: `${base}${url}`, headers: { authorization: `Bearer ${admin}` }, ...(body === undefined ? {} : { payload: body as object }) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
      return res.json() as Record<string, unknown>;
    };
    const drain = async () => {
      while ((await app.ctx.jobs.drain()) > 0) {
        /* jobs enqueued by jobs run in turn */
      }
    };

    const csv = `email;firstName;lastName;amount\r\n${Array.from({ length: ROWS }, (_, i) => `bench.${i}@example.com;Nome${String.fromCharCode(65 + (i % 26))};Cognome;${10 + (i % 40)},00`).join('\r\n')}\r\n`;
    const file = { type: 'text/csv', name: 'recipients.csv', content: Buffer.from(csv).toString('base64') };
    // warm-up: plans and module loads on a small file
    await call('POST', '/orders/validate', { typology: 'GIFT', file: { ...file, content: Buffer.from(csv.split('\r\n').slice(0, 11).join('\r\n')).toString('base64') } });

    let start = performance.now();
    const validation = await call('POST', '/orders/validate', { typology: 'GIFT', file });
    const validateMs = performance.now() - start;
    if (validation.validCount !== ROWS || validation.errorCount !== 0) throw new Error(`validation: ${JSON.stringify(validation).slice(0, 300)}`);

    start = performance.now();
    const order = await call('POST', '/orders', { host: 'shop.acme.example', referentEmail: 'referent@acme.test', typology: 'GIFT', validMonths: 12, file, acceptWarnings: true });
    await drain();
    const createMs = performance.now() - start;
    const id = String(order.id);
    const status = async () => String((await call('GET', `/orders/${id}`)).status);
    if ((await status()) !== 'DRAFT') throw new Error(`created order is ${await status()}`);
    await call('POST', `/orders/${id}/confirm`);

    start = performance.now();
    await call('POST', `/orders/${id}/approve`);
    await drain();
    const mintMs = performance.now() - start;
    if ((await status()) !== 'NOT_ACTIVE') throw new Error(`approved order is ${await status()}`);
    await call('POST', `/orders/${id}/activate`);
    // the activation job only: the sender is timed apart below
    const activated = performance.now();
    while ((await status()) !== 'ACTIVE') {
      if (!(await app.ctx.jobs.runOne())) throw new Error(`activation stopped at ${await status()}`);
    }
    const activateMs = performance.now() - activated;
    const totalMs = mintMs + activateMs;
    const [counts] = await queryRows<{ codes: string; queued: string }>(
      handle.db,
      sql`SELECT (SELECT count(*) FROM square_codes WHERE order_id = ${id} AND status = 'SOLD') AS codes, (SELECT count(*) FROM square_communications WHERE order_id = ${id}) AS queued`,
    );

    start = performance.now();
    await drain();
    const sendMs = performance.now() - start;
    const [sent] = await queryRows<{ n: string }>(handle.db, sql`SELECT count(*) AS n FROM square_communications WHERE order_id = ${id} AND status = 'SENT'`);

    log(`square bench on ${label} (load ${loadavg()[0].toFixed(1)}): ${ROWS.toLocaleString('en')} recipients, CSV of ${(csv.length / 1024).toFixed(0)} KB`);
    log(`  validate the file (POST orders/validate): ${seconds(validateMs)}  target ≤ ${seconds(TARGET_VALIDATE_MS)}  ${validateMs <= TARGET_VALIDATE_MS ? 'met' : 'MISSED'}`);
    log(`  create the order (POST orders + its job): ${seconds(createMs)}`);
    log(`  activate: approve → codes minted ${seconds(mintMs)}, activate → sold and e-mails queued ${seconds(activateMs)}; together ${seconds(totalMs)}  target ≤ ${seconds(TARGET_ACTIVATE_MS)}  ${totalMs <= TARGET_ACTIVATE_MS ? 'met' : 'MISSED'}`);
    log(`  ${counts.codes} codes sold, ${counts.queued} communications queued`);
    log(`  send to a local SMTP server: ${sent.n} sent (${received} received) in ${seconds(sendMs)}, ${Math.round((Number(sent.n) / sendMs) * 1000).toLocaleString('en')} messages/s`);
    await app.close();
    writeBenchResults(`square-${label}-${ROWS}`, lines);
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
    await handle.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
