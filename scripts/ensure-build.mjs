// `npm start` builds the SPA only when dist/ is missing or older than its sources,
// so a fresh clone needs nothing but `npm install && npm start`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const builtAt = (() => {
  const index = join(root, 'dist', 'index.html');
  return existsSync(index) ? statSync(index).mtimeMs : 0;
})();

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

const sources = ['src', 'domain', 'locales', 'public', 'index.html', 'vite.config.ts', 'package.json'];
const newestSource = Math.max(...sources.map((s) => newestMtime(join(root, s))));

if (builtAt === 0 || newestSource > builtAt) {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Sources changed: rebuilding the web app…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
