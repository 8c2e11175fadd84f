import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunksOf, concatBytes, nextTurn, streamOf } from './streams';

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunksOf(stream)) parts.push(chunk);
  return parts.length ? decode(concatBytes(parts)) : '';
}

describe('streamOf', () => {
  it('sends strings as UTF-8 and bytes as they are, leaving out empty chunks', async () => {
    async function* source() {
      yield '\uFEFFcode;città\r\n';
      yield '';
      yield new TextEncoder().encode('A1;Roma\r\n');
    }
    const reader = streamOf(source()).getReader();
    const first = await reader.read();
    expect(first.value).toBeInstanceOf(Uint8Array);
    expect(decode(first.value!)).toBe('\uFEFFcode;città\r\n');
    expect(decode((await reader.read()).value!)).toBe('A1;Roma\r\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('asks its source for a chunk only as the reader takes them (one read ahead)', async () => {
    let asked = 0;
    async function* source() {
      for (let i = 0; i < 1000; i += 1) {
        asked += 1;
        yield `batch ${i}\n`;
      }
    }
    const reader = streamOf(source()).getReader();
    for (let i = 0; i < 5; i += 1) await nextTurn();
    expect(asked).toBeLessThanOrEqual(1);
    await reader.read();
    await reader.read();
    for (let i = 0; i < 5; i += 1) await nextTurn();
    expect(asked).toBeLessThanOrEqual(3);
    await reader.cancel();
  });

  it('ends its source when the reader cancels (a client gone), and passes a failure on', async () => {
    let finished = false;
    async function* endless() {
      try {
        for (;;) yield 'row\n';
      } finally {
        finished = true;
      }
    }
    const reader = streamOf(endless()).getReader();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);

    async function* failing() {
      yield 'header\n';
      throw new Error('query failed');
    }
    await expect(readAll(streamOf(failing()))).rejects.toThrow('query failed');
  });
});

describe('chunksOf', () => {
  it('reads a web stream through its reader, and an async iterable as it is', async () => {
    expect(await readAll(streamOf((async function* () { yield 'a'; yield 'b'; })()))).toBe('ab');
    const seen: string[] = [];
    for await (const chunk of chunksOf((async function* () { yield 'x'; yield 'y'; })())) seen.push(chunk);
    expect(seen).toEqual(['x', 'y']);
  });
});

describe('nextTurn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for a macrotask, with setImmediate or, where there is none, a MessageChannel', async () => {
    for (const host of ['node', 'browser'] as const) {
      if (host === 'browser') vi.stubGlobal('setImmediate', undefined);
      const order: string[] = [];
      queueMicrotask(() => order.push('microtask'));
      setTimeout(() => order.push('timer'), 50);
      await nextTurn();
      order.push('turn');
      expect(order, host).toEqual(['microtask', 'turn']);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
});
