import { checkKey, type FileStorage } from './files';
import { chunksOf, concatBytes } from './streams';

/** bytes per chunk of a read */
const CHUNK = 64 * 1024;

/**
 * Files kept in memory, for the in-process host (the demo's browser, where there is no disk;
 * they last as long as the host) and tests. No Node import. A put keeps its chunks aside and
 * stores them only when the body has ended, so a failed put leaves nothing.
 */
export function createMemoryStorage(): FileStorage {
  const files = new Map<string, { bytes: Uint8Array; contentType?: string }>();
  return {
    async put(key, body, contentType) {
      checkKey(key);
      const chunks: Uint8Array[] = [];
      for await (const chunk of chunksOf(body)) chunks.push(chunk.slice()); // a copy: the producer may reuse its buffer
      const bytes = concatBytes(chunks.length === 0 ? [new Uint8Array(0)] : chunks);
      files.set(key, { bytes, contentType });
      return { size: bytes.byteLength };
    },
    async get(key) {
      const file = files.get(checkKey(key));
      if (!file) return null;
      const { bytes } = file;
      let at = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (at >= bytes.byteLength) {
            controller.close();
            return;
          }
          controller.enqueue(bytes.slice(at, at + CHUNK));
          at += CHUNK;
        },
      });
    },
    async size(key) {
      return files.get(checkKey(key))?.bytes.byteLength ?? null;
    },
    async remove(key) {
      files.delete(checkKey(key));
    },
    async probe() {
      // always there while the host lives
    },
  };
}
