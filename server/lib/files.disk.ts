import { createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, WRITE_HEARTBEAT_MS, type FileStorage } from './files';
import { chunksOf } from './streams';

/** bytes per read of a download */
const CHUNK = 64 * 1024;

const missing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** a put's temporary file: `.<final name>.<uuid>.part` beside the final one */
const PARTIAL = /^\..+\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;

/**
 * Files in a folder (the Node server's DATA_DIR): a key is a path under it (`archives/x.pdf` →
 * `<root>/archives/x.pdf`). A put writes a hidden temporary file beside the final one (same
 * folder, so the same file system) and renames it when whole: readers see the old file or the
 * new one, never half of one, and a failed put removes its temporary file. System errors (EEXIST,
 * ENOSPC…) are thrown as they come, with their code. A process killed mid-put leaves its
 * temporary file: while a put runs, the file's mtime is its heartbeat (each write moves it, and a
 * timer every WRITE_HEARTBEAT_MS while the body is slow to come), so sweepUnfinished removes the
 * temporary files whose mtime is older than its bound, anywhere under the folder.
 */
export function createDiskStorage(root: string): FileStorage {
  const pathOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  return {
    async put(key, body) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.${crypto.randomUUID()}.part`);
      let size = 0;
      async function* counted() {
        for await (const chunk of chunksOf(body)) {
          size += chunk.byteLength;
          yield chunk;
        }
      }
      const out = createWriteStream(partial);
      // the heartbeat: a body slow to come (a long query before its first row) writes nothing for a while
      const heartbeat = setInterval(() => {
        const now = new Date();
        utimes(partial, now, now).catch(() => undefined);
      }, WRITE_HEARTBEAT_MS);
      heartbeat.unref();
      try {
        // the file takes a chunk only when it has written the previous ones (back-pressure)
        await pipeline(Readable.from(counted(), { objectMode: false, highWaterMark: 1 }), out);
        await rename(partial, file);
      } catch (error) {
        // closed first: a stream still opening would otherwise create the file after its removal
        out.destroy();
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(partial, { force: true });
        throw error;
      } finally {
        clearInterval(heartbeat);
      }
      return { size };
    },
    async get(key) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      const close = () => handle.close().catch(() => undefined);
      const isFile = await handle.stat().then(
        (found) => found.isFile(),
        async (error: unknown) => {
          await close();
          throw error;
        },
      );
      if (!isFile) {
        await close();
        return null;
      }
      return new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            try {
              const buffer = new Uint8Array(CHUNK);
              const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
              if (bytesRead === 0) {
                await close();
                controller.close();
              } else controller.enqueue(buffer.subarray(0, bytesRead));
            } catch (error) {
              await close();
              throw error;
            }
          },
          cancel: close,
        },
        { highWaterMark: 0 },
      );
    },
    async size(key) {
      try {
        const found = await stat(pathOf(key));
        return found.isFile() ? found.size : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async sweepUnfinished(olderThan) {
      let removed = 0;
      const sweep = async (folder: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(folder, { withFileTypes: true });
        } catch (error) {
          if (missing(error)) return; // no folder yet, or removed meanwhile
          throw error;
        }
        for (const entry of entries) {
          const found = path.join(folder, entry.name);
          if (entry.isDirectory()) await sweep(found);
          else if (entry.isFile() && PARTIAL.test(entry.name)) {
            try {
              if ((await stat(found)).mtime >= olderThan) continue; // a put alive (here or on another instance)
              await rm(found, { force: true });
              removed += 1;
            } catch (error) {
              if (!missing(error)) throw error; // gone meanwhile: renamed by its put, or swept by another instance
            }
          }
        }
      };
      await sweep(root);
      return removed;
    },
    async probe() {
      // the folder is there (made if it is not yet) and this process may write in it
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK | constants.X_OK);
    },
  };
}
