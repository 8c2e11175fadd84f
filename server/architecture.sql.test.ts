import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles, ROOT } from '../tests/code-files';

/**
 * SQL lives in repositories (issue 46): a service says what it decides, a job what it runs, and
 * the statements they need are named functions of their module's repository, each written once.
 * Read from the code, not run.
 *
 * A repository file is `repository.ts`, `*.repository.ts`, the database layer itself, `db/**`
 * (client, migrations, schema, id lists, numbering, tenant scope), the demo seed `seed/` (data,
 * not rules: the demo's rows written in bulk; it stands above modules/, whose services it also
 * calls, so it is not in db/), or the list
 * machinery every repository's lists are built from (`lib/keyset.ts`: sort and cursor
 * conditions; `lib/ordered-pages.ts`; `lib/row-stream.ts`: batches for downloads) — kept in
 * lib/ because it answers with the API's errors and streams, which db/ does not import. A SQL fragment is a `sql` template
 * (`sql\`…\``, `sql<T>\`…\``), a query builder or statement called on a database handle
 * (`db`, `tx`, `pool`, `client` + `.select(`, `.selectDistinct(`, `.insert(`, `.update(`,
 * `.delete(`, `.execute(`, `.query(`), or a string starting with SELECT, INSERT INTO, UPDATE,
 * DELETE FROM or WITH. Tests and test support are not read.
 *
 * No other file holds SQL (480 fragments in 40 files at the start of this turn, 0 now): a file
 * that decides (a service, a job, a CSV's headers, a report's columns, a mail's text) asks its
 * repository for rows and values by name.
 */
/** server's code, tests and test support aside, relative to server/ */
const sources = () => codeFiles(['server']).map((file) => file.slice('server/'.length));

const LIST_MACHINERY = new Set(['lib/keyset.ts', 'lib/ordered-pages.ts', 'lib/row-stream.ts']);

const isRepositoryFile = (file: string) =>
  /(^|\/)repository\.ts$|\.repository\.ts$/.test(file) || file.startsWith('db/') || file.startsWith('seed/') || LIST_MACHINERY.has(file);

const FRAGMENTS = [
  /(?<!\bsql(?:<[^`;]*?>)?)[`'"]\s*(?:SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH)\s/g,
  /\bsql(?:<[^`;]*?>)?`/g,
  /\b(?:db|tx|pool|client)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query)\s*[(<]/g,
];

const sqlFragments = (text: string) => FRAGMENTS.reduce((n, re) => n + (text.match(re) ?? []).length, 0);

function outsideRepositories(): Map<string, number> {
  const found = new Map<string, number>();
  for (const rel of sources()) {
    if (isRepositoryFile(rel)) continue;
    const n = sqlFragments(readFileSync(path.join(ROOT, 'server', rel), 'utf8'));
    if (n > 0) found.set(rel, n);
  }
  return found;
}

describe('SQL lives in repositories (read from the code)', () => {
  it('counts what it should', () => {
    expect(sqlFragments("await tx.execute(sql`UPDATE t SET a = 1`)")).toBe(2);
    expect(sqlFragments('const [row] = await db\n  .select()\n  .from(t)')).toBe(1);
    expect(sqlFragments("timedRows(db, `SELECT 1 FROM jobs`, [])")).toBe(1);
    expect(sqlFragments("raw.query<T>('SELECT 1')")).toBe(1);
    expect(sqlFragments('await markJobDone(this.db, job.id); registry.delete(name)')).toBe(0);
    expect(isRepositoryFile('modules/orders/repository.ts')).toBe(true);
    expect(isRepositoryFile('modules/orders/items.repository.ts')).toBe(true);
    expect(isRepositoryFile('db/migrate.ts')).toBe(true);
    expect(isRepositoryFile('modules/orders/cards.ts')).toBe(false);
    expect(isRepositoryFile('lib/keyset.ts')).toBe(true);
    expect(isRepositoryFile('lib/streams.ts')).toBe(false);
    expect(isRepositoryFile('seed/tickets.ts')).toBe(true);
  });

  it('reads the code it guards: every server file, the repositories with their SQL', () => {
    const files = sources();
    expect(files).toContain('modules/orders/cards.ts');
    expect(files).toContain('modules/orders/cards.repository.ts');
    expect(files.some((file) => file.startsWith('test/') || file.endsWith('.test.ts'))).toBe(false);
    const inRepositories = files.filter(isRepositoryFile).reduce((n, file) => n + sqlFragments(readFileSync(path.join(ROOT, 'server', file), 'utf8')), 0);
    expect(inRepositories).toBeGreaterThan(500);
  });

  it('no file outside a repository holds SQL', () => {
    const found = [...outsideRepositories()].map(([file, n]) => `${file}: ${n}`);
    expect(found, 'SQL outside a repository: move it into its module repository, as a function named for what it asks').toEqual([]);
  });
});
