/**
 * Delivery benchmark (not part of npm test): what a browser downloads before the login form is
 * usable, and how long a restart takes. Prints a figures table.
 *
 *   node bench/delivery.mjs                      # both parts, on the current build (npm start builds it)
 *   BENCH_ONLY=login|start node bench/delivery.mjs
 *   BENCH_START_CMD="npx tsx server/main.ts" …   # time another start command (e.g. the old one)
 *   BENCH_RUNS=7 …                               # restarts timed (median printed)
 *
 * "Initial JavaScript for /login": every script Chromium fetches from a fresh profile until the
 * e-mail field of /login accepts input and the network is idle (entry, its static imports and
 * what the login route loads lazily), counted as transferred (encoded) bytes from the DevTools
 * protocol (with and without response headers), with the decoded size beside it. Once in Italian
 * and once in English: each downloads only its own language's texts. "Start": from spawning the server on an existing
 * data folder (PGlite) to its first answer to GET /config.js.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { ensureBuild } from '../scripts/ensure-build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.env.BENCH_ONLY;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const startCmd = (process.env.BENCH_START_CMD ?? 'node dist-server/main.js').split(' ');

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startServer(dataDir, port) {
  const started = performance.now();
  const child = spawn(startCmd[0], startCmd.slice(1), {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/config.js`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - started;
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { ms, stop };
}

async function loginScripts(port, locale) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ locale });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map();
    cdp.on('Network.responseReceived', (e) => {
      const header = (name) => e.response.headers[name] ?? e.response.headers[name.replace(/(^|-)\w/g, (c) => c.toUpperCase())];
      requests.set(e.requestId, { url: e.response.url, type: e.type, encoding: header('content-encoding') ?? '', body: Number(header('content-length') ?? 0), decoded: 0, encoded: 0 });
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.decoded += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.encoded = e.encodedDataLength;
    });
    const t0 = performance.now();
    await page.goto(`http://127.0.0.1:${port}/login`);
    await page.locator('input[name="email"]').waitFor({ state: 'visible', timeout: 60_000 });
    await page.locator('input[name="email"]').fill('probe@tessera.test');
    const interactiveMs = performance.now() - t0;
    await page.waitForLoadState('networkidle');
    const scripts = [...requests.values()].filter((r) => r.type === 'Script' && !r.url.endsWith('/config.js'));
    const sum = (key) => scripts.reduce((n, r) => n + r[key], 0);
    return { files: scripts.length, encoded: sum('encoded'), body: sum('body'), decoded: sum('decoded'), encodings: [...new Set(scripts.map((r) => r.encoding || 'identity'))].join(','), interactiveMs, scripts };
  } finally {
    await browser.close();
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
await ensureBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-delivery-'));
try {
  // first start: creates and seeds the embedded database, so later starts find an existing one
  const first = await startServer(dataDir, await freePort());
  await first.stop();

  if (!only || only === 'login') {
    const port = await freePort();
    const server = await startServer(dataDir, port);
    try {
      // Italian is the default language; English is the other one with texts of its own
      for (const locale of ['it-IT', 'en-GB']) {
        const r = await loginScripts(port, locale);
        for (const s of r.scripts) console.log(`  ${kb(s.encoded).padStart(10)} ${kb(s.body).padStart(10)} ${kb(s.decoded).padStart(10)}  ${s.encoding || 'identity'}  ${new URL(s.url).pathname}`);
        console.log(`/login initial JS (${locale}): ${r.files} files, ${kb(r.body)} compressed (${r.encodings}), ${kb(r.encoded)} on the wire with headers, ${kb(r.decoded)} decoded; form usable after ${r.interactiveMs.toFixed(0)} ms (local)`);
      }
    } finally {
      await server.stop();
    }
  }

  if (!only || only === 'start') {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const s = await startServer(dataDir, await freePort());
      times.push(s.ms);
      await s.stop();
    }
    times.sort((a, b) => a - b);
    console.log(`start (existing data folder → first /config.js answer), ${startCmd.join(' ')}: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms over ${runs}`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
