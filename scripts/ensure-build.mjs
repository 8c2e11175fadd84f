// `npm start` builds what is missing or older than its sources: the web app (dist/, with its
// .br/.gz siblings) and the compiled server (dist-server/), so a fresh clone needs nothing but
// `npm install && npm start`, and a restart compiles nothing.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT as root, SERVER_ENTRY, buildServer } from './build-server.mjs';

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
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
  await buildServer({ quiet: builtAt !== 0 });
}

export async function ensureBuild() {
  ensureSpa();
  await ensureServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureBuild();
}
