/**
 * The product's one file storage: where made files (batch archives) are kept and read back.
 * Services and routes reach it as `ctx.files` and know keys only, never paths; the host picks
 * the implementation: the Node server a folder under DATA_DIR (files.disk.ts) or, for several
 * instances sharing files, an S3-compatible bucket (files.s3.ts, FILE_STORAGE=s3, chosen in
 * files.config.ts); the in-process host memory (files.memory.ts). Nothing here imports the S3
 * one: the demo's browser build bundles this module.
 */
export interface FileStorage {
  /**
   * Writes the whole body under `key`, replacing what was there. The file appears only when
   * complete (atomic): a body that fails, or a write that fails, leaves no file and any previous
   * one untouched, and the error is thrown as it came. The body is read as the storage takes it.
   */
  put(key: string, body: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>, contentType?: string): Promise<{ size: number }>;
  /** The file's bytes as a stream; null when there is none. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /** The file's size in bytes; null when there is none. */
  size(key: string): Promise<number | null>;
  /** Deletes the file; nothing when there is none. */
  remove(key: string): Promise<void>;
  /**
   * Whether the storage can be reached now, as cheaply as it can tell (readiness, plugins/health.ts):
   * resolves when it can, throws why not. Reads and writes no file. A storage without one (a test's
   * stand-in) is taken as reachable.
   */
  probe?(): Promise<void>;
  /**
   * Removes what writes that never finished left behind (a process killed mid-put: a disk's
   * temporary file, a bucket's multipart upload and its parts), when its last sign of life is
   * older than `olderThan`; answers how many it removed. A put in progress shows a sign of life at
   * least every WRITE_HEARTBEAT_MS, so with `olderThan` UNFINISHED_AFTER_MS back it is never
   * taken, whichever instance writes it. A storage where nothing outlives its process (memory, a
   * test's stand-in) has none.
   */
  sweepUnfinished?(olderThan: Date): Promise<number>;
  /** Lets go of what the storage holds open (a bucket client's sockets); called once, when the server closes. */
  close?(): void;
}

/** How often a put in progress shows it is alive (refreshes its temporary file or marker), however slowly its body comes. */
export const WRITE_HEARTBEAT_MS = 60_000;
/**
 * How long unfinished-write debris is kept after its last sign of life before the cleanup job
 * sweeps it (sweepUnfinished): sixty heartbeats, so a live write (a stalled event loop, a clock a
 * few minutes apart between instances) is never taken for debris.
 */
export const UNFINISHED_AFTER_MS = 60 * 60_000;

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY = 512;

/**
 * A key as every storage takes it: a relative name of `/`-separated segments of letters, digits,
 * `.`, `_` and `-`, none starting with a dot (so no `..`, no hidden temporary names), e.g.
 * `archives/batch-<id>.pdf`. Anything else (absolute, `..`, backslashes, empty segments) is
 * refused with a TypeError before a storage touches anything.
 */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY || !key.split('/').every((segment) => SEGMENT.test(segment))) {
    throw new TypeError(`Not a file key: ${JSON.stringify(key)}`);
  }
  return key;
}
