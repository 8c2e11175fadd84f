import { openPglite } from './client';
import { runMigrations } from './migrate';
import type { Db } from './client';

/**
 * A PGlite data directory, migrated and optionally seeded, dumped as one gzipped tarball: built
 * once, loaded in a fraction of the time migrating takes (tests: server/test/global-setup.ts;
 * the demo's database: scripts/demo-data.ts). `prepare` runs after the migrations (a seed).
 */
export async function pgliteSnapshot(prepare?: (db: Db) => Promise<unknown>): Promise<Blob> {
  const handle = await openPglite(null);
  try {
    await runMigrations(handle);
    if (prepare) await prepare(handle.db);
    // a checkpoint first, so the dump holds every page and recovery has next to nothing to replay
    await handle.pglite!.query('CHECKPOINT');
    const { rows } = await handle.pglite!.query<WalPosition>(
      `SELECT w.file_name AS segment, w.file_offset AS "end", r.file_name AS "redoSegment", r.file_offset AS redo
         FROM pg_walfile_name_offset(pg_current_wal_insert_lsn()) w, pg_walfile_name_offset((pg_control_checkpoint()).redo_lsn) r`,
    );
    return await withoutStaleWal(await handle.pglite!.dumpDataDir('gzip'), rows[0]!);
  } finally {
    await handle.close();
  }
}

const BLOCK = 512;
const WAL_PAGE = 8192;
const WAL_SEGMENT = /(^|\/)pg_wal\/[0-9A-F]{24}$/;

/** where the WAL is written up to, and where recovery starts (the last checkpoint's redo point) */
interface WalPosition {
  segment: string;
  end: number;
  redoSegment: string;
  redo: number;
}

/**
 * The dump without the WAL nobody will read. Recovery reads from the checkpoint's redo point to
 * the first empty page, so only that stretch is kept: segments other than the current one are
 * left out (the checkpoint recycled them; their bytes are old records), and in the current one
 * the pages before the redo point (but the first, whose header is checked) and after the last
 * written one are zeroed, as in a fresh segment. The database opens the same; the seeded demo's
 * tarball shrinks by about half (≈12 → 6 MB). When the redo point is not in the current segment
 * (a checkpoint across a segment's end) the dump is kept whole.
 */
async function withoutStaleWal(dump: Blob, wal: WalPosition): Promise<Blob> {
  if (wal.redoSegment !== wal.segment) return dump;
  const tar = new Uint8Array(await new Response(dump.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  const kept: Uint8Array[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = text(header, 345, 155) ? `${text(header, 345, 155)}/${text(header, 0, 100)}` : text(header, 0, 100);
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const end = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const entry = tar.slice(at, end);
    if (!WAL_SEGMENT.test(name)) kept.push(entry);
    else if (name.endsWith(wal.segment)) {
      entry.fill(0, BLOCK + WAL_PAGE, BLOCK + Math.floor(wal.redo / WAL_PAGE) * WAL_PAGE);
      entry.fill(0, BLOCK + Math.ceil(wal.end / WAL_PAGE) * WAL_PAGE, BLOCK + size);
      kept.push(entry);
    }
    at = end;
  }
  kept.push(new Uint8Array(BLOCK * 2));
  return new Response(new Blob(kept as BlobPart[]).stream().pipeThrough(new CompressionStream('gzip'))).blob();
}

function text(bytes: Uint8Array, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const nul = field.indexOf(0);
  return new TextDecoder().decode(nul === -1 ? field : field.subarray(0, nul));
}
