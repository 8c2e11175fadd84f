/**
 * Host-neutral streams: what the exports and downloads answer with, on the Node server (Fastify
 * sends a web ReadableStream with back-pressure) and in the in-process host (host/lite.ts collects
 * it). Web streams and timers only: no Node import, so the API bundles for a browser.
 */

const encoder = new TextEncoder();

/**
 * A byte stream of `source`, pulled: one chunk is asked of `source` only when the reader has
 * taken the previous one (plus one read ahead, as `Readable.from` with a high-water mark of 1
 * did), so a batch-by-batch export keeps memory flat at any size. Strings go out as UTF-8.
 * Cancelling the stream (the client went away) returns the iterator, which runs its `finally`.
 * Not `ReadableStream.from`: Chrome lacks it.
 */
export function streamOf(source: AsyncIterable<string | Uint8Array>): ReadableStream<Uint8Array> {
  let iterator: AsyncIterator<string | Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        iterator ??= source[Symbol.asyncIterator]();
        // an empty chunk is not enqueued (a pull that enqueues nothing would not be called again)
        for (;;) {
          const next = await iterator.next();
          if (next.done) {
            controller.close();
            return;
          }
          const bytes = typeof next.value === 'string' ? encoder.encode(next.value) : next.value;
          if (bytes.byteLength > 0) {
            controller.enqueue(bytes);
            return;
          }
        }
      },
      async cancel(reason) {
        await iterator?.return?.(reason);
      },
    },
    { highWaterMark: 1 },
  );
}

/** One byte array of `chunks` (the chunk itself when there is one). */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** The chunks of a web ReadableStream or an async iterable, read with a reader where there is one (Safari's streams are not async-iterable). */
export async function* chunksOf<T>(source: ReadableStream<T> | AsyncIterable<T>): AsyncGenerator<T> {
  if (!('getReader' in source)) {
    yield* source;
    return;
  }
  const reader = source.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // stopped early (an error of the consumer): the producer is told, as a disconnect tells it
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

type Immediate = (callback: () => void) => unknown;
let channelTurn: (() => Promise<void>) | undefined;

/** A macrotask through a MessageChannel: no 4 ms clamp, unlike nested `setTimeout(0)` (browsers, workers). */
function viaChannel(): () => Promise<void> {
  const channel = new MessageChannel();
  const waiting: Array<() => void> = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  (channel.port1 as { unref?: () => void }).unref?.(); // where ports hold a process open (Node), this one does not
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}

/**
 * A full event-loop turn (a macrotask, not a microtask): a long export on embedded PGlite, which
 * runs its queries on this thread, gives other requests and the garbage collector their turn.
 * `setImmediate` where the host has it (Node), a MessageChannel message otherwise (a browser or
 * a Web Worker), `setTimeout(0)` as the last resort.
 */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: Immediate }).setImmediate;
  if (immediate) return new Promise((resolve) => immediate(resolve));
  if (typeof MessageChannel !== 'undefined') return (channelTurn ??= viaChannel())();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
