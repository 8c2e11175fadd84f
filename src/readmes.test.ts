import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readmeFiles, ROOT } from '../tests/code-files';

/**
 * A README that names a file sends its reader there: every path it names must exist. A path is a
 * backticked `dir/file.ext` or `dir/` (with a slash, so `index.ts` alone is not checked), or the
 * target of a relative link; it is looked up beside the README, then in each folder above it up to
 * the repository's root (server/modules/audit/README.md's `db/client.ts` is server/db/client.ts).
 * Globs, placeholders (`{id}`, `DATA_DIR/…`) and API routes (`/api/…`) are no paths, nor is what
 * stands between `<!-- example paths -->` and `<!-- /example paths -->` (a walkthrough's files to
 * be written).
 */

const FILE = /^[\w.@-][\w.@-]*(\/[\w.@-]+)*\/[\w.@-]+\.(ts|tsx|mjs|js|json|md|sql|yml|yaml|css|html|sh|png|svg)$/;
const FOLDER = /^[\w.@-]+(\/[\w.@-]+)*\/$/;

/** the paths a README names, with their lines */
export function namedPaths(text: string): { line: number; path: string }[] {
  const found: { line: number; path: string }[] = [];
  let example = false;
  text.split('\n').forEach((line, index) => {
    if (line.includes('<!-- example paths -->')) example = true;
    if (line.includes('<!-- /example paths -->')) example = false;
    if (example) return;
    for (const [, code] of line.matchAll(/`([^`\s]+)`/g)) {
      if ((FILE.test(code) || FOLDER.test(code)) && !/^[A-Z_]+\//.test(code)) found.push({ line: index + 1, path: code });
    }
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^([a-z]+:|#|\/)/.test(target)) continue;
      found.push({ line: index + 1, path: decodeURIComponent(target.replace(/#.*$/, '')) });
    }
  });
  return found;
}

/**
 * What a clone cannot hold, so is not checked: a path outside the repository (`../shared/SPEC.md`)
 * or one the build, the server or the tests write (a path under an entry of .gitignore: `dist/`,
 * `dist-server/main.js`, `data/`).
 */
const IGNORED = readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''))
  .filter((line) => line && !line.startsWith('#') && !line.includes('*'));
export const unchecked = (named: string): boolean => named.startsWith('../') || IGNORED.some((entry) => named === entry || named.startsWith(`${entry}/`));

/** the README's folder and each one above it, up to the root ('') */
const foldersUp = (readme: string): string[] => {
  const dirs: string[] = [];
  for (let dir = path.posix.dirname(readme); dir !== '.'; dir = path.posix.dirname(dir)) dirs.push(dir);
  return [...dirs, ''];
};

describe('READMEs', () => {
  const files = readmeFiles();

  it('are all read, and a named path is recognised', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('src/README.md');
    expect(files.some((file) => file.startsWith('server/modules/'))).toBe(true);
    expect(namedPaths('see `server/lib/clock.ts`, `src/` and [the demo](src/demo/README.md#x); not `/api/x/y.ts` nor `DATA_DIR/a/`').map((p) => p.path)).toEqual([
      'server/lib/clock.ts',
      'src/',
      'src/demo/README.md',
    ]);
    expect(namedPaths('<!-- example paths -->\n`src/new/x.ts`\n<!-- /example paths -->\n`src/old/y.ts`')).toEqual([{ line: 4, path: 'src/old/y.ts' }]);
    expect(foldersUp('server/modules/audit/README.md')).toEqual(['server/modules/audit', 'server/modules', 'server', '']);
    expect(['../shared/SPEC.md', 'dist/', 'dist-server/main.js', 'src/demo/generated/host.json', 'server/lib/clock.ts', 'distant/x.ts'].filter(unchecked)).toEqual(['../shared/SPEC.md', 'dist/', 'dist-server/main.js', 'src/demo/generated/host.json']);
  });

  it('name only paths that exist', () => {
    const broken = files.flatMap((readme) =>
      namedPaths(readFileSync(path.join(ROOT, readme), 'utf8'))
        .filter(({ path: named }) => !unchecked(named) && !foldersUp(readme).some((dir) => existsSync(path.join(ROOT, dir, named))))
        .map(({ line, path: named }) => `${readme}:${line} ${named}`),
    );
    expect(broken, `paths that do not exist:\n${broken.join('\n')}`).toEqual([]);
  });
});
