// `npm start` builds what is missing or older than its sources: the web app (dist/, with its
// .br/.gz siblings) and the compiled server (dist-server/), so a fresh clone needs nothing but
// `npm install && npm start`, and a restart compiles nothing.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT as root, SERVER_ENTRY, buildServer } from './build-server.mjs';

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

const TEST_FILE = /\.test(-helper)?\.[cm]?[jt]sx?$/;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    // tests are in no build: editing one rebuilds nothing
    if (entry === 'node_modules' || entry.startsWith('.') || TEST_FILE.test(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const newestOf = (sources) => Math.max(...sources.map((s) => newestMtime(join(root, s))));

const SPA_SOURCES = ['src', 'domain', 'locales', 'public', 'index.html', 'vite.config.ts', 'package.json'];
const SERVER_SOURCES = ['server', 'domain', 'package.json', 'scripts/build-server.mjs'];

export function ensureSpa() {
  const builtAt = mtime(join(root, 'dist', 'index.html'));
  if (builtAt !== 0 && newestOf(SPA_SOURCES) <= builtAt) return;
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Sources changed: rebuilding the web app…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export async function ensureServer() {
  const builtAt = mtime(SERVER_ENTRY);
  if (builtAt !== 0 && newestOf(SERVER_SOURCES) <= builtAt) return;
  if (builtAt !== 0) console.log('Sources changed: rebuilding the server…');
  await buildServer({ quiet: builtAt !== 0 });
}

/** The build's lock: two `npm start` in one checkout build one at a time (node_modules is ignored by git). */
export const BUILD_LOCK = join(root, 'node_modules', '.cache', 'tessera-build.lock');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM'; // there, another user's
  }
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` holding the lock file `lock` (its content: the holder's pid). Taken with an
 * exclusive create; while another live process holds it, waits (polling every `pollMs`, at most
 * `waitMs`, then throws); a lock left by a dead pid (a killed start) is taken over. Released when
 * `work` ends, or when the process exits inside it (a failed build's process.exit).
 */
export async function withBuildLock(lock, work, { pollMs = 200, waitMs = 15 * 60_000, log = console.log } = {}) {
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    try {
      holder = Number.parseInt(readFileSync(lock, 'utf8'), 10);
    } catch (error) {
      if (error.code === 'ENOENT') continue; // released meanwhile
      throw error;
    }
    // a lock just created may not hold its pid yet (empty): a second's grace before it counts as dead
    const young = Number.isNaN(holder) && Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs < 1000;
    if (!young && (Number.isNaN(holder) || !alive(holder))) {
      // the holder died: taken over (read again first, so a lock another start has just taken stays)
      try {
        const again = Number.parseInt(readFileSync(lock, 'utf8'), 10);
        if (again === holder || (Number.isNaN(holder) && Number.isNaN(again))) unlinkSync(lock);
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
      continue;
    }
    if (Date.now() > deadline) throw new Error(`the build lock ${lock} is held by pid ${holder} for too long`);
    if (!told) {
      log(`Another start (pid ${holder}) is building: waiting for it…`);
      told = true;
    }
    await sleep(pollMs);
  }
  const release = () => {
    try {
      if (readFileSync(lock, 'utf8') === String(process.pid)) unlinkSync(lock);
    } catch {
      // gone already
    }
  };
  process.once('exit', release);
  try {
    return await work();
  } finally {
    process.removeListener('exit', release);
    release();
  }
}

/** Builds what is stale, one start at a time: a second start waits for the first, then finds the build fresh. */
export async function ensureBuild() {
  await withBuildLock(BUILD_LOCK, async () => {
    ensureSpa();
    await ensureServer();
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureBuild();
}
