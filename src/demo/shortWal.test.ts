// @vitest-environment node
import { PGlite } from '@electric-sql/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import { withShortWal } from './shortWal';

/** the tarball's entries: name and size, from the ustar headers */
async function entries(gzipped: Blob) {
  const tar = new Uint8Array(await new Response(gzipped.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  const found: Array<{ name: string; size: number }> = [];
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) => new TextDecoder().decode(header.subarray(start, start + length)).replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    found.push({ name: field(0, 100), size });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return found;
}

describe('withShortWal (the demo snapshot)', () => {
  // this file runs in Node, as scripts/demo-data.ts does; the SPA project's setup
  // (src/test/setup.ts) clears the browser's storages after each test
  beforeAll(() => {
    for (const storage of ['localStorage', 'sessionStorage'] as const) (globalThis as Record<string, unknown>)[storage] ??= { clear() {} };
  });

  it('cuts the WAL segment after its written pages, and the database opens from it with its rows and writes on past the cut', async () => {
    const source = new PGlite();
    await source.exec(`CREATE TABLE cards (id int PRIMARY KEY, code text); INSERT INTO cards SELECT g, 'CARD-' || g FROM generate_series(1, 2000) g;`);
    // as scripts/demo-data.ts and the snapshot do: a fresh segment, then the checkpoint in it
    await source.query('SELECT pg_switch_wal()');
    await source.query('CHECKPOINT');
    const { segment } = (await source.query<{ segment: string }>('SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS segment')).rows[0]!;
    const dump = await source.dumpDataDir('gzip');
    await source.close();

    const short = new Blob([await withShortWal(dump)]);
    const walOf = async (blob: Blob) => (await entries(blob)).filter((entry) => /pg_wal\/[0-9A-F]{24}$/.test(entry.name)).sort((a, b) => a.name.localeCompare(b.name));
    const whole = await walOf(dump);
    const cut = await walOf(short);
    expect(whole.map((segment) => segment.size)).toEqual(whole.map(() => 16 * 1024 * 1024));
    expect(cut.map((segment) => segment.name)).toEqual(whole.map((segment) => segment.name));
    // the checkpoint's segment is its few written pages and an empty one (the others, recycled
    // ones the snapshot leaves out, keep their old records)
    expect(cut.find((entry) => entry.name.endsWith(segment))!.size).toBeLessThanOrEqual(4 * 8192);
    // every other file as it was
    const others = async (blob: Blob) => (await entries(blob)).filter((entry) => !/pg_wal\/[0-9A-F]{24}$/.test(entry.name));
    expect(await others(short)).toEqual(await others(dump));

    const db = new PGlite({ loadDataDir: short });
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cards')).rows[0]!.n).toBe(2000);
    // more WAL than a segment holds, written from the cut segment on, then a checkpoint
    await db.exec(`INSERT INTO cards SELECT g, repeat('x', 400) FROM generate_series(2001, 60000) g; CHECKPOINT;`);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cards')).rows[0]!.n).toBe(60000);
    await db.close();
  }, 120_000);
});
