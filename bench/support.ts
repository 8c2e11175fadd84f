import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, type DbHandle } from '../server/db/client';
import { openPostgres } from '../server/db/postgres';

export interface BenchDatabase {
  handle: DbHandle;
  label: 'pglite' | 'postgres';
  /** drops the throwaway database (unless kept or reused) */
  drop: () => Promise<void>;
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * The benchmarks' database: PGlite in memory, or with BENCH_DATABASE_URL a throwaway PostgreSQL
 * database created next to that URL's (`<prefix>_<random>`) and dropped by `drop()`.
 * `reuse` names a kept database to measure again; `keep` leaves the new one in place.
 */
export async function openBenchDatabase(prefix: string, pool: number, options: { reuse?: string; keep?: boolean; log?: (message: string) => void } = {}): Promise<BenchDatabase> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { handle: await openPglite(null), label: 'pglite', drop: async () => undefined };
  const name = options.reuse ?? `${prefix}_${randomBytes(4).toString('hex')}`;
  if (!options.reuse) await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    handle: openPostgres(url.toString(), pool),
    label: 'postgres',
    drop: async () => {
      if (options.keep || options.reuse) return options.log?.(`kept database ${name}`);
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Prints a line and keeps it for the results file. */
export function benchLog(): { lines: string[]; log: (message: string) => void } {
  const lines: string[] = [];
  return {
    lines,
    log: (message: string) => {
      lines.push(message);
      console.log(message);
    },
  };
}
