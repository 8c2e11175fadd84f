import { openPglite } from './client';
import { runMigrations } from './migrate';
import type { Db } from './client';

/**
 * A PGlite data directory, migrated and optionally seeded, dumped as one gzipped tarball: built
 * once, loaded in a fraction of the time migrating takes (tests: server/test/global-setup.ts;
 * the demo's database is the next use). `prepare` runs after the migrations (a seed).
 */
export async function pgliteSnapshot(prepare?: (db: Db) => Promise<unknown>): Promise<Blob> {
  const handle = await openPglite(null);
  try {
    await runMigrations(handle);
    if (prepare) await prepare(handle.db);
    // a checkpoint first, so the dump holds every page and no WAL to replay
    await handle.pglite!.query('CHECKPOINT');
    return await handle.pglite!.dumpDataDir('gzip');
  } finally {
    await handle.close();
  }
}
