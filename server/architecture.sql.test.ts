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
 * (client, migrations, schema, id lists, numbering, tenant scope, demo seed), or the list
 * machinery every repository's lists are built from (`lib/keyset.ts`: sort and cursor
 * conditions; `lib/ordered-pages.ts`; `lib/row-stream.ts`: batches for downloads) — kept in
 * lib/ because it answers with the API's errors and streams, which db/ does not import. A SQL fragment is a `sql` template
 * (`sql\`…\``, `sql<T>\`…\``), a query builder or statement called on a database handle
 * (`db`, `tx`, `pool`, `client` + `.select(`, `.selectDistinct(`, `.insert(`, `.update(`,
 * `.delete(`, `.execute(`, `.query(`), or a string starting with SELECT, INSERT INTO, UPDATE,
 * DELETE FROM or WITH. Tests and test support are not read.
 *
 * Outside repositories, only the files below may still hold SQL, at most as many fragments as
 * listed: a ratchet that only goes down (lower a count when you move SQL out; a file at 0 leaves
 * the list). Services (`*service*.ts`) and jobs (`jobs/`, `*\/jobs.ts`) are at 0 and not listed.
 */
const LEFT_TO_MOVE: Record<string, number> = {
  'lib/csv-export.ts': 1,
  'lib/rate-limit-store.ts': 5,
  'modules/audit/export.ts': 14,
  'modules/audit/retention.ts': 3,
  'modules/catalog/activation.ts': 10,
  'modules/catalog/archive.ts': 5,
  'modules/catalog/generate.ts': 11,
  'modules/dashboard/stats.ts': 10,
  'modules/giftcards/card-filter.ts': 21,
  'modules/giftcards/export.ts': 21,
  'modules/integrated-orders/export.ts': 13,
  'modules/orders/cards.ts': 13,
  'modules/orders/emails.ts': 6,
  'modules/orders/export.ts': 28,
  'modules/reloadables/export.ts': 11,
  'modules/reloadables/notifications.ts': 7,
  'modules/reloadables/runs.execute.ts': 9,
  'modules/reloadables/runs.export.ts': 19,
  'modules/reloadables/runs.queue.ts': 8,
  'modules/reports/types/giftcard-transactions.ts': 19,
  'modules/reports/types/orders.ts': 9,
  'modules/reports/types/outstanding-balances.ts': 13,
  'modules/reports/types/reloads.ts': 5,
  'modules/reports/types/square-codes.ts': 14,
  'modules/reports/types/support.ts': 6,
  'modules/square/communications.sender.ts': 6,
  'modules/square/export.ts': 16,
  'modules/square/mail-queue.ts': 6,
};

/** server's code, tests and test support aside, relative to server/ */
const sources = () => codeFiles(['server']).map((file) => file.slice('server/'.length));

const LIST_MACHINERY = new Set(['lib/keyset.ts', 'lib/ordered-pages.ts', 'lib/row-stream.ts']);

const isRepositoryFile = (file: string) =>
  /(^|\/)repository\.ts$|\.repository\.ts$/.test(file) || file.startsWith('db/') || LIST_MACHINERY.has(file);

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
  });

  it('no service or job holds SQL, and no other file more than the list allows', () => {
    const found = outsideRepositories();
    const services = [...found.keys()].filter((file) => /service[^/]*\.ts$/.test(path.posix.basename(file)));
    const jobs = [...found.keys()].filter((file) => file.startsWith('jobs/') || file.endsWith('/jobs.ts'));
    expect(services, 'a service writes SQL: move it into its module repository, a function named for what it asks').toEqual([]);
    expect(jobs, 'a job writes SQL: move it into a repository').toEqual([]);
    const over = [...found].filter(([file, n]) => n > (LEFT_TO_MOVE[file] ?? 0)).map(([file, n]) => `${file}: ${n} (allowed ${LEFT_TO_MOVE[file] ?? 0})`);
    expect(over, 'SQL outside a repository: move it into one (or, moved, lower the count in LEFT_TO_MOVE)').toEqual([]);
  });

  it('the list only goes down: a file with fewer fragments than listed is lowered, one with none leaves it', () => {
    const found = outsideRepositories();
    const stale = Object.entries(LEFT_TO_MOVE)
      .filter(([file, n]) => (found.get(file) ?? 0) < n)
      .map(([file, n]) => `${file}: listed ${n}, holds ${found.get(file) ?? 0}`);
    expect(stale).toEqual([]);
  });
});
