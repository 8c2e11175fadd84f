// `npm run bench:start` (issue 45): how long `npm start` with existing data (embedded PGlite, the
// default) takes to its first answer and to ready, and the server's idle RSS after that start,
// beside the anchor: a bare `node -e` opening the same PGlite data folder and answering SELECT 1.
//
// Once: a data folder under /tmp seeded by a first start (then stopped). Then N times, alternating
// with the anchor: spawn what `npm start` runs (`node scripts/start.mjs`, the node of PATH — npm
// itself adds a wrapper process; the node measured here is the one holding the server), poll GET
// /healthz (first answer) and GET /readyz (200 = ready) every 10 ms from the spawn, wait 5 s with no
// request, read VmRSS of that node (/proc/<pid>/status) and its process.memoryUsage() (asked for
// with SIGUSR2 through a one-line --import probe), then SIGTERM.
//
// Env: BENCH_START_RUNS (default 5), BENCH_START_PORT (8931), BENCH_START_DIR (/tmp/tessera-bench-start),
// BENCH_START_IDLE_MS (5000), BENCH_START_FRESH=1 (seed the folder again).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const PORT = Number(process.env.BENCH_START_PORT ?? 8931);
const DIR = process.env.BENCH_START_DIR ?? '/tmp/tessera-bench-start';
const IDLE_MS = Number(process.env.BENCH_START_IDLE_MS ?? 5000);
const POLL_MS = 10;
const NODE = process.execPath;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// the probe: on SIGUSR2 the server's node writes its process.memoryUsage() on stderr (nothing else changes)
const PROBE = `data:text/javascript,process.on('SIGUSR2',()=>process.stderr.write('BENCH_MEM '+JSON.stringify(process.memoryUsage())+'\\n'))`;

function vmRss(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

async function get(pathname) {
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}${pathname}`, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

function startServer({ probe = true, entry = path.join(ROOT, 'scripts', 'start.mjs') } = {}) {
  const args = [...(probe ? [`--import=${PROBE}`] : []), entry];
  const child = spawn(NODE, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: DIR, DATABASE_URL: '', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

async function stop(server) {
  server.child.kill('SIGTERM');
  const result = await Promise.race([server.exited, sleep(15_000).then(() => null)]);
  if (!result) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  return result;
}

const builtAt = () => statSync(path.join(ROOT, 'dist-server', 'main.js'), { throwIfNoEntry: false })?.mtimeMs ?? 0;

async function oneStart(entry) {
  const before = builtAt();
  const began = performance.now();
  const server = startServer({ entry });
  let firstMs = null;
  let readyMs = null;
  let ended = null;
  server.exited.then((result) => (ended = result));
  while (readyMs === null) {
    if (ended) throw new Error(`the server exited (${JSON.stringify(ended)}) before it was ready:\n${server.output()}`);
    if (performance.now() - began > 120_000) throw new Error(`not ready after 120 s:\n${server.output()}`);
    if (firstMs === null) {
      if ((await get('/healthz')) !== 0) firstMs = performance.now() - began;
    }
    if (firstMs !== null && (await get('/readyz')) === 200) readyMs = performance.now() - began;
    else await sleep(POLL_MS);
  }
  await sleep(IDLE_MS);
  const rss = vmRss(server.child.pid);
  const sent = server.output().length;
  server.child.kill('SIGUSR2');
  let memory = null;
  for (let i = 0; i < 100 && !memory; i++) {
    await sleep(10);
    const line = /BENCH_MEM (.*)\n/.exec(server.output().slice(sent));
    if (line) memory = JSON.parse(line[1]);
  }
  const stopped = await stop(server);
  if (stopped?.code !== 0) console.error(`the server's stop ended ${JSON.stringify(stopped)}; its output's end:\n${server.output().slice(-3000)}`);
  const out = server.output();
  const phases = /"startMs":(\{[^}]*\})/.exec(out);
  const cpu = /"startCpuMs":(\{[^}]*\})/.exec(out);
  return { firstMs, readyMs, rss, memory, stopped, pid: server.child.pid, phases: phases ? JSON.parse(phases[1]) : null, cpu: cpu ? JSON.parse(cpu[1]) : null, waitedForBuild: builtAt() !== before || /is building: waiting|Building|rebuilding|server built/.test(out) };
}

// the anchor: what PGlite itself costs — a bare node opening the same folder, answering SELECT 1
const ANCHOR = `
const t0 = performance.now();
const { PGlite } = await import('@electric-sql/pglite');
const db = new PGlite(process.argv[1]);
await db.waitReady;
await db.query('SELECT 1');
const ms = performance.now() - t0;
const sinceStart = performance.now(); // performance's origin is this process's start
const used = process.cpuUsage();
const cpuMs = (used.user + used.system) / 1000;
await new Promise((r) => setTimeout(r, ${IDLE_MS}));
const rss = Number(/VmRSS:\\s+(\\d+) kB/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
console.log(JSON.stringify({ ms, sinceStart, cpuMs, rss, memory: process.memoryUsage() }));
await db.close();
`;
function anchor() {
  const out = execFileSync(NODE, ['--input-type=module', '-e', ANCHOR, path.join(DIR, 'pglite')], { cwd: ROOT, encoding: 'utf8' });
  const result = JSON.parse(out.trim().split('\n').pop());
  // the node's start to SELECT 1 answered (node's own boot included), as the server's figure is measured from its spawn
  return { ...result, spawnMs: result.sinceStart };
}

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const mb = (bytes) => `${(bytes / 1048576).toFixed(0)} MB`;
const ms = (value) => `${Math.round(value)} ms`;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const lines = [];
const say = (line) => {
  console.log(line);
  lines.push(line);
};

if (process.env.BENCH_START_FRESH === '1') rmSync(DIR, { recursive: true, force: true });
if (!existsSync(path.join(DIR, 'pglite', 'PG_VERSION'))) {
  mkdirSync(DIR, { recursive: true });
  console.log(`seeding ${DIR} with a first start…`);
  const first = await oneStart();
  console.log(`first start (build check, migrations, seed): ready in ${ms(first.readyMs)}`);
}

say(`bench:start — \`npm start\` (node scripts/start.mjs) with existing data, embedded PGlite in ${DIR}, ${RUNS} runs, port ${PORT}`);
say(`node ${process.version}, idle wait ${IDLE_MS} ms; load before: ${load()}`);
const starts = [];
const anchors = [];
// BENCH_START_BEFORE=<another build's dist-server/main.js> (e.g. an older commit's, built apart):
// measured too, interleaved, run directly (without start.mjs's staleness check)
const BEFORE = process.env.BENCH_START_BEFORE;
const befores = [];
for (let i = 0; i < RUNS; i++) {
  if (BEFORE) {
    const old = await oneStart(BEFORE);
    befores.push(old);
    say(`before ${i + 1}: first answer ${ms(old.firstMs)}, ready ${ms(old.readyMs)}, idle RSS ${mb(old.rss)}` + (old.memory ? ` (heapTotal ${mb(old.memory.heapTotal)}, external ${mb(old.memory.external)})` : '') + ` exit ${old.stopped?.code ?? 'killed'} | load ${load()}`);
  }
  const run = await oneStart();
  starts.push(run);
  const a = anchor();
  anchors.push(a);
  say(
    `run ${i + 1}: first answer ${ms(run.firstMs)}, ready ${ms(run.readyMs)}, idle RSS ${mb(run.rss)}` +
      (run.memory ? ` (heapUsed ${mb(run.memory.heapUsed)}, heapTotal ${mb(run.memory.heapTotal)}, external ${mb(run.memory.external)}, arrayBuffers ${mb(run.memory.arrayBuffers)})` : '') +
      ` exit ${run.stopped?.code ?? 'killed'}${run.waitedForBuild ? " [built, or waited for another start's build: not a plain restart]" : ''}` +
      (run.phases ? `\n       phases (ms since the process began): ${Object.entries(run.phases).map(([k, v]) => `${k} ${v}`).join(', ')}` : '') +
      (run.cpu ? `\n       CPU time by then (ms): ${Object.entries(run.cpu).map(([k, v]) => `${k} ${v}`).join(', ')}` : '') +
      `\n       anchor: SELECT 1 in ${ms(a.ms)} (spawn→answer ${ms(a.spawnMs)}), RSS ${mb(a.rss)} | load ${load()}`,
  );
}
const row = (label, values, format) => `${label.padEnd(34)} p50 ${format(pct(values, 50)).padStart(7)}   max ${format(Math.max(...values)).padStart(7)}`;
say('');
say(row('server: spawn → first answer', starts.map((s) => s.firstMs), ms));
say(row('server: spawn → ready (/readyz 200)', starts.map((s) => s.readyMs), ms));
say(row('server: idle RSS (VmRSS)', starts.map((s) => s.rss), mb));
const withMemory = starts.filter((s) => s.memory);
if (withMemory.length) {
  say(row('  of which V8 heap (heapTotal)', withMemory.map((s) => s.memory.heapTotal), mb));
  say(row('  external (PGlite WASM memory…)', withMemory.map((s) => s.memory.external), mb));
}
const timed = starts.filter((s) => s.phases && s.cpu);
if (timed.length) {
  const names = Object.keys(timed[0].phases);
  say('server phases, p50 of each step (wall ms | CPU ms): ' + names.map((name, i) => {
    return `${i ? `${names[i - 1]}→` : 'spawn→'}${name} ${Math.round(pct(timed.map((s) => s.phases[name] - (i ? s.phases[names[i - 1]] : 0)), 50))} | ${Math.round(pct(timed.map((s) => s.cpu[name] - (i ? s.cpu[names[i - 1]] : 0)), 50))}`;
  }).join(', '));
  say(row('server: CPU time to jobsStarted', timed.map((s) => s.cpu.jobsStarted), ms));
}
if (befores.length) {
  say(row(`before (${path.relative(ROOT, BEFORE)}): first answer`, befores.map((s) => s.firstMs), ms));
  say(row('before: ready', befores.map((s) => s.readyMs), ms));
  say(row('before: idle RSS', befores.map((s) => s.rss), mb));
}
say(row('anchor: spawn → SELECT 1 answered', anchors.map((a) => a.spawnMs), ms));
say(row('anchor: PGlite open → SELECT 1', anchors.map((a) => a.ms), ms));
say(row('anchor: CPU time to SELECT 1', anchors.map((a) => a.cpuMs), ms));
say(row('anchor: idle RSS', anchors.map((a) => a.rss), mb));
say(row('anchor: external', anchors.map((a) => a.memory.external), mb));
say('');
const firstP50 = pct(starts.map((s) => s.firstMs), 50);
const rssP50 = pct(starts.map((s) => s.rss), 50);
say(`targets: first answer ≤ 1000 ms (p50 ${ms(firstP50)}: ${firstP50 <= 1000 ? 'met' : 'NOT met'}), idle RSS ≤ 300 MB (p50 ${mb(rssP50)}: ${rssP50 <= 300 * 1048576 ? 'met' : 'NOT met'})`);
say(`server beyond the anchor: first answer +${ms(firstP50 - pct(anchors.map((a) => a.spawnMs), 50))}, RSS +${mb(rssP50 - pct(anchors.map((a) => a.rss), 50))}; load after: ${load()}`);

mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(ROOT, 'bench', 'results', 'start-pglite.txt'), `${lines.join('\n')}\n`);
