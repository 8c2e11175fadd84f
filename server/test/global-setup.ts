import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/postgres';
import { runMigrations } from '../db/migrate';
import { pgliteSnapshot } from '../db/snapshot';
import { seedDemoData } from '../seed/demo';

export type SnapshotKind = 'migrated' | 'seeded';

declare module 'vitest' {
  export interface ProvidedContext {
    /** where the PGlite snapshots of this run are (`${kind}.tar.gz`) */
    pgliteSnapshots: string;
    /** the PostgreSQL template databases of this run, by kind (when TEST_DATABASE_URL is set) */
    postgresTemplates: Record<SnapshotKind, string> | null;
  }
}

const PREPARE: Record<SnapshotKind, ((db: Parameters<typeof seedDemoData>[0]) => Promise<unknown>) | undefined> = {
  migrated: undefined,
  // what createTestApp seeds by default
  seeded: (db) => seedDemoData(db),
};

/**
 * Once per test run: the databases tests start from, migrated and seeded once instead of in
 * every file — PGlite data directories dumped to files, and PostgreSQL template databases that
 * `CREATE DATABASE … TEMPLATE` copies (server/test/db.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-snapshots-'));
  const kinds = Object.keys(PREPARE) as SnapshotKind[];
  for (const kind of kinds) {
    const blob = await pgliteSnapshot(PREPARE[kind]);
    writeFileSync(path.join(dir, `${kind}.tar.gz`), new Uint8Array(await blob.arrayBuffer()));
  }
  project.provide('pgliteSnapshots', dir);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let templates: Record<SnapshotKind, string> | null = null;
  if (adminUrl) {
    templates = { migrated: `tessera_tpl_${process.pid}_migrated`, seeded: `tessera_tpl_${process.pid}_seeded` };
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (const kind of kinds) {
        await admin.query(`DROP DATABASE IF EXISTS ${templates[kind]} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${templates[kind]}`);
        const url = new URL(adminUrl);
        url.pathname = `/${templates[kind]}`;
        const handle = openPostgres(url.toString(), 2);
        try {
          await runMigrations(handle);
          await PREPARE[kind]?.(handle.db);
        } finally {
          await handle.close();
        }
      }
    } finally {
      await admin.end();
    }
  }
  project.provide('postgresTemplates', templates);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (!adminUrl || !templates) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of Object.values(templates)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
