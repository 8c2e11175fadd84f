import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The one walk of the repository for the tests that read the code (imports' direction, SQL's
 * place, dead exports, README paths, the one number formatter, where work is queued): the files
 * git holds or would hold (tracked, and new ones not ignored), so a build's output, the data
 * folder and node_modules are never read, here or in a fresh clone. Paths are the repository's,
 * with `/`.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A test, a test's helper or fixture: `*.test.ts(x)`, `*.spec.ts`, `*test-helper*`, `*test-support.ts`, anything in a `test/` or `tests/` folder. */
export const isTestCode = (file: string) =>
  /\.(?:test|spec)\.tsx?$|test-helper|(^|[./])test-support\.ts$|(^|\/)tests?\//.test(file);

/** Every file under the folders (`.` for all). */
export function repositoryFiles(under: readonly string[]): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...under], { cwd: ROOT, encoding: 'utf8' });
  // a file deleted in the work tree but still in the index is not code any more
  return out.split('\n').filter((file) => file && existsSync(path.join(ROOT, file)));
}

/** TypeScript source under the folders, tests and declaration files aside. */
export function codeFiles(under: readonly string[]): string[] {
  return repositoryFiles(under).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !isTestCode(file));
}

/** Every README.md of the repository. */
export function readmeFiles(): string[] {
  return repositoryFiles(['.']).filter((file) => path.posix.basename(file) === 'README.md');
}
