/**
 * Demo benchmark (npm run bench:demo; not part of npm test). Issue 15's limits, measured on the
 * built demo (dist-demo/, built when missing) served locally with gzip and cache headers as a
 * static host would:
 *
 * - "cold": a fresh browser profile opens the demo URL, signs in on the form at once and waits for
 *   the first list (the gift cards) to show rows. Limit 4 s.
 * - "warm": the same, a second time with the HTTP cache filled (the worker starts again, so its
 *   database is loaded again). Limit 2 s.
 * - bytes: compressed bytes the server sent during the cold load, split into app code (HTML, JS,
 *   CSS), PGlite (its WebAssembly and data file) and the data snapshot.
 * - list: the gift-card list sorted again (its progressive column, one way then the other),
 *   BENCH_RUNS times (median), in the demo and on the embedded server (npm start's build on a
 *   fresh DATA_DIR). Limit: demo ≤ 2 × server.
 *
 *   node bench/demo.mjs            BENCH_RUNS=15 node bench/demo.mjs
 *   BENCH_WARM=5 node bench/demo.mjs   (the warm load five times, median; each run printed)
 *   BENCH_DEMO_ONLY=1 node bench/demo.mjs   (the demo's loads only: no embedded server, no list times)
 *   BENCH_LOCATOR_WAIT=1 node bench/demo.mjs   (the list awaited as before: a locator, polled every 500 ms)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureBuild } from '../scripts/ensure-build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_DIR = path.join(ROOT, 'dist-demo');
const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const WARM_RUNS = Number(process.env.BENCH_WARM ?? 1);
const DEMO_ONLY = Boolean(process.env.BENCH_DEMO_ONLY);
const EMAIL = 'admin@tessera.test';
const PASSWORD = 'Tessera-Demo-2026!';
const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
};
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json', '.wasm': 'application/wasm' };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const freePort = () =>
  new Promise((resolve) => {
    const srv = createNetServer().listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

function category(file) {
  if (/demo-data/.test(file)) return 'snapshot';
  if (/pglite/.test(file)) return 'pglite';
  return 'app';
}

/** dist-demo over HTTP: gzip where it pays, hashed assets cacheable for a year, the rest revalidated; bytes sent counted by category. */
async function serveDemo() {
  const sent = { app: 0, pglite: 0, snapshot: 0 };
  // compressed ahead, as a static host serves precompressed files (not on the measured request)
  const gzipped = new Map();
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).forEach((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : entry.name.endsWith('.gz') || gzipped.set(path.join(dir, entry.name), gzipSync(readFileSync(path.join(dir, entry.name)), { level: 9 }))));
  walk(DEMO_DIR);
  const port = await freePort();
  const server = createServer((request, response) => {
    let file = path.join(DEMO_DIR, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (!file.startsWith(DEMO_DIR) || !existsSync(file)) return response.writeHead(404).end();
    if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
    const ext = path.extname(file);
    let body = readFileSync(file);
    const headers = { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache' };
    // the snapshot is a .tar.gz already; everything else compresses
    if (!file.endsWith('.gz') && /gzip/.test(request.headers['accept-encoding'] ?? '')) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 9 }));
      body = gzipped.get(file);
      headers['content-encoding'] = 'gzip';
    }
    sent[category(file)] += body.length;
    response.writeHead(200, { ...headers, 'content-length': body.length });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, sent, reset: () => Object.keys(sent).forEach((k) => (sent[k] = 0)), close: () => server.close() };
}

/** when the last sign-in form took what was typed (the SPA's own start, before any API answer) */
let lastFormUsable = 0;

async function signInAndWaitForList(page, url, entry) {
  const t0 = performance.now();
  await page.goto(`${url}${entry}`);
  const submit = page.locator('button[type="submit"]');
  // filled again only if the form lost what was typed (a fill before the form is live); a busy
  // page may take a while to show it took the values, which is part of the time measured
  for (;;) {
    await page.locator('input[name="email"]').fill(EMAIL);
    await page.locator('input[name="password"]').fill(PASSWORD);
    const taken = await page
      .waitForFunction(
        (email) => {
          const doc = globalThis.document;
          if (doc.querySelector('input[name="email"]')?.value !== email) return 'lost';
          return doc.querySelector('button[type="submit"]')?.disabled === false;
        },
        EMAIL,
        { timeout: 30_000, polling: 'raf' },
      )
      .then((handle) => handle.jsonValue());
    if (taken === true) break;
  }
  const formReady = performance.now() - t0;
  lastFormUsable = formReady;
  await submit.click();
  // the list's second row shown, looked for on every frame: a locator's waitFor polls with
  // Playwright's backoff (every 500 ms after the first ~270), which added 0–500 ms to the time
  if (process.env.BENCH_LOCATOR_WAIT) await page.locator('tbody tr').nth(1).waitFor({ timeout: 60_000 });
  else
    await page.waitForFunction(
      () => {
        const row = globalThis.document.querySelectorAll('tbody tr')[1];
        const box = row?.getBoundingClientRect();
        return Boolean(box && box.width > 0 && box.height > 0 && row.checkVisibility({ visibilityProperty: true }));
      },
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
  if (process.env.BENCH_VERBOSE) console.log(`${url}${entry}: form usable at ${formReady.toFixed(0)} ms, list at ${(performance.now() - t0).toFixed(0)} ms`);
  return performance.now() - t0;
}

/** the gift-card list sorted by progressive, descending then ascending, …: the time from the click on the column to the other order's first code shown */
async function listTimes(page) {
  const times = [];
  const firstCode = () => page.locator('tbody tr td:nth-child(2)').first().innerText();
  const column = page.locator('thead [data-field="progressive"]');
  for (let i = 0; i < RUNS; i += 1) {
    const before = await firstCode();
    const t0 = performance.now();
    await column.click();
    await page.waitForFunction((code) => globalThis.document.querySelector('tbody tr td:nth-child(2)')?.textContent !== code, before, { polling: 'raf' });
    times.push(performance.now() - t0);
  }
  return times;
}

async function startEmbeddedServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-bench-demo-'));
  const port = await freePort();
  const child = spawn('node', ['dist-server/main.js'], { cwd: ROOT, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/config.js`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // a fresh DATA_DIR's first minute: the seed's queued work (a 20,000-card batch, its PDF, the
  // e-mails) holds the event loop; measured once it is done, as a server that has been running
  for (let calm = 0, waited = 0; calm < 10 && waited < 180_000; waited += 200) {
    const t0 = performance.now();
    await fetch(`http://127.0.0.1:${port}/config.js`);
    calm = performance.now() - t0 < 30 ? calm + 1 : 0;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

if (!existsSync(path.join(DEMO_DIR, 'index.html'))) spawnSync('npm', ['run', 'build:demo'], { cwd: ROOT, stdio: 'inherit' });
if (!DEMO_ONLY) await ensureBuild();
const demo = await serveDemo();
const browser = await chromium.launch(CHROMIUM);
const rows = [];
try {
  // cold: a fresh profile on disk (empty cache; a disk cache as a person's browser has, not the
  // in-memory one of an incognito context); then warm: a new page of the same profile, after the
  // first closed (its worker gone)
  const profile = mkdtempSync(path.join(tmpdir(), 'tessera-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM, locale: 'it-IT', viewport: { width: 1440, height: 900 } });
  let page = await context.newPage();
  const cold = await signInAndWaitForList(page, demo.url, '/#/login');
  const coldFormUsable = lastFormUsable;
  const bytes = { ...demo.sent };
  await page.close();
  await new Promise((r) => setTimeout(r, 500));
  // warm, BENCH_WARM times (default once; each a new page after the last closed): the median
  const warms = [];
  let warmBytes = 0;
  for (let i = 0; i < WARM_RUNS; i += 1) {
    if (i > 0) {
      await page.close();
      await new Promise((r) => setTimeout(r, 500));
    }
    demo.reset();
    page = await context.newPage();
    warms.push({ list: await signInAndWaitForList(page, demo.url, '/#/login'), form: lastFormUsable });
    warmBytes = demo.sent.app + demo.sent.pglite + demo.sent.snapshot;
  }
  if (WARM_RUNS > 1) console.log(`warm runs: ${warms.map((w) => w.list.toFixed(0)).join(', ')} ms`);
  const warm = median(warms.map((w) => w.list));
  const warmFormUsable = median(warms.map((w) => w.form));
  const demoList = DEMO_ONLY ? [] : await listTimes(page);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  if (DEMO_ONLY)
    rows.push(
      ['cold: URL → first signed-in list', seconds(cold), '≤ 4 s', cold <= 4000],
      ['warm: URL → first signed-in list', seconds(warm), '≤ 2 s', warm <= 2000],
      ['  of which until the form takes input: cold/warm', `${seconds(coldFormUsable)} / ${seconds(warmFormUsable)}`, '', null],
      ['warm bytes (revalidations)', kib(warmBytes), '', null],
    );
  else await compareWithServer({ cold, warm, coldFormUsable, warmFormUsable, bytes, warmBytes, demoList });
} finally {
  await browser.close();
  demo.close();
}

async function compareWithServer({ cold, warm, coldFormUsable, warmFormUsable, bytes, warmBytes, demoList }) {
  const server = await startEmbeddedServer();
  try {
    const serverContext = await browser.newContext({ locale: 'it-IT', viewport: { width: 1440, height: 900 } });
    const serverPage = await serverContext.newPage();
    const serverCold = await signInAndWaitForList(serverPage, server.url, '/#/login');
    const serverFormUsable = lastFormUsable;
    const serverList = await listTimes(serverPage);
    await serverContext.close();
    rows.push(
      ['cold: URL → first signed-in list', seconds(cold), '≤ 4 s', cold <= 4000],
      ['warm: URL → first signed-in list', seconds(warm), '≤ 2 s', warm <= 2000],
      ['  the same on the embedded server (for scale)', seconds(serverCold), '', null],
      ['  of which until the form takes input: cold/warm/server', `${seconds(coldFormUsable)} / ${seconds(warmFormUsable)} / ${seconds(serverFormUsable)}`, '', null],
      ['cold bytes: app code (gzip)', kib(bytes.app), '', null],
      ['cold bytes: PGlite (gzip)', kib(bytes.pglite), '', null],
      ['cold bytes: data snapshot', kib(bytes.snapshot), '', null],
      ['warm bytes (revalidations)', kib(warmBytes), '', null],
      [`list re-sorted, median of ${RUNS}: demo`, `${median(demoList).toFixed(0)} ms`, `≤ 2 × server`, median(demoList) <= 2 * median(serverList)],
      [`list re-sorted, median of ${RUNS}: embedded server`, `${median(serverList).toFixed(0)} ms`, '', null],
    );
  } finally {
    await server.stop();
  }
}
console.log('\nDemo benchmark (issue 15)\n');
for (const [name, value, limit, ok] of rows) console.log(`${name.padEnd(48)} ${value.padStart(10)}  ${limit.padEnd(14)} ${ok === null ? '' : ok ? 'ok' : 'OVER'}`);
if (rows.some(([, , , ok]) => ok === false)) process.exitCode = 1;
