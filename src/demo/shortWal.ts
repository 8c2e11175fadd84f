/**
 * Build time (scripts/demo-data.ts): the demo's data directory made smaller to unpack. Its one WAL
 * segment (the snapshot's checkpoint starts it, after a WAL switch) is 16 MB of which a few pages
 * are written.
 */
const TAR_BLOCK = 512;
const WAL_PAGE = 8192;

/**
 * The tarball with its WAL segment cut after the last written page (and one empty page, where
 * the end of the WAL is read): PostgreSQL reads the segment from the checkpoint's redo point to
 * the first empty page and extends the file as it writes on, so the rest of its 16 MB, zeros,
 * only cost the browser the time to unpack them (≈15% of PGlite's start).
 */
export async function withShortWal(snapshot: Blob): Promise<Uint8Array<ArrayBuffer>> {
  const tar = new Uint8Array(await new Response(snapshot.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  const entries: Uint8Array[] = [];
  for (let at = 0; at + TAR_BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + TAR_BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = new TextDecoder().decode(header.subarray(0, 100)).replace(/\0.*$/s, '');
    const size = parseInt(new TextDecoder().decode(header.subarray(124, 136)).replace(/\0.*$/s, '').trim() || '0', 8);
    const end = at + TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
    let entry = tar.slice(at, end);
    if (/(^|\/)pg_wal\/[0-9A-F]{24}$/.test(name)) {
      const body = entry.subarray(TAR_BLOCK, TAR_BLOCK + size);
      let written = body.length;
      while (written > 0 && body[written - 1] === 0) written -= 1;
      const kept = Math.min(size, (Math.ceil(written / WAL_PAGE) + 1) * WAL_PAGE);
      entry = entry.slice(0, TAR_BLOCK + kept);
      entry.set(new TextEncoder().encode(`${kept.toString(8).padStart(11, '0')}\0`), 124);
      entry.fill(0x20, 148, 156);
      const sum = entry.subarray(0, TAR_BLOCK).reduce((total, byte) => total + byte, 0);
      entry.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
    }
    entries.push(entry);
    at = end;
  }
  entries.push(new Uint8Array(TAR_BLOCK * 2));
  const gzipped = new Blob(entries as BlobPart[]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(gzipped).arrayBuffer());
}
