import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkKey, type FileStorage } from './files';
import { createDiskStorage } from './files.disk';
import { createMemoryStorage } from './files.memory';
import { chunksOf, concatBytes } from './streams';

const text = (value: string) => new TextEncoder().encode(value);

async function* chunks(...parts: Array<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? text(part) : part;
}

/** yields `parts`, then fails */
async function* failing(...parts: string[]): AsyncGenerator<Uint8Array> {
  yield* chunks(...parts);
  throw new Error('the body failed');
}

async function read(files: FileStorage, key: string): Promise<string | null> {
  const body = await files.get(key);
  if (!body) return null;
  const parts: Uint8Array[] = [];
  for await (const chunk of chunksOf(body)) parts.push(chunk);
  return new TextDecoder().decode(concatBytes(parts.length ? parts : [new Uint8Array(0)]));
}

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** every file under a folder, relative (temporary ones included) */
function listed(root: string, under = ''): string[] {
  return readdirSync(path.join(root, under), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listed(root, path.join(under, entry.name)) : [path.join(under, entry.name)],
  );
}

/** The one behaviour every file storage has (lib/files.ts); `leftovers` lists what a storage holds, temporary files included. */
const storages: Array<{ name: string; make(): { files: FileStorage; leftovers(): string[] | null } }> = [
  {
    name: 'disk',
    make() {
      const root = mkdtempSync(path.join(tmpdir(), 'tessera-files-'));
      folders.push(root);
      return { files: createDiskStorage(root), leftovers: () => listed(root) };
    },
  },
  { name: 'memory', make: () => ({ files: createMemoryStorage(), leftovers: () => null }) },
];

describe.each(storages)('the $name file storage', ({ make }) => {
  it('gives back what was put, with its size, from an async iterable or a web stream', async () => {
    const { files } = make();
    expect(await files.put('archives/a.pdf', chunks('%PDF-', 'one ', '', 'two'), 'application/pdf')).toEqual({ size: 12 });
    expect(await read(files, 'archives/a.pdf')).toBe('%PDF-one two');
    expect(await files.size('archives/a.pdf')).toBe(12);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(text('from a '));
        controller.enqueue(text('stream'));
        controller.close();
      },
    });
    expect(await files.put('b.csv', stream)).toEqual({ size: 13 });
    expect(await read(files, 'b.csv')).toBe('from a stream');
    expect(await files.put('empty.txt', chunks())).toEqual({ size: 0 });
    expect(await read(files, 'empty.txt')).toBe('');
    expect(await files.size('empty.txt')).toBe(0);
  });

  it('streams a large file back whole, in several chunks', async () => {
    const { files } = make();
    const block = new Uint8Array(100_000).map((_, i) => i % 251);
    await files.put('big/file.bin', chunks(block, block, block));
    const body = (await files.get('big/file.bin'))!;
    const parts: Uint8Array[] = [];
    for await (const chunk of chunksOf(body)) parts.push(chunk);
    expect(parts.length).toBeGreaterThan(1);
    const whole = concatBytes(parts);
    expect(whole.byteLength).toBe(300_000);
    expect(whole.subarray(200_000)).toEqual(block);
  });

  it('replaces a file whole, and answers null for one that is not there', async () => {
    const { files } = make();
    await files.put('archives/a.pdf', chunks('first version'));
    await files.put('archives/a.pdf', chunks('second'));
    expect(await read(files, 'archives/a.pdf')).toBe('second');
    expect(await files.size('archives/a.pdf')).toBe(6);
    expect(await files.get('archives/none.pdf')).toBeNull();
    expect(await files.size('archives/none.pdf')).toBeNull();
    expect(await files.get('archives')).toBeNull(); // a folder on disk is no file
  });

  it('is atomic: a put whose body fails throws its error and leaves nothing, and the previous file untouched', async () => {
    const { files, leftovers } = make();
    await expect(files.put('archives/new.pdf', failing('half', ' of it'))).rejects.toThrow('the body failed');
    expect(await files.get('archives/new.pdf')).toBeNull();
    expect(await files.size('archives/new.pdf')).toBeNull();
    await files.put('archives/kept.pdf', chunks('the good one'));
    await expect(files.put('archives/kept.pdf', failing('a bad one'))).rejects.toThrow('the body failed');
    expect(await read(files, 'archives/kept.pdf')).toBe('the good one');
    const left = leftovers();
    if (left) expect(left).toEqual([path.join('archives', 'kept.pdf')]);
  });

  it('removes a file, and removing one that is not there is no error', async () => {
    const { files } = make();
    await files.put('archives/a.pdf', chunks('x'));
    await files.remove('archives/a.pdf');
    expect(await files.get('archives/a.pdf')).toBeNull();
    expect(await files.size('archives/a.pdf')).toBeNull();
    await expect(files.remove('archives/a.pdf')).resolves.toBeUndefined();
  });

  it('refuses keys that are not relative names, before touching anything', async () => {
    const { files, leftovers } = make();
    for (const key of ['', '/etc/passwd', '../outside.pdf', 'archives/../../outside.pdf', 'archives/./a.pdf', 'archives//a.pdf', 'archives/', 'a\\b.pdf', '.hidden', 'C:/x.pdf', 'x'.repeat(600)]) {
      await expect(files.put(key, chunks('x')), key).rejects.toThrow(TypeError);
      await expect(files.get(key), key).rejects.toThrow(TypeError);
      await expect(files.size(key), key).rejects.toThrow(TypeError);
      await expect(files.remove(key), key).rejects.toThrow(TypeError);
    }
    expect(leftovers() ?? []).toEqual([]);
  });
});

describe('file keys', () => {
  it('are relative names of plain segments', () => {
    expect(checkKey('archives/batch-0b1c.pdf')).toBe('archives/batch-0b1c.pdf');
    expect(checkKey('a_b/c-d/e.f.g')).toBe('a_b/c-d/e.f.g');
    expect(() => checkKey('archives/..')).toThrow(TypeError);
  });
});

describe('the disk file storage', () => {
  it('writes under its folder, key segments as folders, and throws system errors with their code', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tessera-files-'));
    folders.push(root);
    const files = createDiskStorage(root);
    await files.put('archives/batch-1.pdf', chunks('%PDF-'));
    expect(listed(root)).toEqual([path.join('archives', 'batch-1.pdf')]);
    // a file where the folder should be: the put fails as the file system says
    await files.put('blocked', chunks('a file'));
    await expect(files.put('blocked/x.pdf', chunks('x'))).rejects.toMatchObject({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) });
  });
});
