import { createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type FileStorage } from './files';
import { chunksOf } from './streams';

/** bytes per read of a download */
const CHUNK = 64 * 1024;

const missing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';

/**
 * Files in a folder (the Node server's DATA_DIR): a key is a path under it (`archives/x.pdf` →
 * `<root>/archives/x.pdf`). A put writes a hidden temporary file beside the final one (same
 * folder, so the same file system) and renames it when whole: readers see the old file or the
 * new one, never half of one, and a failed put removes its temporary file. System errors (EEXIST,
 * ENOSPC…) are thrown as they come, with their code.
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
    async probe() {
      // the folder is there (made if it is not yet) and this process may write in it
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK | constants.X_OK);
    },
  };
}
